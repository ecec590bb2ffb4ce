import type { Context } from "hono";
import { renderToString } from "react-dom/server";
import type { Page } from "../pages/types.ts";
import { pageAssets } from "./assets.ts";
import { Document } from "./document.tsx";

/** Server-renders a page into a complete HTML response. */
export function renderPage(c: Context, page: Page, status: 200 | 404 | 500 = 200): Response {
  const html = renderToString(
    <Document
      path={page.path}
      title={page.title}
      description={page.description}
      assets={pageAssets(page.entries ?? [])}
    >
      {page.render()}
    </Document>,
  );
  return c.html(`<!doctype html>${html}`, status);
}
