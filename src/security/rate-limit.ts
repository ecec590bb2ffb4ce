import type { Context, MiddlewareHandler } from "hono";
import { jsonError } from "../http/json-errors.ts";
import { type Logger, requestLog } from "../http/log.ts";
import { clientBucket } from "./client-bucket.ts";

/** The period of the limiters in wrangler.toml: what a limited client is told to wait. */
export const RETRY_AFTER_SECONDS = 60;

/**
 * The one key every per-client limit counts by: the visitor's address as Cloudflare saw it, where an
 * IPv6 address counts by its /64 (one subscriber picks any address in it) and IPv4-mapped IPv6 as
 * the IPv4 address (client-bucket.ts).
 */
export function clientKey(c: Context): string {
  return clientBucket(c.req.header("CF-Connecting-IP"));
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
  return limiterRefuses(binding(c.env as Env), clientKey(c), requestLog(c), `${c.req.method} ${c.req.path}`);
}

/** One count against a limiter, outside a request's context too (the e-mail ceiling). */
export async function limiterRefuses(
  limiter: RateLimit | undefined,
  key: string,
  log: Logger,
  where: string,
): Promise<boolean> {
  if (!limiter || typeof limiter.limit !== "function") {
    log.warn(`Rate limiter missing on ${where}: request not limited.`);
    return false;
  }
  try {
    const { success } = await limiter.limit({ key });
    return !success;
  } catch (err) {
    log.error(`Rate limiter failed on ${where}: request not limited.`, { error: err });
    return false;
  }
}
