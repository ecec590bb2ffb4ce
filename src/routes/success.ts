import { Hono } from "hono";
import type { AppEnv } from "../app.ts";
import { checkoutSuccessState } from "../orders/success-status.ts";
import { checkoutStatusPage } from "../pages/checkout-status.tsx";
import { renderPage } from "../render/page-response.tsx";

export const SUCCESS_PATH = "/checkout/success";

/**
 * GET /checkout/success?session_id=…: Stripe sends the buyer here, and the page tells the truth
 * about that order. Without a session id the request falls through to the spec's plain page.
 * Mount before the pages so this handler sees the request first.
 */
export function successRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.get(SUCCESS_PATH, async (c, next) => {
    const sessionId = c.req.query("session_id");
    if (sessionId === undefined) return next();
    const state = await checkoutSuccessState(c.env, sessionId);
    const page = checkoutStatusPage(state, sessionId);
    if (!page) return next();
    const res = await renderPage(c, { ...page, noindex: true }, state.kind === "unknown" ? 404 : 200);
    // One buyer's order status: never cached, never indexed.
    res.headers.set("Cache-Control", "no-store");
    res.headers.set("X-Robots-Tag", "noindex");
    return res;
  });

  return app;
}
