import type { Context } from "hono";
import { renderToString } from "react-dom/server";
import type { Page } from "../pages/types.ts";
import { pageAssets } from "./assets.ts";
import { Document } from "./document.tsx";

/**
 * Server-renders a page into a complete HTML response. Pages do not depend on the visitor (the
 * cart lives in the browser), so 200s may be cached, but only with revalidation: a deploy renames
 * the hashed scripts an older copy of the page would point at. The ETag makes revalidation cheap.
 */
export function renderPage(c: Context, page: Page, status: 200 | 404 | 500 = 200): Response {
  const origin = new URL(c.req.url).origin;
  const noindex = page.noindex || status !== 200;
  const html = renderToString(
    <Document
      path={page.path}
      title={page.title}
      description={page.description}
      assets={pageAssets(page.entries ?? [])}
      origin={origin}
      noindex={noindex}
      structuredData={page.structuredData?.(origin)}
    >
      {page.render()}
    </Document>,
  );
  const cacheControl = status === 200 ? "public, max-age=0, must-revalidate" : "no-store";
  return c.html(`<!doctype html>${html}`, status, { "Cache-Control": cacheControl });
}
