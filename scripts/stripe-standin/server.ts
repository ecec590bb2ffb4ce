import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { callApi } from "./api.ts";
import { Billing } from "./billing.ts";
import { Catalogue } from "./catalogue.ts";
import { Checkout, DEFAULT_SETTLE_DELAY_MS } from "./checkout.ts";
import { controlRoute } from "./control.ts";
import { invalidRequest, StripeRequestError } from "./errors.ts";
import { FormError, flatForm } from "./form.ts";
import { header, readBody, redirect, sendHtml, sendJson, sendText } from "./http.ts";
import { notFoundPage, PAY_OUTCOMES, type PayOutcome, payPage, successUrl } from "./pay-page.ts";
import { PortalConfigurations } from "./portal-configurations.ts";
import { PORTAL_PATH, portalRoute } from "./portal-routes.ts";
import { RefundLedger, refundControlRoute } from "./refunds.ts";
import { randomId, SessionStore } from "./sessions.ts";
import { WebhookEndpoints } from "./webhook-endpoints.ts";
import { WebhookSender } from "./webhooks.ts";

export type StripeStandinOptions = {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /**
   * Answer every API call with this HTTP status and a Stripe error, to test failures: 400 is an
   * invalid_request_error, 429 a rate_limit_error, 5xx an api_error.
   */
  fail?: number;
  /** Wait this long before answering each API call, to test timeouts. */
  delayMs?: number;
  /**
   * Signing secret of the site's webhook endpoint: with it, paying or expiring a session (and the
   * billing controls) make signed events (recorded at GET /__events).
   */
  webhookSecret?: string;
  /** Where those events are POSTed (e.g. http://127.0.0.1:8787/stripe/webhook); unset: recorded only. */
  webhookUrl?: string;
  /**
   * How long a bank debit chosen on the test page stays pending before it settles (default 2000);
   * null: only when a test calls POST /__sessions/:id/settle.
   */
  asyncPaymentDelayMs?: number | null;
};

/** One write (a create or an update) as the stand-in received it, for tests to assert on (GET /__requests). */
export type RecordedRequest = {
  method: string;
  path: string;
  /** The form pairs exactly as sent (a GET's query), e.g. `{"line_items[0][price]": "price_…"}`. */
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: boolean;
  stripeVersion: string | null;
  status: number;
  receivedAt: string;
};

export type StripeStandin = {
  url: string;
  port: number;
  requests: () => RecordedRequest[];
  close: () => Promise<void>;
};

/** The calls tests assert on: the objects the site creates, and the catalogue's writes. */
const RECORDED_PATHS = new Set(["/v1/checkout/sessions", "/v1/billing_portal/sessions"]);
const RECORDED_PREFIXES = ["/v1/products", "/v1/prices", "/v1/billing_portal/configurations", "/v1/webhook_endpoints"];
/**
 * The reads the worker makes before a checkout or a portal session, and `npm run setup`'s look for
 * its webhook endpoint, recorded with their query as `form`.
 */
const RECORDED_LISTS = new Set(["/v1/prices", "/v1/billing_portal/configurations", "/v1/webhook_endpoints"]);

function isRecorded(method: string, path: string): boolean {
  if (method === "GET") return RECORDED_LISTS.has(path);
  return (
    method === "POST" &&
    (RECORDED_PATHS.has(path) || RECORDED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
  );
}

/**
 * Starts a small server that speaks the part of Stripe's API the site uses (Checkout Sessions,
 * subscriptions, invoices, customers, billing portal sessions and configurations, products and
 * prices) with clearly labelled test pages and test controls. Loopback only; dev and test tooling.
 */
export async function startStripeStandin(options: StripeStandinOptions): Promise<StripeStandin> {
  const host = options.host ?? "127.0.0.1";
  const recorded: RecordedRequest[] = [];
  let origin = "";
  const base = () => origin;
  const sessions = new SessionStore();
  const webhooks = new WebhookSender({ secret: options.webhookSecret, url: options.webhookUrl });
  const catalogue = new Catalogue();
  const billing = new Billing(webhooks, catalogue);
  const configurations = new PortalConfigurations(catalogue);
  const settleDelayMs =
    options.asyncPaymentDelayMs === undefined ? DEFAULT_SETTLE_DELAY_MS : options.asyncPaymentDelayMs;
  const checkout = new Checkout({ sessions, billing, webhooks, base, settleDelayMs });
  const deps = {
    sessions,
    webhooks,
    billing,
    checkout,
    catalogue,
    configurations,
    webhookEndpoints: new WebhookEndpoints(),
    refunds: new RefundLedger(),
    base,
    replays: new Map<string, { body: string; response: string }>(),
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error("Stripe stand-in error:", err);
      if (!res.headersSent) sendJson(res, 500, { error: { type: "api_error", message: "Stand-in internal error" } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const method = req.method ?? "GET";
    if (url.pathname.startsWith("/v1/")) return api(req, res, url, method);
    if (method === "GET" && (url.pathname === "/" || url.pathname === "/__health")) {
      return sendText(res, 200, "Local Stripe stand-in (test mode). See /__requests.");
    }
    if (method === "GET" && url.pathname === "/__requests") return sendJson(res, 200, recorded);
    // A test setup that seeded the catalogue forgets its own calls, so tests see only the site's.
    if (method === "DELETE" && url.pathname === "/__requests") {
      recorded.length = 0;
      return sendJson(res, 200, recorded);
    }
    if (method === "GET" && url.pathname === "/__events") return sendJson(res, 200, webhooks.events());
    if (await controlRoute(deps, req, res, url)) return;
    if (await refundControlRoute(deps, req, res, url)) return;
    const pay = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (pay?.[1]) return payRoute(req, res, url, pay[1]);
    const portal = PORTAL_PATH.exec(url.pathname);
    if (portal) return portalRoute(deps, req, res, portal);
    sendText(res, 404, "Not found");
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, method: string): Promise<void> {
    const body = await readBody(req);
    const record = isRecorded(method, url.pathname)
      ? startRecord(req, url, method === "GET" ? url.search.slice(1) : body)
      : undefined;
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      if (record) record.status = status;
      sendJson(res, status, payload, { "Request-Id": randomId("req"), ...headers });
    };
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (res.destroyed) return;
    try {
      if (options.fail) throw failure(options.fail);
      authenticate(req);
      const result = await callApi(deps, { method, url, body, idempotencyKey: header(req, "idempotency-key") });
      answer(result.status, result.payload, result.headers);
    } catch (err) {
      if (err instanceof StripeRequestError) return answer(err.status, err.body);
      if (err instanceof FormError) return answer(400, invalidRequest(err.message, err.param).body);
      throw err;
    }
  }

  async function payRoute(req: IncomingMessage, res: ServerResponse, url: URL, id: string): Promise<void> {
    const body = await readBody(req);
    const method = req.method ?? "GET";
    const session = sessions.get(id);
    if (!session) return sendHtml(res, 404, notFoundPage(id));
    if (method === "GET") return sendHtml(res, 200, payPage(session));
    if (method !== "POST") return sendText(res, 405, "Method not allowed");
    if (session.status === "expired") return sendHtml(res, 410, payPage(session));
    // A bare POST (no choice made) pays, as the page's only button used to.
    const outcome = new URLSearchParams(body).get("outcome") ?? url.searchParams.get("outcome") ?? "paid";
    if (!PAY_OUTCOMES.includes(outcome as PayOutcome)) return sendText(res, 400, `Unknown outcome: ${outcome}`);
    if (outcome === "card_declined" && session.status === "open") {
      return sendHtml(res, 402, payPage(session, true));
    }
    await checkout.pay(session, outcome as PayOutcome);
    redirect(res, successUrl(session));
  }

  function startRecord(req: IncomingMessage, url: URL, body: string): RecordedRequest {
    const record: RecordedRequest = {
      method: req.method ?? "POST",
      path: url.pathname,
      form: safeFlatForm(body),
      idempotencyKey: header(req, "idempotency-key"),
      authorization: /^Bearer \S+$/.test(header(req, "authorization") ?? ""),
      stripeVersion: header(req, "stripe-version"),
      status: 0,
      receivedAt: new Date().toISOString(),
    };
    recorded.push(record);
    return record;
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    url: origin,
    port,
    requests: () => [...recorded],
    close: () =>
      new Promise<void>((resolve) => {
        checkout.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Stripe wants `Authorization: Bearer sk_test_…`; the stand-in refuses live keys outright. */
function authenticate(req: IncomingMessage): void {
  const match = /^Bearer (\S+)$/.exec(header(req, "authorization") ?? "");
  if (!match?.[1]) {
    throw new StripeRequestError(
      401,
      "invalid_request_error",
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (!match[1].startsWith("sk_test_")) {
    throw new StripeRequestError(
      401,
      "invalid_request_error",
      "Invalid API Key provided: the local Stripe stand-in accepts test keys (sk_test_…) only.",
    );
  }
}

function failure(status: number): StripeRequestError {
  const type = status >= 500 ? "api_error" : status === 429 ? "rate_limit_error" : "invalid_request_error";
  return new StripeRequestError(
    status,
    type,
    `The local Stripe stand-in was started to fail every API call with HTTP ${status}.`,
  );
}

function safeFlatForm(body: string): Record<string, string> {
  try {
    return flatForm(body);
  } catch {
    return {};
  }
}
