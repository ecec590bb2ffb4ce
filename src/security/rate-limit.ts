import type { Context, MiddlewareHandler } from "hono";
import { jsonError } from "../http/json-errors.ts";
import { log } from "../http/log.ts";

/** The period of the limiters in wrangler.toml: what a limited client is told to wait. */
export const RETRY_AFTER_SECONDS = 60;

/** Requests without CF-Connecting-IP (only local runs: Cloudflare always sets it) share one bucket. */
const UNKNOWN_CLIENT = "unknown-client";

/** The client a request counts against: the visitor's IP address as Cloudflare saw it. */
function clientIp(c: Context): string {
  return c.req.header("CF-Connecting-IP")?.trim() || UNKNOWN_CLIENT;
}

/**
 * Counts every request against a Workers rate limiting binding, per client, and answers 429 with
 * `{ error: message }` and Retry-After once the client is over the binding's limit. A limiter that
 * is missing or fails lets the request through and says so in the log: an outage of the limiter
 * must not stop orders (each endpoint still validates everything it receives).
 */
export function rateLimit(binding: (env: Env) => RateLimit | undefined, message: string): MiddlewareHandler {
  return async (c, next) => {
    if (await isOverLimit(c, binding)) {
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return jsonError(c, 429, message);
    }
    await next();
  };
}

/**
 * Counts one request against the binding; true when the client is over its limit. For routes that
 * answer a limited client in their own way (an HTML page, a Basic-auth realm) instead of JSON.
 */
export async function isOverLimit(c: Context, binding: (env: Env) => RateLimit | undefined): Promise<boolean> {
  return isOverLimitFor(c, binding, clientIp(c));
}

/**
 * isOverLimit with the caller's key instead of the client's address: a coarser bucket (an IPv6
 * /64, see client-bucket.ts) or one shared by every client (a global limit). Same rules: a missing
 * or failing limiter lets the request through and says so in the log.
 */
export async function isOverLimitFor(
  c: Context,
  binding: (env: Env) => RateLimit | undefined,
  key: string,
): Promise<boolean> {
  const limiter = binding(c.env as Env);
  if (!limiter || typeof limiter.limit !== "function") {
    log(c).warn(`Rate limiter missing on ${c.req.method} ${c.req.path}: request not limited.`);
    return false;
  }
  try {
    const { success } = await limiter.limit({ key });
    return !success;
  } catch (err) {
    log(c).error(`Rate limiter failed on ${c.req.method} ${c.req.path}: request not limited.`, { error: err });
    return false;
  }
}
