import { Hono } from "hono";
import { adminRoutes } from "./admin/admin-routes.ts";
import { billingRoutes } from "./billing/billing-routes.ts";
import { paymentRoutes } from "./checkout/payment-routes.ts";
import { webhookRoutes } from "./checkout/stripe-webhook-routes.ts";
import { successRoutes } from "./checkout/success-routes.ts";
import { contactRoutes } from "./contact/contact-routes.ts";
import type { AppEnv } from "./env.ts";
import { mpesaOrderRoutes } from "./mpesa/mpesa-order-routes.ts";
import { mpesaQuoteRoutes } from "./mpesa/mpesa-quote-routes.ts";
import { mpesaRoutes } from "./mpesa/mpesa-routes.ts";
import { adminPaymentRoutes } from "./payments/payment-admin-routes.ts";
import { adminPeopleRoutes } from "./privacy/people-routes.ts";
import { quotePageRoutes } from "./quotes/quote-page-routes.ts";
import { quoteRoutes } from "./quotes/quote-routes.ts";
import { receiptRoutes } from "./receipts/receipt-routes.ts";
import { cartHintHash, islandLoaderHash, toastStylesHash } from "./render/assets.ts";
import { renderPage } from "./render/page-response.tsx";
import { documentRenderer } from "./render/renderer.tsx";
import { unexpectedErrorResponse } from "./security/errors.ts";
import { securityHeaders } from "./security/headers.ts";
import { SAME_ORIGIN_ONLY_PATHS, sameOriginOnly } from "./security/origin.ts";
import { requestId, requestIdOf } from "./security/request-id.ts";
import { errorPageFor } from "./site/error-page.tsx";
import { notFoundPage } from "./site/not-found-page.tsx";
import { pageRoutes } from "./site/page-routes.ts";
import { seoRoutes } from "./site/seo-routes.ts";

/** Builds the site: every page route, the 404 page and the 500 page. */
export function createApp() {
  const app = new Hono<AppEnv>({ strict: false });
  app.use(
    requestId(),
    securityHeaders({ toastStyles: toastStylesHash, islandLoader: islandLoaderHash, cartHint: cartHintHash }),
    documentRenderer,
  );
  app.on("POST", SAME_ORIGIN_ONLY_PATHS, sameOriginOnly());
  app.route("/", paymentRoutes());
  app.route("/", webhookRoutes());
  app.route("/", contactRoutes());
  app.route("/", quoteRoutes());
  app.route("/", adminRoutes());
  app.route("/", adminPaymentRoutes());
  app.route("/", adminPeopleRoutes());
  app.route("/", billingRoutes());
  app.route("/", mpesaRoutes());
  app.route("/", mpesaQuoteRoutes());
  app.route("/", mpesaOrderRoutes());
  app.route("/", quotePageRoutes());
  app.route("/", receiptRoutes());
  // Before the pages: a success link with a session id gets the order's real status.
  app.route("/", successRoutes());

  app.route("/", seoRoutes());
  app.route("/", pageRoutes());

  app.notFound((c) => renderPage(c, { ...notFoundPage, path: c.req.path }, { status: 404 }));

  // The request-id middleware logs the error with the id this answer carries.
  app.onError((_err, c) =>
    unexpectedErrorResponse(c, () =>
      renderPage(c, { ...errorPageFor(requestIdOf(c)), path: c.req.path }, { status: 500 }),
    ),
  );

  return app;
}
