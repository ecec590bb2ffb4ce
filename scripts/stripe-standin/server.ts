import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { validateCreateParams } from "./checkout-params.ts";
import { invalidRequest, StripeRequestError } from "./errors.ts";
import { FormError, flatForm, parseForm } from "./form.ts";
import { notFoundPage, payPage, successUrl } from "./pay-page.ts";
import { randomId, SessionStore, type StoredSession, sessionJson } from "./sessions.ts";
import { WebhookSender } from "./webhooks.ts";

export type StripeStandinOptions = {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Answer every API call with this HTTP status and a Stripe error (e.g. 500), to test failures. */
  fail?: number;
  /** Wait this long before answering each API call, to test timeouts. */
  delayMs?: number;
  /**
   * Signing secret of the site's webhook endpoint: with it, paying or expiring a session makes a
   * signed checkout.session.* event (recorded at GET /__events).
   */
  webhookSecret?: string;
  /** Where those events are POSTed (e.g. http://127.0.0.1:8787/stripe/webhook); unset: recorded only. */
  webhookUrl?: string;
};

/** One create call as the stand-in received it, for tests to assert on (GET /__requests). */
export type RecordedRequest = {
  method: string;
  path: string;
  /** The form pairs exactly as sent, e.g. `{"line_items[0][price_data][unit_amount]": "37500"}`. */
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

const MAX_BODY = 1024 * 1024;

/**
 * Starts a small server that speaks the part of Stripe's API the site uses (create and retrieve a
 * Checkout Session) with a clearly labelled test payment page. Loopback only; dev and test tooling.
 */
export async function startStripeStandin(options: StripeStandinOptions): Promise<StripeStandin> {
  const host = options.host ?? "127.0.0.1";
  const sessions = new SessionStore();
  const recorded: RecordedRequest[] = [];
  const replays = new Map<string, { body: string; response: string }>();
  const webhooks = new WebhookSender({ secret: options.webhookSecret, url: options.webhookUrl });
  let base = "";

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error("Stripe stand-in error:", err);
      if (!res.headersSent) sendJson(res, 500, { error: { type: "api_error", message: "Stand-in internal error" } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", base);
    const method = req.method ?? "GET";
    if (url.pathname.startsWith("/v1/")) return api(req, res, url, method);
    if (method === "GET" && (url.pathname === "/" || url.pathname === "/__health")) {
      return sendText(res, 200, "Local Stripe stand-in (test mode). See /__requests.");
    }
    if (method === "GET" && url.pathname === "/__requests") return sendJson(res, 200, recorded);
    if (method === "GET" && url.pathname === "/__events") return sendJson(res, 200, webhooks.events());
    const expire = /^\/__expire\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (method === "POST" && expire?.[1]) return expireRoute(req, res, expire[1]);
    const pay = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (pay?.[1]) return payRoute(req, res, pay[1], method);
    sendText(res, 404, "Not found");
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, method: string): Promise<void> {
    const body = await readBody(req);
    const record =
      method === "POST" && url.pathname === "/v1/checkout/sessions" ? startRecord(req, url, body) : undefined;
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      if (record) record.status = status;
      sendJson(res, status, payload, { "Request-Id": randomId("req"), ...headers });
    };
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (res.destroyed) return;
    try {
      if (options.fail) throw failure(options.fail);
      authenticate(req);
      if (record) return create(body, record.idempotencyKey, answer);
      const match = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      if (method === "GET" && match?.[1]) return retrieve(match[1], url, answer);
      const expireMatch = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/expire$/.exec(url.pathname);
      if (method === "POST" && expireMatch?.[1]) return await expireViaApi(expireMatch[1], answer);
      throw invalidRequest(`Unrecognized request URL (${method}: ${url.pathname}).`);
    } catch (err) {
      if (err instanceof StripeRequestError) return answer(err.status, err.body);
      if (err instanceof FormError) return answer(400, invalidRequest(err.message, err.param).body);
      throw err;
    }
  }

  function create(
    body: string,
    idempotencyKey: string | null,
    answer: (status: number, payload: unknown, headers?: Record<string, string>) => void,
  ): void {
    const previous = idempotencyKey ? replays.get(idempotencyKey) : undefined;
    if (previous) {
      if (previous.body !== body) {
        throw new StripeRequestError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
      }
      answer(200, JSON.parse(previous.response), { "Idempotent-Replayed": "true" });
      return;
    }
    const session = sessions.create(validateCreateParams(parseForm(body)));
    const payload = sessionJson(session, base);
    if (idempotencyKey) replays.set(idempotencyKey, { body, response: JSON.stringify(payload) });
    answer(200, payload);
  }

  function retrieve(id: string, url: URL, answer: (status: number, payload: unknown) => void): void {
    const session = sessions.get(id);
    if (!session) {
      throw invalidRequest(`No such checkout.session: '${id}'`, "session", "resource_missing");
    }
    const expand = [...url.searchParams].filter(([k]) => k.startsWith("expand")).map(([, v]) => v);
    answer(200, sessionJson(session, base, expand));
  }

  function mustFind(id: string): StoredSession {
    const session = sessions.get(id);
    if (!session) throw invalidRequest(`No such checkout.session: '${id}'`, "session", "resource_missing");
    return session;
  }

  /** Stripe's POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
  async function expireViaApi(id: string, answer: (status: number, payload: unknown) => void): Promise<void> {
    const session = mustFind(id);
    if (!sessions.expire(session)) {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    await webhooks.send("checkout.session.expired", sessionJson(session, base));
    answer(200, sessionJson(session, base));
  }

  /** Test-only: expires a session as if its 24 hours were up, and sends checkout.session.expired. */
  async function expireRoute(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    await readBody(req);
    const session = sessions.get(id);
    if (!session) return sendJson(res, 404, invalidRequest(`No such checkout.session: '${id}'`).body);
    if (!sessions.expire(session)) {
      return sendJson(res, 400, invalidRequest(`Session ${id} is ${session.status}, not open.`).body);
    }
    const event = await webhooks.send("checkout.session.expired", sessionJson(session, base));
    sendJson(res, 200, { session: sessionJson(session, base), event });
  }

  async function payRoute(req: IncomingMessage, res: ServerResponse, id: string, method: string): Promise<void> {
    await readBody(req);
    const session = sessions.get(id);
    if (!session) return sendHtml(res, 404, notFoundPage(id));
    if (method === "GET") return sendHtml(res, 200, payPage(session));
    if (method !== "POST") return sendText(res, 405, "Method not allowed");
    if (session.status === "expired") return sendHtml(res, 410, payPage(session));
    const wasOpen = session.status === "open";
    sessions.complete(session);
    // Stripe sends the event on its own schedule; waiting for it here keeps local runs and tests
    // deterministic (the order is settled before the buyer lands on the success page).
    if (wasOpen) await webhooks.send("checkout.session.completed", sessionJson(session, base));
    res.writeHead(303, { Location: successUrl(session), "Cache-Control": "no-store" }).end();
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
  base = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    url: base,
    port,
    requests: () => [...recorded],
    close: () =>
      new Promise<void>((resolve) => {
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

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error("Request body too large"));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers });
  res.end(JSON.stringify(payload, null, 2));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" }).end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(html);
}
