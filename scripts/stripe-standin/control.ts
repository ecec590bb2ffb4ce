// Test controls (not Stripe's API, no key needed): make time pass, payments fail, subscriptions
// end and webhooks arrive twice or out of order, then answer what changed and which events went.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Billing } from "./billing.ts";
import type { Checkout } from "./checkout.ts";
import { invalidRequest, StripeRequestError } from "./errors.ts";
import { readBody, sendJson } from "./http.ts";
import { invoiceJson } from "./invoices.ts";
import { type SessionStore, type StoredSession, sessionJson } from "./sessions.ts";
import { subscriptionJson } from "./subscriptions.ts";
import type { WebhookSender } from "./webhooks.ts";

export type ControlDeps = {
  sessions: SessionStore;
  billing: Billing;
  checkout: Checkout;
  webhooks: WebhookSender;
  base: () => string;
};

type Params = URLSearchParams;
type Route = { pattern: RegExp; run: (deps: ControlDeps, id: string, params: Params) => Promise<unknown> };

const ID = "([A-Za-z0-9_]+)";

const ROUTES: Route[] = [
  { pattern: new RegExp(`^/__expire/${ID}$`), run: expire },
  { pattern: new RegExp(`^/__sessions/${ID}/settle$`), run: settle },
  { pattern: new RegExp(`^/__subscriptions/${ID}/advance$`), run: advance },
  { pattern: /^\/__control\/(advance)$/, run: advanceTo },
  { pattern: new RegExp(`^/__subscriptions/${ID}/cancel$`), run: cancel },
  { pattern: new RegExp(`^/__subscriptions/${ID}/end$`), run: end },
  { pattern: new RegExp(`^/__invoices/${ID}/pay$`), run: payInvoice },
  { pattern: new RegExp(`^/__events/${ID}/redeliver$`), run: redeliver },
  { pattern: /^\/__webhooks\/(hold)$/, run: hold },
  { pattern: /^\/__webhooks\/(release)$/, run: release },
];

/** Answers a POST to one of the controls; false when the path is none of them. */
export async function controlRoute(
  deps: ControlDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  if (req.method !== "POST") return false;
  for (const { pattern, run } of ROUTES) {
    const id = pattern.exec(url.pathname)?.[1];
    if (!id) continue;
    const body = await readBody(req);
    try {
      const params = paramsOf(url, body, req.headers["content-type"]);
      sendJson(res, 200, await run(deps, id, params));
    } catch (err) {
      if (!(err instanceof StripeRequestError)) throw err;
      sendJson(res, err.status, err.body);
    }
    return true;
  }
  return false;
}

/** Query, form or JSON body, whichever a test finds handiest. */
function paramsOf(url: URL, body: string, contentType: string | undefined): Params {
  const params = new URLSearchParams(url.searchParams);
  if (!body.trim()) return params;
  if (contentType?.includes("json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw invalidRequest("The request body is not valid JSON.");
    }
    if (parsed && typeof parsed === "object") {
      for (const [k, v] of Object.entries(parsed)) params.set(k, String(v));
    }
  } else {
    for (const [k, v] of new URLSearchParams(body)) params.set(k, v);
  }
  return params;
}

function notFound(kind: string, id: string): StripeRequestError {
  return new StripeRequestError(404, "invalid_request_error", `No such ${kind}: '${id}'`, {
    param: "id",
    code: "resource_missing",
  });
}

function oneOf<T extends string>(params: Params, name: string, allowed: readonly T[], fallback?: T): T {
  const value = params.get(name) ?? fallback;
  if (value === undefined) throw invalidRequest(`Missing required param: ${name}.`, name, "parameter_missing");
  if (!allowed.includes(value as T)) {
    throw invalidRequest(`Invalid ${name}: must be one of ${allowed.join(", ")}.`, name);
  }
  return value as T;
}

function session(deps: ControlDeps, id: string): StoredSession {
  const found = deps.sessions.get(id);
  if (!found) throw notFound("checkout.session", id);
  return found;
}

function subscription(deps: ControlDeps, id: string) {
  const found = deps.billing.subscription(id);
  if (!found) throw notFound("subscription", id);
  return found;
}

/** As if the session's 24 hours were up: checkout.session.expired. */
async function expire(deps: ControlDeps, id: string) {
  const found = session(deps, id);
  if (!deps.sessions.expire(found)) throw invalidRequest(`Session ${id} is ${found.status}, not open.`);
  const event = await deps.webhooks.send("checkout.session.expired", sessionJson(found, deps.base()), found.id);
  return { session: sessionJson(found, deps.base()), event };
}

async function settle(deps: ControlDeps, id: string) {
  const found = session(deps, id);
  const events = await deps.checkout.settle(found);
  const sub = deps.billing.subscription(found.subscription ?? "");
  const invoice = deps.billing.invoice(found.invoice ?? "");
  return {
    session: sessionJson(found, deps.base()),
    subscription: sub ? subscriptionJson(sub) : null,
    invoice: invoice ? invoiceJson(invoice) : null,
    events,
  };
}

async function advance(deps: ControlDeps, id: string, params: Params) {
  const sub = subscription(deps, id);
  const result = await deps.billing.advance(sub, oneOf(params, "outcome", ["paid", "failed"], "paid"));
  return {
    subscription: subscriptionJson(sub),
    invoice: result.invoice ? invoiceJson(result.invoice) : null,
    events: result.events,
  };
}

/**
 * `POST /__control/advance` `{ subscription, to: "period_end" }`: the same as
 * `/__subscriptions/:id/advance`. The stand-in's clock moves by whole periods only.
 */
async function advanceTo(deps: ControlDeps, _id: string, params: Params) {
  const id = params.get("subscription");
  if (!id) throw invalidRequest("Missing required param: subscription.", "subscription", "parameter_missing");
  oneOf(params, "to", ["period_end"], "period_end");
  return advance(deps, id, params);
}

async function cancel(deps: ControlDeps, id: string, params: Params) {
  const sub = subscription(deps, id);
  const atPeriodEnd = oneOf(params, "at_period_end", ["true", "false"]) === "true";
  const events = await deps.billing.cancel(sub, atPeriodEnd);
  return { subscription: subscriptionJson(sub), events };
}

async function end(deps: ControlDeps, id: string) {
  const sub = subscription(deps, id);
  const events = await deps.billing.end(sub);
  return { subscription: subscriptionJson(sub), events };
}

async function payInvoice(deps: ControlDeps, id: string) {
  const invoice = deps.billing.invoice(id);
  if (!invoice) throw notFound("invoice", id);
  const events = await deps.billing.payInvoice(invoice);
  const sub = deps.billing.subscription(invoice.subscription);
  return { invoice: invoiceJson(invoice), subscription: sub ? subscriptionJson(sub) : null, events };
}

async function redeliver(deps: ControlDeps, id: string) {
  const event = deps.webhooks.get(id);
  if (!event) throw notFound("event", id);
  return { event: await deps.webhooks.redeliver(event) };
}

async function hold(deps: ControlDeps) {
  deps.webhooks.hold();
  return { holding: true };
}

async function release(deps: ControlDeps, _id: string, params: Params) {
  const events = await deps.webhooks.release(oneOf(params, "order", ["fifo", "reverse"], "fifo"));
  return { holding: false, events };
}
