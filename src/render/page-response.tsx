import type { Context } from "hono";
import { renderToString } from "react-dom/server";
import type { Page } from "../pages/types.ts";
import { pageAssets } from "./assets.ts";
import { Document } from "./document.tsx";

/** The complete HTML of a page, as sent. */
function renderHtml(page: Page, origin: string, status: number): string {
  const html = renderToString(
    <Document
      path={page.path}
      title={page.title}
      description={page.description}
      assets={pageAssets(page.entries ?? [])}
      origin={origin}
      noindex={page.noindex || status !== 200}
      structuredData={page.structuredData?.(origin)}
    >
      {page.render()}
    </Document>,
  );
  return `<!doctype html>${html}`;
}

/** Server-renders a page whose content depends on the request (never cached). */
export function renderPage(c: Context, page: Page, status: 200 | 404 | 500 = 200): Response {
  const html = renderHtml(page, new URL(c.req.url).origin, status);
  return c.html(html, status, { "Cache-Control": "no-store" });
}

type Rendered = { html: string; etag: string };

/** Rendered public pages of this isolate, by origin and path; a build's pages never change. */
const rendered = new Map<string, Promise<Rendered>>();
const MAX_RENDERED = 64;

async function renderOnce(page: Page, origin: string): Promise<Rendered> {
  const html = renderHtml(page, origin, 200);
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(html));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { html, etag: `"${hex}"` };
}

/**
 * A public page. Pages do not depend on the visitor (the cart lives in the browser), so each is
 * rendered once per isolate and served from memory, with an ETag. Browsers and caches must
 * revalidate: a deploy renames the hashed scripts an older copy of the page would point at.
 */
export async function renderPublicPage(c: Context, page: Page): Promise<Response> {
  const origin = new URL(c.req.url).origin;
  const key = `${origin}${page.path}`;
  let entry = rendered.get(key);
  if (!entry) {
    // Bounded: a flood of made-up Host headers must not grow memory without limit.
    if (rendered.size >= MAX_RENDERED) rendered.clear();
    entry = renderOnce(page, origin);
    rendered.set(key, entry);
    entry.catch(() => rendered.delete(key));
  }
  const { html, etag } = await entry;
  const headers = { "Cache-Control": "public, max-age=0, must-revalidate", ETag: etag };
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}`)) {
    return c.body(null, 304, headers);
  }
  return c.html(html, 200, headers);
}
