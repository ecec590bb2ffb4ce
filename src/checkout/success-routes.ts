import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { workContextOf } from "../http/work-context.ts";
import { paths } from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { checkoutStatusPage } from "./checkout-status-page.tsx";

/** One buyer's order status: never cached, never indexed. */
const ORDER_STATUS_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

/**
 * GET /checkout/success?session_id=…: Stripe sends the buyer here, and the page tells the truth
 * about that order. Without a session id the request falls through to the spec's plain page.
 * Mount before the pages so this handler sees the request first.
 */
export function successRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.get(paths.checkoutSuccess, async (c, next) => {
    const orderId = c.req.query("session_id");
    if (orderId === undefined) return next();
    // Over the limit the page still tells what the database knows, but never asks Stripe.
    const limited = await isOverLimit(c, (env) => env.STATUS_LIMITER);
    const context = workContextOf(c, { orderId });
    const { checkoutSuccessState, orderChat } = await import("./success-status.ts");
    const state = await checkoutSuccessState(context, orderId, ...(limited ? [null] : []));
    const page = checkoutStatusPage(state, orderId, await orderChat(c.env, state));
    if (!page) return next();
    if (limited) {
      const headers = { ...ORDER_STATUS_HEADERS, "Retry-After": String(RETRY_AFTER_SECONDS) };
      return renderPage(c, page, { status: 429, headers });
    }
    return renderPage(c, page, { status: state.kind === "unknown" ? 404 : 200, headers: ORDER_STATUS_HEADERS });
  });

  return app;
}
