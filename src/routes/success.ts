import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { log } from "../http/log.ts";
import { checkoutSuccessState } from "../orders/success-status.ts";
import { paths } from "../paths.ts";
import { renderCheckoutStatus } from "../render/site.tsx";

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
    const state = await checkoutSuccessState(c.env, sessionId, log(c, { sessionId }), new URL(c.req.url).origin);
    const rendered = renderCheckoutStatus(c, state, sessionId);
    if (!rendered) return next();
    const res = await rendered;
    // One buyer's order status: never cached, never indexed.
    res.headers.set("Cache-Control", "no-store");
    res.headers.set("X-Robots-Tag", "noindex");
    return res;
  });

  return app;
}
