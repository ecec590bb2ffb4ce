import { Hono } from "hono";
import { etag } from "hono/etag";
import { errorPage } from "./pages/error.tsx";
import { pages } from "./pages/index.ts";
import { notFoundPage } from "./pages/not-found.tsx";
import { renderPage } from "./render/page-response.tsx";
import { paymentRoutes } from "./server/payment-route.ts";
import { seoRoutes } from "./server/seo-routes.ts";

export type AppEnv = { Bindings: Env };

/** Builds the site: every page route, the 404 page and the 500 page. */
export function createApp() {
  const app = new Hono<AppEnv>({ strict: false });
  app.route("/", paymentRoutes());

  app.route("/", seoRoutes());

  for (const page of pages) {
    app.get(page.path, etag(), (c) => renderPage(c, page));
  }

  app.notFound((c) => renderPage(c, { ...notFoundPage, path: c.req.path }, 404));

  app.onError((err, c) => {
    console.error(`Unhandled error on ${c.req.method} ${c.req.path}:`, err);
    return renderPage(c, { ...errorPage, path: c.req.path }, 500);
  });

  return app;
}
