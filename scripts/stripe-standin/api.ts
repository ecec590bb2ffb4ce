// The part of Stripe's API the site calls, answered from the stand-in's memory.
import { type Billing, portalSessionJson } from "./billing.ts";
import { type CatalogueDeps, catalogueApi } from "./catalogue-api.ts";
import { validateCreateParams } from "./checkout-params.ts";
import { customerJson } from "./customers.ts";
import { found, invalidRequest, StripeRequestError } from "./errors.ts";
import { parseForm } from "./form.ts";
import { invoiceJson } from "./invoices.ts";
import { validatePortalParams } from "./portal-params.ts";
import { type RefundLedger, refundApi } from "./refunds.ts";
import { type SessionStore, type StoredSession, sessionJson } from "./sessions.ts";
import { subscriptionApi } from "./subscription-api.ts";
import { subscriptionJson } from "./subscriptions.ts";
import { type WebhookEndpoints, webhookEndpointApi } from "./webhook-endpoints.ts";
import type { WebhookSender } from "./webhooks.ts";

export type ApiDeps = CatalogueDeps & {
  sessions: SessionStore;
  billing: Billing;
  webhooks: WebhookSender;
  webhookEndpoints: WebhookEndpoints;
  refunds: RefundLedger;
  base: () => string;
  /** Idempotency keys already used: the body sent and the answer given. */
  replays: Map<string, { body: string; response: string }>;
};

export type ApiAnswer = { status: number; payload: unknown; headers?: Record<string, string> };

type Request = { method: string; url: URL; body: string; idempotencyKey: string | null };

const ID = "([A-Za-z0-9_]+)";

/** Answers one authenticated API call; throws StripeRequestError (or FormError) for what Stripe refuses. */
export async function callApi(deps: ApiDeps, request: Request): Promise<ApiAnswer> {
  const { method, url } = request;
  const path = url.pathname;
  const route = (verb: string, pattern: string) => (method === verb ? new RegExp(`^/v1/${pattern}$`).exec(path) : null);

  if (route("POST", "checkout/sessions")) return createSession(deps, request);
  const refunds = await refundApi(deps, request);
  if (refunds !== null) return refunds;
  let match = route("GET", `checkout/sessions/${ID}`);
  if (match?.[1]) {
    const expand = [...url.searchParams].filter(([k]) => k.startsWith("expand")).map(([, v]) => v);
    return ok(sessionJson(findSession(deps, match[1]), deps.base(), expand));
  }
  match = route("POST", `checkout/sessions/${ID}/expire`);
  if (match?.[1]) return expireSession(deps, match[1]);
  match = route("GET", `subscriptions/${ID}`);
  if (match?.[1]) return ok(subscriptionJson(found(deps.billing.subscription(match[1]), "subscription", match[1])));
  match = route("GET", `invoices/${ID}`);
  if (match?.[1]) return ok(invoiceJson(found(deps.billing.invoice(match[1]), "invoice", match[1])));
  match = route("GET", `customers/${ID}`);
  if (match?.[1]) return ok(customerJson(found(deps.billing.customer(match[1]), "customer", match[1])));
  if (route("POST", "billing_portal/sessions")) return createPortalSession(deps, request.body);
  const catalogue = catalogueApi(deps, request);
  if (catalogue !== null) return ok(catalogue);
  const subscriptions = await subscriptionApi(deps, request);
  if (subscriptions !== null) return ok(subscriptions);
  const endpoints = webhookEndpointApi(deps.webhookEndpoints, request);
  if (endpoints !== null) return ok(endpoints);
  throw invalidRequest(`Unrecognized request URL (${method}: ${path}).`);
}

function ok(payload: unknown): ApiAnswer {
  return { status: 200, payload };
}

function findSession(deps: ApiDeps, id: string): StoredSession {
  const session = deps.sessions.get(id);
  if (!session) throw invalidRequest(`No such checkout.session: '${id}'`, "session", "resource_missing");
  return session;
}

function createSession(deps: ApiDeps, { body, idempotencyKey }: Request): ApiAnswer {
  const previous = idempotencyKey ? deps.replays.get(idempotencyKey) : undefined;
  if (previous) {
    if (previous.body !== body) {
      throw new StripeRequestError(
        400,
        "idempotency_error",
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      );
    }
    return { status: 200, payload: JSON.parse(previous.response), headers: { "Idempotent-Replayed": "true" } };
  }
  const session = deps.sessions.create(validateCreateParams(parseForm(body), deps.catalogue));
  const payload = sessionJson(session, deps.base());
  if (idempotencyKey) deps.replays.set(idempotencyKey, { body, response: JSON.stringify(payload) });
  return ok(payload);
}

/** Stripe's POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
async function expireSession(deps: ApiDeps, id: string): Promise<ApiAnswer> {
  const session = findSession(deps, id);
  if (!deps.sessions.expire(session)) {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
    );
  }
  await deps.webhooks.send("checkout.session.expired", sessionJson(session, deps.base()), session.id);
  return ok(sessionJson(session, deps.base()));
}

function createPortalSession(deps: ApiDeps, body: string): ApiAnswer {
  const params = validatePortalParams(parseForm(body));
  if (!deps.billing.customer(params.customer)) {
    throw invalidRequest(`No such customer: '${params.customer}'`, "customer", "resource_missing");
  }
  const configuration = params.configuration
    ? found(deps.configurations.get(params.configuration), "billing_portal.configuration", params.configuration)
    : deps.configurations.defaultConfiguration();
  if (!configuration.active) {
    throw invalidRequest(
      `The configuration ${configuration.id} is not active; activate it to create portal sessions with it.`,
      "configuration",
    );
  }
  const portal = deps.billing.openPortal(params.customer, params.returnUrl, configuration.id);
  return ok(portalSessionJson(portal, deps.base()));
}
