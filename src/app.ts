import { Hono } from "hono";
import { errorPageFor } from "./pages/error.tsx";
import { pages } from "./pages/index.ts";
import { notFoundPage } from "./pages/not-found.tsx";
import { cartHintHash, islandLoaderHash, toastStylesHash } from "./render/assets.ts";
import { renderPage, renderPublicPage } from "./render/page-response.tsx";
import { adminRoutes } from "./routes/admin.ts";
import { contactRoutes } from "./routes/contact.ts";
import { paymentRoutes } from "./routes/payment.ts";
import { seoRoutes } from "./routes/seo.ts";
import { successRoutes } from "./routes/success.ts";
import { webhookRoutes } from "./routes/webhook.ts";
import { unexpectedErrorResponse } from "./security/errors.ts";
import { securityHeaders } from "./security/headers.ts";
import { SAME_ORIGIN_ONLY_PATHS, sameOriginOnly } from "./security/origin.ts";
import { requestId, requestIdOf } from "./security/request-id.ts";

export type AppEnv = { Bindings: Env };

/** Builds the site: every page route, the 404 page and the 500 page. */
export function createApp() {
  const app = new Hono<AppEnv>({ strict: false });
  app.use(
    requestId(),
    securityHeaders({ toastStyles: toastStylesHash, islandLoader: islandLoaderHash, cartHint: cartHintHash }),
  );
  app.on("POST", SAME_ORIGIN_ONLY_PATHS, sameOriginOnly());
  app.route("/", paymentRoutes());
  app.route("/", webhookRoutes());
  app.route("/", contactRoutes());
  app.route("/", adminRoutes());
  // Before the pages: a success link with a session id gets the order's real status.
  app.route("/", successRoutes());

  app.route("/", seoRoutes());

  for (const page of pages) {
    app.get(page.path, (c) => renderPublicPage(c, page));
  }

  app.notFound((c) => renderPage(c, { ...notFoundPage, path: c.req.path }, 404));

  // The request-id middleware logs the error with the id this answer carries.
  app.onError((_err, c) =>
    unexpectedErrorResponse(c, () => renderPage(c, { ...errorPageFor(requestIdOf(c)), path: c.req.path }, 500)),
  );

  return app;
}
