import { Hono } from "hono";
import type { AppEnv } from "./env.ts";
import { errorPageFor } from "./pages/error.tsx";
import { notFoundPage } from "./pages/not-found.tsx";
import { cartHintHash, islandLoaderHash, toastStylesHash } from "./render/assets.ts";
import { renderPage } from "./render/page-response.tsx";
import { documentRenderer } from "./render/renderer.tsx";
import { adminRoutes } from "./routes/admin.ts";
import { adminPaymentRoutes } from "./routes/admin-payments.ts";
import { adminPeopleRoutes } from "./routes/admin-people.ts";
import { billingRoutes } from "./routes/billing.ts";
import { contactRoutes } from "./routes/contact.ts";
import { mpesaRoutes } from "./routes/mpesa.ts";
import { mpesaOrderRoutes } from "./routes/mpesa-order.ts";
import { mpesaQuoteRoutes } from "./routes/mpesa-quote.ts";
import { pageRoutes } from "./routes/pages.ts";
import { paymentRoutes } from "./routes/payment.ts";
import { quoteRoutes } from "./routes/quote.ts";
import { quotePageRoutes } from "./routes/quote-page.ts";
import { receiptRoutes } from "./routes/receipt.ts";
import { seoRoutes } from "./routes/seo.ts";
import { successRoutes } from "./routes/success.ts";
import { webhookRoutes } from "./routes/webhook.ts";
import { unexpectedErrorResponse } from "./security/errors.ts";
import { securityHeaders } from "./security/headers.ts";
import { SAME_ORIGIN_ONLY_PATHS, sameOriginOnly } from "./security/origin.ts";
import { requestId, requestIdOf } from "./security/request-id.ts";

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
