import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { stringBinding } from "../http/bindings.ts";
import { requestLog } from "../http/log.ts";
import { clientKey, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { ownerRefusalCopy } from "../security/refusal-copy.ts";
import { accessConfig, accessOwner } from "./admin-access.ts";
import { adminCopy } from "./admin-copy.ts";
import { ADMIN_PRIVATE_HEADERS, type AdminAuthOptions, type AdminIdentity } from "./admin-identity.ts";
import {
  CLIENT_FAILURES_PER_WINDOW,
  type Counted,
  countAttempt,
  giveBack,
  OVERALL_FAILURES_PER_WINDOW,
  WINDOW_MS,
} from "./sign-in-failures.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The signed-in owner, on the back office's routes (set by requireOwner). */
    owner: AdminIdentity;
  }
}

/**
 * The back office's gate: every request signs in again (authenticateOwner); a refusal is the
 * answer, and a signed-in owner is on the context as "owner" for the handler.
 */
export function requireOwner(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const owner = await authenticateOwner(c);
    if (owner instanceof Response) return owner;
    c.set("owner", owner);
    await next();
  };
}

/** The user name of Basic auth, and what audit rows record for it. */
const ADMIN_USER = "admin";

/** What audit rows record as "who": the Access e-mail address, or the Basic auth user ("admin"). */
export function adminWho(identity: AdminIdentity): string {
  return identity.method === "access" ? identity.email : identity.user;
}

/**
 * The owner's identity, or the Response to answer with (404 when no sign-in is configured, 401/403,
 * 429; 503 when Access is half configured or its keys cannot be had).
 *
 * With ACCESS_TEAM_DOMAIN and ACCESS_AUD set, only Cloudflare Access signs in: the request must
 * carry an Access application token for this application (Cf-Access-Jwt-Assertion), verified
 * against the team's published keys; Basic auth is not accepted. Otherwise HTTP Basic auth, user
 * "admin" and the ADMIN_PASSWORD secret, with failed attempts limited per client (an IPv6 /64 is
 * one client) and overall.
 */
export async function authenticateOwner(
  c: Context<AppEnv>,
  options: AdminAuthOptions = {},
): Promise<AdminIdentity | Response> {
  const access = accessConfig(c.env);
  if (access === null) return basicOwner(c, options);
  if (typeof access === "string") {
    requestLog(c).error(`Admin sign-in misconfigured: ${access}. /admin answers 503 until it is fixed.`);
    return c.text(ownerRefusalCopy.unavailable, 503, ADMIN_PRIVATE_HEADERS);
  }
  return accessOwner(c, access, options);
}

// --- HTTP Basic ------------------------------------------------------------------------------------

/**
 * 404 without ADMIN_PASSWORD, a Basic challenge (401) without or with wrong credentials, 429 over
 * the limits, 503 when the failures cannot be counted.
 *
 * Only failures count, so the owner can open page after page. But an attempt is counted before its
 * password is compared and given back only when it was right: a client over the limit is refused
 * before the comparison, so a guesser never learns from a 200 among the 429s which guess was right,
 * and a burst of guesses sent at once is counted before any of them is judged.
 */
async function basicOwner(c: Context<AppEnv>, options: AdminAuthOptions): Promise<AdminIdentity | Response> {
  const password = stringBinding(c.env, "ADMIN_PASSWORD");
  if (!password) return c.notFound();

  const credentials = basicCredentials(c.req.header("Authorization"));
  if (!credentials) return challenge(c);

  const minute = Math.floor((options.now ?? Date.now)() / WINDOW_MS);
  const attempt = { db: c.env.DB, client: clientKey(c), minute };
  let counted: Counted;
  try {
    counted = await countAttempt(attempt);
  } catch (error) {
    requestLog(c).error("Admin sign-in failures could not be counted: Basic sign-in answers 503.", { error });
    return c.text(ownerRefusalCopy.unavailable, 503, { ...ADMIN_PRIVATE_HEADERS, "Retry-After": "30" });
  }
  if (counted.client > CLIENT_FAILURES_PER_WINDOW) return tooMany(c, adminCopy.auth.tooMany);
  if (counted.overall > OVERALL_FAILURES_PER_WINDOW) {
    requestLog(c).warn("Admin sign-in failures are over the overall limit: every Basic sign-in is refused for now.");
    return tooMany(c, ownerRefusalCopy.tooManyOverall);
  }

  const userOk = await sameSecret(credentials.user, ADMIN_USER);
  const passwordOk = await sameSecret(credentials.password, password);
  if (!(userOk && passwordOk)) return challenge(c);
  try {
    await giveBack(attempt);
  } catch (error) {
    // The owner is in; the attempt stays counted until its minute ends.
    requestLog(c).warn("An admin sign-in could not be given back: it counts as a failure this minute.", { error });
  }
  return { method: "basic", user: ADMIN_USER };
}

/** Retry-After is the whole window (60 s), as every limit of the site: the minute has surely ended by then. */
function tooMany(c: Context, message: string): Response {
  return c.text(message, 429, { ...ADMIN_PRIVATE_HEADERS, "Retry-After": String(RETRY_AFTER_SECONDS) });
}

function challenge(c: Context): Response {
  return c.text(adminCopy.auth.required, 401, {
    ...ADMIN_PRIVATE_HEADERS,
    "WWW-Authenticate": `Basic realm="${adminCopy.auth.realm}", charset="UTF-8"`,
  });
}

/** The user and password of an `Authorization: Basic …` header (UTF-8, as the challenge asks). */
function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const match = (header ?? "").match(/^Basic\s+([A-Za-z0-9+/]+=*)\s*$/i);
  if (!match?.[1]) return null;
  let decoded: string;
  try {
    const bytes = Uint8Array.from(atob(match[1]), (ch) => ch.charCodeAt(0));
    decoded = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const encoder = new TextEncoder();

/**
 * Compares in constant time: both sides are hashed first, so the loop always runs over two 32-byte
 * digests whatever the lengths, and it never stops at the first difference.
 */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(given)),
    crypto.subtle.digest("SHA-256", encoder.encode(expected)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return difference === 0;
}
