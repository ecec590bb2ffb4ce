import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ANALYTICS_DATASET } from "../../src/insight/event-point.ts";
import { header, sendJson, sendText } from "../stripe-standin/http.ts";
import { type Answer, answerStatement } from "./answer.ts";
import { parseStatement } from "./dialect.ts";
import { StandinLimit } from "./evaluate.ts";
import { SqlRefusal } from "./sql-lexer.ts";
import { PointRefusal, PointStore } from "./store.ts";
import { pointsOf } from "./write-body.ts";

/** The stand-in's account: 32 hex digits like a real one, and nobody's. */
export const DEFAULT_ACCOUNT_ID = "10ca1000000000000000000000000000";
export const DEFAULT_TOKEN = "local-analytics-read-token";

export type AnalyticsStandinOptions = {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  accountId?: string;
  /** The bearer token the SQL endpoint takes (Account Analytics Read, in Cloudflare's terms). */
  token?: string;
};

/** One request to the SQL endpoint, as the stand-in judged it (GET /__local/queries). */
export type RecordedQuery = { sql: string; status: number; at: string };

export type AnalyticsStandin = {
  url: string;
  port: number;
  accountId: string;
  token: string;
  points: () => Record<string, unknown>[];
  queries: () => RecordedQuery[];
  clear: () => void;
  close: () => Promise<void>;
};

/** A query or a batch of points is a few KB; 1 MB holds a thousand full points. */
const MAX_BODY = 1024 * 1024;
const MAX_RECORDED = 500;
const SQL_PATH = /^\/client\/v4\/accounts\/([^/]+)\/analytics_engine\/sql$/;

type Body = { text: string; tooLarge: boolean };

/** Reads to the end even past the limit, so the refusal is answered on the same connection. */
function readLimited(req: IncomingMessage): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on("end", () => resolve({ text: Buffer.concat(chunks).toString("utf8"), tooLarge: size > MAX_BODY }));
    req.on("error", reject);
  });
}

/** Cloudflare's API envelope for a refused credential (the v4 API's `success: false` shape). */
function authFailure(res: ServerResponse, status: 401 | 403, code: number, message: string): void {
  sendJson(res, status, { success: false, errors: [{ code, message }], messages: [], result: null });
}

function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { "Content-Type": answer.contentType, "Cache-Control": "no-store" }).end(answer.body);
}

/** What the stand-in holds between requests. */
class State {
  readonly store = new PointStore([ANALYTICS_DATASET]);
  readonly recorded: RecordedQuery[] = [];
  readonly accountId: string;
  readonly token: string;
  constructor(accountId: string, token: string) {
    this.accountId = accountId;
    this.token = token;
  }

  clear(): number {
    this.recorded.length = 0;
    return this.store.clear();
  }

  record(sql: string, status: number): void {
    this.recorded.push({ sql, status, at: new Date().toISOString() });
    if (this.recorded.length > MAX_RECORDED) this.recorded.shift();
  }
}

/** The SQL API: the token, the account, the dialect, then the answer over the stored points. */
async function answerSql(state: State, req: IncomingMessage, res: ServerResponse, account: string): Promise<void> {
  const bearer = /^Bearer (\S+)$/.exec(header(req, "authorization") ?? "")?.[1];
  if (!bearer || bearer !== state.token) return authFailure(res, 401, 10001, "Unable to authenticate request");
  if (decodeURIComponent(account) !== state.accountId) return authFailure(res, 403, 10000, "Authentication error");
  const body = await readLimited(req);
  if (body.tooLarge) return sendText(res, 413, `Input was invalid: the query is larger than ${MAX_BODY} bytes`);
  try {
    const statement = parseStatement(body.text, state.store.datasets);
    const answer = answerStatement(statement, state.store, Math.floor(Date.now() / 1000));
    state.record(body.text, answer.status);
    send(res, answer);
  } catch (error) {
    if (error instanceof SqlRefusal) {
      state.record(body.text, 422);
      return sendText(res, 422, `Input was invalid: ${error.message}`);
    }
    if (error instanceof StandinLimit) {
      state.record(body.text, 501);
      return sendText(res, 501, `${error.message} (the real SQL API may accept it)`);
    }
    throw error;
  }
}

/** POST /__local/write: the worker's mirrored points, or a test's. */
async function acceptWrite(state: State, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readLimited(req);
  if (body.tooLarge) return sendJson(res, 413, { error: `The body is larger than ${MAX_BODY} bytes` });
  try {
    const points = pointsOf(body.text);
    // All or none: a batch with one point Analytics Engine would refuse stores nothing.
    for (const point of points) state.store.check(point);
    for (const point of points) state.store.add(point);
    sendJson(res, 200, { written: points.length });
  } catch (error) {
    if (!(error instanceof PointRefusal)) throw error;
    sendJson(res, 400, { error: error.message });
  }
}

async function route(state: State, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? "/", "http://standin").pathname;
  const method = req.method ?? "GET";
  if (method === "GET" && (path === "/" || path === "/__health")) {
    return sendText(
      res,
      200,
      "Local Workers Analytics Engine SQL API stand-in. See scripts/analytics-standin/README.md.",
    );
  }
  const account = SQL_PATH.exec(path)?.[1];
  if (account !== undefined) {
    if (method !== "POST") return sendText(res, 405, "The SQL API takes the query as the body of a POST");
    return answerSql(state, req, res, account);
  }
  if (method === "POST" && path === "/__local/write") return acceptWrite(state, req, res);
  if (method === "POST" && path === "/__local/clear") return sendJson(res, 200, { cleared: state.clear() });
  if (method === "GET" && path === "/__local/points") return sendJson(res, 200, state.store.points(ANALYTICS_DATASET));
  if (method === "GET" && path === "/__local/queries") return sendJson(res, 200, state.recorded);
  sendJson(res, 404, { success: false, errors: [{ code: 7003, message: "No route for that URI" }], messages: [] });
}

/**
 * A small server that answers Workers Analytics Engine's SQL API for the data points the worker
 * writes (docs/insight.md, README.md beside this file): the SQL is checked against the documented
 * dialect (dialect.ts) and refused as the API refuses it, then run over the stored points (SQLite).
 * Loopback only; dev and test tooling.
 */
export async function startAnalyticsStandin(options: AnalyticsStandinOptions): Promise<AnalyticsStandin> {
  const host = options.host ?? "127.0.0.1";
  const state = new State(options.accountId ?? DEFAULT_ACCOUNT_ID, options.token ?? DEFAULT_TOKEN);
  const server = createServer((req, res) => {
    route(state, req, res).catch((err: unknown) => {
      console.error("Analytics stand-in error:", err);
      if (!res.headersSent) sendText(res, 500, "Stand-in internal error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    accountId: state.accountId,
    token: state.token,
    points: () => state.store.points(ANALYTICS_DATASET),
    queries: () => [...state.recorded],
    clear: () => {
      state.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          state.store.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
