import { type Handler, Hono } from "hono";
import type { AppEnv } from "./env.ts";
import { countPageViews } from "./insight/page-views.ts";
import { lazyOnce } from "./lib/lazy-once.ts";
import { cartHintHash, islandLoaderHash, toastStylesHash } from "./render/assets.ts";
import { renderPage } from "./render/page-response.tsx";
import { documentRenderer } from "./render/renderer.tsx";
import { unexpectedErrorResponse } from "./security/errors.ts";
import { securityHeaders } from "./security/headers.ts";
import { SAME_ORIGIN_ONLY_PATHS, sameOriginOnly } from "./security/origin.ts";
import { requestId, requestIdOf } from "./security/request-id.ts";
import { errorPageFor } from "./site/error-page.tsx";
import { notFoundPage } from "./site/not-found-page.tsx";

export type SiteApp = Hono<AppEnv>;

/**
 * A Hono app with what every answer of the site goes through: the request id, the security
 * headers, the document renderer, the count of page views (insight/page-views.ts), the same-origin rule for state changes, the 404 page and the 500
 * page; `routes` adds the routes between them. The public site is one such app, and each area
 * loaded on first use (app.ts) is another, so an area's answers are the same as if it were built in.
 * `areas` are mounted before all of it: an area's app applies the same middleware itself, once.
 */
export function siteApp(routes: (app: SiteApp) => void, areas?: (app: SiteApp) => void): SiteApp {
  const app = new Hono<AppEnv>({ strict: false });
  areas?.(app);
  app.use(
    requestId(),
    securityHeaders({ toastStyles: toastStylesHash, islandLoader: islandLoaderHash, cartHint: cartHintHash }),
    documentRenderer,
    countPageViews,
  );
  app.on("POST", SAME_ORIGIN_ONLY_PATHS, sameOriginOnly());
  routes(app);
  app.notFound((c) => renderPage(c, { ...notFoundPage, path: c.req.path }, { status: 404 }));
  // The request-id middleware logs the error with the id this answer carries.
  app.onError((_err, c) =>
    unexpectedErrorResponse(c, () =>
      renderPage(c, { ...errorPageFor(requestIdOf(c)), path: c.req.path }, { status: 500 }),
    ),
  );
  return app;
}

/**
 * A handler that hands the request whole to an area's app, loaded on its first request: a cold
 * start for a public page never evaluates the back office or M-Pesa (the start-up budget,
 * scripts/bench/budgets.ts). A failed load is tried again on the next request.
 */
export function areaLoadedOnFirstUse(load: () => Promise<SiteApp>): Handler<AppEnv> {
  const area = lazyOnce(load);
  return async (c) => (await area()).fetch(c.req.raw, c.env, executionContextOf(c));
}

function executionContextOf(c: Parameters<Handler<AppEnv>>[0]): Parameters<SiteApp["fetch"]>[2] {
  try {
    return c.executionCtx;
  } catch {
    return undefined; // app.request() in a test gives none
  }
}
