import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { log } from "../http/log.ts";
import { siteOrigin } from "../http/site-origin.ts";
import { checkoutSuccessState } from "../orders/success-status.ts";
import { paths } from "../paths.ts";
import { renderCheckoutStatus } from "../render/site.tsx";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";

/**
 * GET /checkout/success?session_id=…: Stripe sends the buyer here, and the page tells the truth
 * about that order. Without a session id the request falls through to the spec's plain page.
 * Mount before the pages so this handler sees the request first.
 */
export function successRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.get(paths.checkoutSuccess, async (c, next) => {
    const sessionId = c.req.query("session_id");
    if (sessionId === undefined) return next();
    // Over the limit the page still tells what the database knows, but never asks Stripe.
    const limited = await isOverLimit(c, (env) => env.STATUS_LIMITER);
    const origin = siteOrigin(c.env, c.req.url);
    const logger = log(c, { sessionId });
    const state = await checkoutSuccessState(c.env, sessionId, logger, origin, ...(limited ? [null] : []));
    const rendered = renderCheckoutStatus(c, state, sessionId);
    if (!rendered) return next();
    const res = await rendered;
    if (limited) {
      const headers = new Headers(res.headers);
      headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
      return noStore(new Response(res.body, { status: 429, headers }));
    }
    return noStore(res);
  });

  return app;
}

/** One buyer's order status: never cached, never indexed. */
function noStore(res: Response): Response {
  res.headers.set("Cache-Control", "no-store");
  res.headers.set("X-Robots-Tag", "noindex");
  return res;
}
