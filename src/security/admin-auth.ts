import type { Context } from "hono";
import { createLocalJWKSet, decodeProtectedHeader, errors, type JSONWebKeySet, type JWK, jwtVerify } from "jose";
import { adminCopy } from "../content/admin.ts";
import type { AppEnv } from "../env.ts";
import { stringBinding } from "../http/bindings.ts";
import { log } from "../http/log.ts";
import { clientKey, RETRY_AFTER_SECONDS } from "./rate-limit.ts";
import {
  CLIENT_FAILURES_PER_WINDOW,
  type Counted,
  countAttempt,
  giveBack,
  OVERALL_FAILURES_PER_WINDOW,
  WINDOW_MS,
} from "./sign-in-failures.ts";

/**
 * Who the owner of /admin is, and how they signed in. Audit rows record `adminWho(identity)`: the
 * Access e-mail address, or "admin" for Basic auth.
 */
export type AdminIdentity = { method: "access"; email: string } | { method: "basic"; user: string };

export type AdminAuthOptions = {
  /**
   * Fetches the JSON at the team's key URL (`https://<team domain>/cdn-cgi/access/certs`). Default:
   * the global fetch with a 5 s timeout. Tests serve keys they made.
   */
  fetchKeys?: (url: string) => Promise<unknown>;
  /** The clock in milliseconds: the key cache, the token's times, Basic sign-in's minutes (default Date.now; tests). */
  now?: () => number;
};

/** The user name of Basic auth, and what audit rows record for it. */
const ADMIN_USER = "admin";

/** Every answer of /admin, signed in or not: never cached, never indexed, never framed. */
export const ADMIN_PRIVATE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
} as const;

/** Plain-text answers of refused sign-ins (why an Access token was refused goes to the log only). */
const signInCopy = {
  refused: "Access denied. Sign in through Cloudflare Access as the site owner.",
  unavailable: "Sign-in is unavailable for a moment. Please try again shortly.",
  tooManyOverall: "Too many sign-in attempts right now. Please wait a minute and try again.",
};

/** The header Cloudflare Access adds to every request it lets through: the application token. */
const ACCESS_TOKEN_HEADER = "Cf-Access-Jwt-Assertion";
/** Access signs its application tokens with RS256; anything else (HS256, none…) is refused. */
const ACCESS_ALGORITHM = "RS256";
/** Leeway for the token's exp, nbf and iat against this machine's clock. */
const CLOCK_TOLERANCE_SECONDS = 10;
/** A fetched key set is used this long before it is fetched again. */
const KEYS_MAX_AGE_MS = 10 * 60_000;
/** The key URL is asked at most this often for an unknown kid, a stale set or after a failure. */
const KEYS_MIN_REFETCH_MS = 30_000;
const KEYS_FETCH_TIMEOUT_MS = 5_000;

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
    log(c).error(`Admin sign-in misconfigured: ${access}. /admin answers 503 until it is fixed.`);
    return c.text(signInCopy.unavailable, 503, ADMIN_PRIVATE_HEADERS);
  }
  return accessOwner(c, access, options);
}

// --- Cloudflare Access ---------------------------------------------------------------------------

type AccessConfig = { issuer: string; audience: string; certsUrl: string };

/** The Access settings; null when neither is set; a message saying what is wrong when they are unusable. */
function accessConfig(env: Env): AccessConfig | string | null {
  const domain = stringBinding(env, "ACCESS_TEAM_DOMAIN");
  const audience = stringBinding(env, "ACCESS_AUD")?.trim();
  if (!domain && !audience) return null;
  if (!domain) return "ACCESS_AUD is set without ACCESS_TEAM_DOMAIN";
  if (!audience) return "ACCESS_TEAM_DOMAIN is set without ACCESS_AUD";
  const host = teamHost(domain);
  if (!host) return "ACCESS_TEAM_DOMAIN is not a host name like acacia.cloudflareaccess.com";
  const issuer = `https://${host}`;
  return { issuer, audience, certsUrl: `${issuer}/cdn-cgi/access/certs` };
}

/**
 * The team's host from ACCESS_TEAM_DOMAIN: `acacia.cloudflareaccess.com`, also written with
 * `https://` or a trailing slash, or the bare team name `acacia`. Null when it is not a host name.
 */
function teamHost(value: string): string | null {
  const host = value
    .trim()
    .toLowerCase()
    .replace(/^https:\/\//, "")
    .replace(/\/$/, "");
  const label = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
  if (new RegExp(`^${label}$`).test(host)) return `${host}.cloudflareaccess.com`;
  return new RegExp(`^${label}(?:\\.${label})+$`).test(host) ? host : null;
}

async function accessOwner(
  c: Context<AppEnv>,
  config: AccessConfig,
  options: AdminAuthOptions,
): Promise<AdminIdentity | Response> {
  const token = c.req.header(ACCESS_TOKEN_HEADER)?.trim();
  if (!token) return refuseAccess(c, "no Access token (Cf-Access-Jwt-Assertion)");

  let alg: unknown;
  let kid: unknown;
  try {
    ({ alg, kid } = decodeProtectedHeader(token));
  } catch {
    return refuseAccess(c, "the Access token is not a JWT");
  }
  // Checked before any key is looked up, so a forged token never makes the worker fetch keys.
  if (alg !== ACCESS_ALGORITHM) return refuseAccess(c, "the Access token's algorithm is not RS256");

  const now = options.now ?? Date.now;
  const keys = await accessKeys(c, config.certsUrl, typeof kid === "string" ? kid : undefined, options);
  if (!keys) return c.text(signInCopy.unavailable, 503, { ...ADMIN_PRIVATE_HEADERS, "Retry-After": "30" });

  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys), {
      issuer: config.issuer,
      audience: config.audience,
      algorithms: [ACCESS_ALGORITHM],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["exp"],
      currentDate: new Date(now()),
    });
    // A service token's JWT names no person: it has no e-mail address and does not sign in here.
    const email = payload.email;
    if (typeof email !== "string" || email.trim() === "") {
      return refuseAccess(c, "the Access token has no email claim");
    }
    return { method: "access", email: email.trim() };
  } catch (error) {
    return refuseAccess(c, `the Access token was refused (${refusalCode(error)})`);
  }
}

/** jose's error code, with the claim for a failed claim check: enough to tell why in the log. */
function refusalCode(error: unknown): string {
  if (error instanceof errors.JWTClaimValidationFailed) return `${error.code}: ${error.claim} ${error.reason}`;
  if (error instanceof errors.JOSEError) return error.code;
  return error instanceof Error ? error.name : "unknown error";
}

function refuseAccess(c: Context<AppEnv>, reason: string): Response {
  log(c).warn(`Admin sign-in refused: ${reason}.`);
  return c.text(signInCopy.refused, 403, ADMIN_PRIVATE_HEADERS);
}

/**
 * The team's keys, per key URL: only resolved data (the JSON and when it came) is kept between
 * requests. A pending fetch shared by requests (as jose's createRemoteJWKSet keeps one) would be
 * refused by the Workers runtime ("Cannot perform I/O on behalf of a different request").
 */
type KeyCacheEntry = {
  keys?: { jwks: JSONWebKeySet; kids: ReadonlySet<string>; fetchedAt: number };
  /** When the key URL was last asked (started), and when an attempt last failed. */
  lastAttemptAt?: number;
  lastFailureAt?: number;
};
const keyCache = new Map<string, KeyCacheEntry>();
/** One team domain in practice; a bound keeps a changed setting from growing the map. */
const KEY_CACHE_MAX_ENTRIES = 4;

/**
 * The key set to verify with, fetched when none is cached, when the cached one is older than 10
 * minutes, or when the token's kid is not in it (keys rotate); but the URL is asked at most once
 * per 30 s (with none cached, retried 30 s after a failure), so tokens with made-up kids cannot make
 * the worker hammer it. A failed fetch keeps the cached set. Undefined when there is none.
 */
async function accessKeys(
  c: Context<AppEnv>,
  url: string,
  kid: string | undefined,
  options: AdminAuthOptions,
): Promise<JSONWebKeySet | undefined> {
  const now = options.now ?? Date.now;
  const started = now();
  let entry = keyCache.get(url);
  if (!entry) {
    if (keyCache.size >= KEY_CACHE_MAX_ENTRIES) keyCache.delete(keyCache.keys().next().value ?? "");
    entry = {};
    keyCache.set(url, entry);
  }
  const cached = entry.keys;
  const wanted =
    !cached || started - cached.fetchedAt >= KEYS_MAX_AGE_MS || (kid !== undefined && !cached.kids.has(kid));
  if (!wanted) return cached.jwks;
  const allowed = cached
    ? entry.lastAttemptAt === undefined || started - entry.lastAttemptAt >= KEYS_MIN_REFETCH_MS
    : entry.lastFailureAt === undefined || started - entry.lastFailureAt >= KEYS_MIN_REFETCH_MS;
  if (!allowed) return cached?.jwks;

  entry.lastAttemptAt = started;
  try {
    const jwks = keySetFrom(await (options.fetchKeys ?? fetchJson)(url));
    const kids = new Set(jwks.keys.flatMap((key) => (typeof key.kid === "string" ? [key.kid] : [])));
    entry.keys = { jwks, kids, fetchedAt: now() };
    entry.lastFailureAt = undefined;
    return jwks;
  } catch (error) {
    entry.lastFailureAt = now();
    log(c).warn(
      cached
        ? "Access keys could not be fetched: the cached ones are used."
        : "Access keys could not be fetched and none are cached: /admin answers 503.",
      { url, error },
    );
    return cached?.jwks;
  }
}

/** The keys of an Access certs document (`{ keys: [JWK…], public_cert…}`); throws when it has none. */
function keySetFrom(body: unknown): JSONWebKeySet {
  const keys: unknown = typeof body === "object" && body !== null ? Reflect.get(body, "keys") : undefined;
  if (!Array.isArray(keys)) throw new Error("the key document has no keys array");
  const jwks = keys.filter(
    (key): key is JWK => typeof key === "object" && key !== null && typeof Reflect.get(key, "kty") === "string",
  );
  if (jwks.length === 0) throw new Error("the key document has no keys");
  return { keys: jwks };
}

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(KEYS_FETCH_TIMEOUT_MS),
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`HTTP ${res.status} from the key URL`);
  }
  return res.json();
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
    log(c).error("Admin sign-in failures could not be counted: Basic sign-in answers 503.", { error });
    return c.text(signInCopy.unavailable, 503, { ...ADMIN_PRIVATE_HEADERS, "Retry-After": "30" });
  }
  if (counted.client > CLIENT_FAILURES_PER_WINDOW) return tooMany(c, adminCopy.auth.tooMany);
  if (counted.overall > OVERALL_FAILURES_PER_WINDOW) {
    log(c).warn("Admin sign-in failures are over the overall limit: every Basic sign-in is refused for now.");
    return tooMany(c, signInCopy.tooManyOverall);
  }

  const userOk = await sameSecret(credentials.user, ADMIN_USER);
  const passwordOk = await sameSecret(credentials.password, password);
  if (!(userOk && passwordOk)) return challenge(c);
  try {
    await giveBack(attempt);
  } catch (error) {
    // The owner is in; the attempt stays counted until its minute ends.
    log(c).warn("An admin sign-in could not be given back: it counts as a failure this minute.", { error });
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
  const match = /^Basic\s+([A-Za-z0-9+/]+=*)\s*$/i.exec(header ?? "");
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
