/**
 * Counts public page views (docs/insight.md): a middleware on every area's app (site-shell.ts).
 * It adds nothing to the answer and waits for nothing: the count is made after it, in the
 * background, by a module loaded on the first counted view.
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../env.ts";
import { requestLog } from "../http/log.ts";
import { deferOf } from "../http/work-context.ts";
import { ADMIN_PATH } from "../paths.ts";

/** A page a person looks at: a GET answered 200 with HTML, not the back office, not a prefetch. */
function isPageView(c: Context<AppEnv>): boolean {
  if (c.req.method !== "GET" || c.res.status !== 200) return false;
  if (!(c.res.headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  const path = c.req.path;
  if (path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`)) return false;
  // A speculative load (Sec-Purpose: prefetch) may never be seen.
  return !/prefetch/i.test(c.req.header("Sec-Purpose") ?? c.req.header("Purpose") ?? "");
}

/** The route that answered ("/quote/:number"), never the path with its number in it. */
function routeOf(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c).filter((route) => route.method === "GET");
  return routes.at(-1)?.path ?? "";
}

export const countPageViews: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.env?.ANALYTICS || !isPageView(c)) return;
  // No execution context (app.request() in a unit test): nothing to count with.
  const waitUntil = deferOf(c);
  if (!waitUntil) return;
  const request = c.req.raw;
  const route = routeOf(c);
  const log = requestLog(c);
  waitUntil(
    import("./request-events.ts")
      .then(({ recordVisitorEvent }) =>
        recordVisitorEvent({ env: c.env, log, defer: waitUntil }, request, "view", { route }),
      )
      .catch((error: unknown) => log.warn("A page view was not counted", { error })),
  );
};
