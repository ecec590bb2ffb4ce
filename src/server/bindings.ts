import type { Context } from "hono";

/**
 * A string binding read at run time. Secrets (STRIPE_WEBHOOK_SECRET, ADMIN_PASSWORD…) are not in
 * the generated Env: `wrangler types` only declares them on a machine that has a .dev.vars file,
 * and a binding of the wrong kind must count as "not configured" rather than crash.
 */
export function stringBinding(env: object, name: string): string | undefined {
  const value: unknown = Reflect.get(env, name);
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

export type RateLimiterName = "PAYMENT_LIMITER" | "CONTACT_LIMITER" | "ADMIN_LOGIN_LIMITER";

/**
 * The client a request is counted against: Cloudflare's CF-Connecting-IP in production. Locally
 * (wrangler dev, tests) the header is absent and every request shares one bucket.
 */
export function clientKey(c: Context): string {
  return c.req.header("CF-Connecting-IP")?.trim() || "local";
}

/**
 * Counts one request against a Workers rate limiting binding; true when the client is over its
 * limit. A missing binding lets the request through (and says so in the log): the limiters are
 * declared in wrangler.toml, so this only happens in a misconfigured deployment.
 */
export async function overLimit(env: object, name: RateLimiterName, key: string): Promise<boolean> {
  const limiter: unknown = Reflect.get(env, name);
  if (!isRateLimit(limiter)) {
    console.warn(`Rate limiter ${name} is not bound; request not limited.`);
    return false;
  }
  const { success } = await limiter.limit({ key });
  return !success;
}

function isRateLimit(value: unknown): value is RateLimit {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, "limit") === "function";
}

/** The period of every limiter in wrangler.toml: what a limited client is told to wait. */
export const RATE_LIMIT_PERIOD_SECONDS = 60;
