import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { renderPublicPage } from "../render/page-response.tsx";
import { pages } from "./public-pages.ts";

/** GET for every public page, each rendered once per isolate (render/page-response.tsx). */
export function pageRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  for (const page of pages) {
    app.get(page.path, (c) => renderPublicPage(c, page));
  }
  return app;
}
