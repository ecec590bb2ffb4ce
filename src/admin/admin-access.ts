import type { Context } from "hono";
import type { JSONWebKeySet, JWK } from "jose";
import type { AppEnv } from "../env.ts";
import { stringBinding } from "../http/bindings.ts";
import { requestLog } from "../http/log.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { ownerRefusalCopy } from "../security/refusal-copy.ts";
import { ADMIN_PRIVATE_HEADERS, type AdminAuthOptions, type AdminIdentity } from "./admin-identity.ts";

/*
 * Sign-in to /admin through Cloudflare Access: the application token Access adds to every request it
 * lets through, verified against the team's published keys (kept for a while, fetched again for an
 * unknown key id).
 */

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

/** jose, loaded by the first Access sign-in: most cold starts never verify a token. */
const loadJose = lazyOnce(() => import("jose"));
type Jose = Awaited<ReturnType<typeof loadJose>>;

export type AccessConfig = { issuer: string; audience: string; certsUrl: string };

/** The Access settings; null when neither is set; a message saying what is wrong when they are unusable. */
export function accessConfig(env: Env): AccessConfig | string | null {
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

export async function accessOwner(
  c: Context<AppEnv>,
  config: AccessConfig,
  options: AdminAuthOptions,
): Promise<AdminIdentity | Response> {
  const token = c.req.header(ACCESS_TOKEN_HEADER)?.trim();
  if (!token) return refuseAccess(c, "no Access token (Cf-Access-Jwt-Assertion)");

  const jose = await loadJose();
  let alg: unknown;
  let kid: unknown;
  try {
    ({ alg, kid } = jose.decodeProtectedHeader(token));
  } catch {
    return refuseAccess(c, "the Access token is not a JWT");
  }
  // Checked before any key is looked up, so a forged token never makes the worker fetch keys.
  if (alg !== ACCESS_ALGORITHM) return refuseAccess(c, "the Access token's algorithm is not RS256");

  const now = options.now ?? Date.now;
  const keys = await accessKeys(c, config.certsUrl, typeof kid === "string" ? kid : undefined, options);
  if (!keys) return c.text(ownerRefusalCopy.unavailable, 503, { ...ADMIN_PRIVATE_HEADERS, "Retry-After": "30" });

  try {
    const { payload } = await jose.jwtVerify(token, jose.createLocalJWKSet(keys), {
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
    return refuseAccess(c, `the Access token was refused (${refusalCode(error, jose.errors)})`);
  }
}

/** jose's error code, with the claim for a failed claim check: enough to tell why in the log. */
function refusalCode(error: unknown, errors: Jose["errors"]): string {
  if (error instanceof errors.JWTClaimValidationFailed) return `${error.code}: ${error.claim} ${error.reason}`;
  if (error instanceof errors.JOSEError) return error.code;
  return error instanceof Error ? error.name : "unknown error";
}

function refuseAccess(c: Context<AppEnv>, reason: string): Response {
  requestLog(c).warn(`Admin sign-in refused: ${reason}.`);
  return c.text(ownerRefusalCopy.refused, 403, ADMIN_PRIVATE_HEADERS);
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
    requestLog(c).warn(
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
