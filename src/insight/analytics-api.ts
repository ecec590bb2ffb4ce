/**
 * Workers Analytics Engine's SQL API (developers.cloudflare.com/analytics/analytics-engine/sql-api/):
 * POST https://api.cloudflare.com/client/v4/accounts/{ANALYTICS_ACCOUNT_ID}/analytics_engine/sql
 * with `Authorization: Bearer {ANALYTICS_API_TOKEN}` (a token with Account Analytics Read) and the
 * SQL as the body. FORMAT JSON answers `{ meta, data: [{ column: value }], rows }`, 64-bit numbers
 * as strings. A query the dialect refuses answers 422 "Input was invalid: …"; a refused token
 * Cloudflare's `{ success: false, errors }` with 401 or 403.
 *
 * ANALYTICS_API_BASE may point it at the stand-in on loopback only (http/loopback.ts), as
 * STRIPE_API_BASE and MPESA_API_BASE do: anywhere else the token would be handed to a third party.
 *
 * Nothing here throws to its caller and nothing is logged here: the answer says what went wrong in
 * words without the token, and the page says it to the owner.
 */
import { stringBinding } from "../http/bindings.ts";
import { loopbackApiBase } from "../http/loopback.ts";

const API_BASE = "https://api.cloudflare.com";
/** The owner's page waits this long at most; the numbers are not worth a slow back office. */
const TIMEOUT_MS = 5000;
/** Our queries answer a few hundred rows at most; more than this is not an answer of ours. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export type AnalyticsRow = Record<string, unknown>;
export type AnalyticsFailure = {
  ok: false;
  /** not_configured: no account or token (or an unusable one); unreachable: no usable answer; refused: the API said no. */
  reason: "not_configured" | "unreachable" | "refused";
  message: string;
};
export type AnalyticsAnswer = { ok: true; rows: AnalyticsRow[] } | AnalyticsFailure;

type Endpoint = { url: string; token: string };

const notConfigured = (message: string): AnalyticsFailure => ({ ok: false, reason: "not_configured", message });

/** The SQL endpoint and token from the bindings, or why they cannot be used. */
function endpointOf(env: Env): Endpoint | AnalyticsFailure {
  const accountId = stringBinding(env, "ANALYTICS_ACCOUNT_ID")?.trim();
  const token = stringBinding(env, "ANALYTICS_API_TOKEN")?.trim();
  if (!accountId || !token) return notConfigured("ANALYTICS_ACCOUNT_ID and ANALYTICS_API_TOKEN are not both set");
  // A Cloudflare account id is 32 hex digits; anything else would change the path it is put in.
  if (!/^[0-9a-f]{32}$/i.test(accountId)) return notConfigured("ANALYTICS_ACCOUNT_ID is not a Cloudflare account id");
  if (!/^[\x21-\x7e]+$/.test(token)) return notConfigured("ANALYTICS_API_TOKEN is not a token");
  let base: URL | null;
  try {
    base = loopbackApiBase(stringBinding(env, "ANALYTICS_API_BASE"), "ANALYTICS_API_BASE", (m) => new Error(m));
  } catch (error) {
    return notConfigured(error instanceof Error ? error.message : "ANALYTICS_API_BASE is not usable");
  }
  const origin = base ? base.href.replace(/\/+$/, "") : API_BASE;
  return { url: `${origin}/client/v4/accounts/${accountId.toLowerCase()}/analytics_engine/sql`, token };
}

/**
 * Whether the owner has set the SQL API up at all (account and token): the digest says nothing
 * when not. A setting that is there but unusable counts as set up, so it is reported, not hidden.
 */
export function analyticsConfigured(env: Env): boolean {
  return Boolean(stringBinding(env, "ANALYTICS_ACCOUNT_ID") && stringBinding(env, "ANALYTICS_API_TOKEN"));
}

/** Cloudflare's first error message of a `{ success: false, errors }` answer, else the text itself. */
function refusalText(status: number, text: string): string {
  try {
    const errors = (JSON.parse(text) as { errors?: { code?: number; message?: string }[] }).errors;
    const first = errors?.[0];
    if (first?.message) return `HTTP ${status}: ${first.message}${first.code ? ` (${first.code})` : ""}`;
  } catch {
    // Not JSON: the SQL API answers a refused query in plain text.
  }
  return `HTTP ${status}: ${text.slice(0, 300)}`;
}

/** FORMAT JSON's rows, or null when the text is not that shape. */
function rowsOf(text: string): AnalyticsRow[] | null {
  try {
    const data = (JSON.parse(text) as { data?: unknown }).data;
    if (!Array.isArray(data) || !data.every((row) => typeof row === "object" && row !== null)) return null;
    return data as AnalyticsRow[];
  } catch {
    return null;
  }
}

async function post(endpoint: Endpoint, sql: string): Promise<AnalyticsAnswer> {
  let response: Response;
  try {
    response = await fetch(endpoint.url, {
      method: "POST",
      headers: { Authorization: `Bearer ${endpoint.token}`, "Content-Type": "text/plain; charset=utf-8" },
      body: sql,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      ok: false,
      reason: "unreachable",
      message: timedOut ? `no answer in ${TIMEOUT_MS / 1000} s` : "not reachable",
    };
  }
  const text = await response.text().catch(() => "");
  if (text.length > MAX_ANSWER_BYTES) return { ok: false, reason: "unreachable", message: "the answer is too large" };
  if (response.status === 401 || response.status === 403 || response.status === 422) {
    return { ok: false, reason: "refused", message: refusalText(response.status, text) };
  }
  if (!response.ok) return { ok: false, reason: "unreachable", message: `HTTP ${response.status}` };
  const rows = rowsOf(text);
  return rows ? { ok: true, rows } : { ok: false, reason: "unreachable", message: "the answer is not FORMAT JSON" };
}

/** One query's rows, or why there are none. */
export async function runAnalyticsSql(env: Env, sql: string): Promise<AnalyticsAnswer> {
  const endpoint = endpointOf(env);
  return "ok" in endpoint ? endpoint : post(endpoint, sql);
}

/**
 * Several queries at once: every one's rows by its key, or the first failure (the owner is told
 * one reason, not six). All are sent together, so the page waits for the slowest, not the sum.
 */
export async function runAnalyticsQueries<K extends string>(
  env: Env,
  queries: Record<K, string>,
): Promise<{ ok: true; rows: Record<K, AnalyticsRow[]> } | AnalyticsFailure> {
  const endpoint = endpointOf(env);
  if ("ok" in endpoint) return endpoint;
  const keys = Object.keys(queries) as K[];
  const answers = await Promise.all(keys.map((key) => post(endpoint, queries[key])));
  const failed = answers.find((answer): answer is AnalyticsFailure => !answer.ok);
  if (failed) return failed;
  const rows = Object.fromEntries(keys.map((key, i) => [key, (answers[i] as { rows: AnalyticsRow[] }).rows]));
  return { ok: true, rows: rows as Record<K, AnalyticsRow[]> };
}

/** A count from a row: the SQL API writes 64-bit integers as strings ("42"); anything unreadable is 0. */
export function countOf(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : 0;
}

/** A text column of a row ("" when missing). */
export function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}
