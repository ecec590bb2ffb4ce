import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { header, readBody, sendHtml, sendJson, sendText } from "../stripe-standin/http.ts";
import { C2bStore } from "./c2b.ts";
import { type C2bOptions, c2bControlRoute, c2bDarajaRoute } from "./c2b-routes.ts";
import { controlRoute } from "./control.ts";
import { DarajaError, jsonObject, readPush, readQuery } from "./daraja.ts";
import { promptPage, unknownPushPage } from "./prompt-page.ts";
import { deliverCallback, isOutcome, OUTCOMES, PushStore } from "./pushes.ts";
import { ReversalStore, reversalControlRoute, reversalDarajaRoute } from "./reversal.ts";

export type MpesaStandinOptions = {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Answer every Daraja call (OAuth, push, query) with this HTTP status and a Daraja error. */
  fail?: number;
  /** Wait this long before answering each Daraja call, to test timeouts. */
  delayMs?: number;
  /** The passkey the site was given: with it, Passwords must be exactly base64(shortcode + passkey + timestamp). */
  passkey?: string;
  /** Lifetime of the tokens it issues, in seconds (Daraja: 3599). */
  tokenExpiresIn?: number;
  /** C2B (paybill): register each shortcode's URLs once, as production does; how long validation may take. */
  c2b?: C2bOptions;
  /** Reversals: POST each Result (a success) to its ResultURL this long after the request; unset: only by /__control/reversal. */
  reversalDelayMs?: number | null;
};

/** One Daraja call as received (GET /__requests): what the contract tests check. */
export type RecordedDarajaRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The Authorization header's scheme ("Basic", "Bearer"), never its credentials. */
  authScheme: string | null;
  /** OAuth only: the consumer key the Basic credentials name (never the secret). */
  consumerKey: string | null;
  /** The JSON body (null when none or not JSON). */
  body: unknown;
  status: number;
  errorCode: string | null;
  receivedAt: string;
};

export type MpesaStandin = {
  url: string;
  port: number;
  requests: () => RecordedDarajaRequest[];
  close: () => Promise<void>;
};

const OAUTH_PATH = "/oauth/v1/generate";
const PUSH_PATH = "/mpesa/stkpush/v1/processrequest";
const QUERY_PATH = "/mpesa/stkpushquery/v1/query";
const PROMPT_PATH = /^\/__prompt\/([A-Za-z0-9_]+)$/;

type Answer = { status: number; body: unknown };

/**
 * Starts a small server that speaks the part of Safaricom's Daraja API the site uses (OAuth,
 * M-Pesa Express push and query), with a test phone prompt and test controls. Loopback only;
 * dev and test tooling.
 */
export async function startMpesaStandin(options: MpesaStandinOptions): Promise<MpesaStandin> {
  const host = options.host ?? "127.0.0.1";
  const recorded: RecordedDarajaRequest[] = [];
  const tokens = new Map<string, number>();
  const store = new PushStore();
  const c2b = new C2bStore();
  const reversals = new ReversalStore();
  let origin = "";

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error("M-Pesa stand-in error:", err);
      if (!res.headersSent) sendJson(res, 500, { errorCode: "500.003.02", errorMessage: "Stand-in internal error" });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const method = req.method ?? "GET";
    const path = url.pathname;
    if (path.startsWith("/oauth/") || path.startsWith("/mpesa/")) return daraja(req, res, url);
    if (method === "GET" && (path === "/" || path === "/__health")) {
      return sendText(res, 200, "Local M-Pesa (Daraja) stand-in (test mode). See /__requests and /__pushes.");
    }
    if (path === "/__requests" && method === "GET") return sendJson(res, 200, recorded);
    if (path === "/__requests" && method === "DELETE") {
      recorded.length = 0;
      return sendJson(res, 200, { deleted: true });
    }
    if (path === "/__pushes" && method === "GET") return sendJson(res, 200, [...store.pushes.values()]);
    if (path === "/__tokens" && method === "GET") return sendJson(res, 200, { issued: tokens.size });
    if (await controlRoute(store, req, res, url)) return;
    if (await c2bControlRoute(c2b, options.c2b ?? {}, req, res, url)) return;
    if (await reversalControlRoute(reversals, store, req, res, url)) return;
    const prompt = PROMPT_PATH.exec(path);
    if (prompt?.[1]) return promptRoute(req, res, url, prompt[1]);
    sendText(res, 404, "Not found");
  }

  async function daraja(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const text = await readBody(req);
    const auth = header(req, "authorization") ?? "";
    const record: RecordedDarajaRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authScheme: /^(\S+) /.exec(auth)?.[1] ?? null,
      consumerKey: url.pathname === OAUTH_PATH ? (basicPair(auth)?.[0] ?? null) : null,
      body: parseJson(text),
      status: 0,
      errorCode: null,
      receivedAt: new Date().toISOString(),
    };
    recorded.push(record);
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (res.destroyed) return;
    let answer: Answer;
    try {
      if (options.fail) throw failure(options.fail);
      answer = await route(req, url, text, auth);
    } catch (err) {
      if (!(err instanceof DarajaError)) throw err;
      answer = { status: err.status, body: err.body };
      record.errorCode = err.body.errorCode;
    }
    record.status = answer.status;
    sendJson(res, answer.status, answer.body);
  }

  async function route(req: IncomingMessage, url: URL, text: string, auth: string): Promise<Answer> {
    const method = req.method ?? "GET";
    if (url.pathname === OAUTH_PATH && method === "GET") return oauth(url, auth);
    if (url.pathname === PUSH_PATH && method === "POST") {
      authenticate(auth);
      const push = store.add(readPush(jsonObject(text), options.passkey));
      const message = "Success. Request accepted for processing";
      return {
        status: 200,
        body: {
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: push.checkoutRequestId,
          ResponseCode: "0",
          ResponseDescription: message,
          CustomerMessage: message,
        },
      };
    }
    if (url.pathname === QUERY_PATH && method === "POST") {
      authenticate(auth);
      return query(text);
    }
    const registered = c2bDarajaRoute(c2b, options.c2b ?? {}, {
      method,
      path: url.pathname,
      text,
      authenticate: () => authenticate(auth),
    });
    if (registered) return registered;
    const reversal = reversalDarajaRoute(reversals, store, options.reversalDelayMs, {
      method,
      path: url.pathname,
      text,
      authenticate: () => authenticate(auth),
    });
    if (reversal) return reversal;
    throw new DarajaError(404, "404.001.01", "Resource not found");
  }

  /** Basic base64(key:secret), both parts present; answers a fresh opaque token. */
  function oauth(url: URL, auth: string): Answer {
    if (url.searchParams.get("grant_type") !== "client_credentials") {
      throw new DarajaError(400, "400.008.02", "Invalid grant type passed");
    }
    if (!basicPair(auth)) throw new DarajaError(400, "400.008.01", "Invalid Authentication passed");
    const expiresIn = options.tokenExpiresIn ?? 3599;
    const token = randomBytes(21).toString("base64url");
    tokens.set(token, Date.now() + expiresIn * 1000);
    return { status: 200, body: { access_token: token, expires_in: String(expiresIn) } };
  }

  function authenticate(auth: string): void {
    const token = /^Bearer (\S+)$/.exec(auth)?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      throw new DarajaError(401, "404.001.03", "Invalid Access Token");
    }
  }

  function query(text: string): Answer {
    const fields = readQuery(jsonObject(text), options.passkey);
    const push = store.pushes.get(fields.checkoutRequestId);
    if (!push || push.request.shortcode !== fields.shortcode) {
      throw new DarajaError(400, "400.002.02", "Bad Request - Invalid CheckoutRequestID");
    }
    // Until the buyer answers, Daraja answers the query with this error.
    if (push.state === "pending") throw new DarajaError(500, "500.001.1001", "The transaction is being processed");
    return {
      status: 200,
      body: {
        ResponseCode: "0",
        ResponseDescription: "The service request has been accepted successsfully",
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: String(push.resultCode),
        ResultDesc: push.resultDesc,
      },
    };
  }

  async function promptRoute(req: IncomingMessage, res: ServerResponse, url: URL, id: string): Promise<void> {
    const body = await readBody(req);
    const push = store.pushes.get(id);
    const returnUrl = safeReturn(url.searchParams.get("return"));
    if (!push) return sendHtml(res, 404, unknownPushPage(id));
    if (req.method === "GET") return sendHtml(res, 200, promptPage(push, returnUrl));
    if (req.method !== "POST") return sendText(res, 405, "Method not allowed");
    const outcome = new URLSearchParams(body).get("outcome") ?? "";
    if (!isOutcome(outcome)) return sendText(res, 400, `Unknown outcome: ${outcome}`);
    // A second answer (a double click, the back button) changes nothing: the phone answered once.
    if (push.state === "pending") {
      store.settle(push, OUTCOMES[outcome].code);
      await deliverCallback(push);
    }
    sendHtml(res, 200, promptPage(push, returnUrl));
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
        reversals.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function failure(status: number): DarajaError {
  return new DarajaError(
    status,
    `${status}.000.00`,
    `The local M-Pesa stand-in was started to fail every Daraja call with HTTP ${status}.`,
  );
}

/** Basic base64(key:secret) with both parts present, as [key, secret]; else null. */
function basicPair(auth: string): [string, string] | null {
  const basic = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(auth)?.[1];
  const pair = basic ? Buffer.from(basic, "base64").toString("utf8") : "";
  const colon = pair.indexOf(":");
  if (colon < 1 || colon === pair.length - 1) return null;
  return [pair.slice(0, colon), pair.slice(colon + 1)];
}

function parseJson(text: string): unknown {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Only an http(s) address is offered back as a link. */
function safeReturn(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
