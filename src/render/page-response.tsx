import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { siteOrigin } from "../http/site-origin.ts";
import type { IslandName } from "../islands/registry.ts";
import { base64url } from "../lib/base64url.ts";
import type { PageNeeds } from "../security/csp.ts";
import { pageModules, showsToasts } from "./assets.ts";
import { loadIslands } from "./island.tsx";
import type { OwnerPageSettings, Page, PageSettings } from "./page.ts";
import { pageSettings, settingsKey } from "./page-settings.ts";
import { allowPageStyles, withPageStyles } from "./page-styles.ts";

/**
 * The complete HTML of a page, as sent, and the CSP hash of its inline stylesheet: the layout
 * renders through `c.render` (render/renderer.tsx), then the page's stylesheet is filled in.
 */
async function renderHtml(
  c: Context,
  page: Page,
  origin: string,
  noindex: boolean,
  settings: PageSettings,
): Promise<{ html: string; styleHash: string | null; needs: PageNeeds }> {
  await loadIslands();
  const usedIslands = new Set<IslandName>();
  const scripts = page.scripts ?? [];
  const rendered = await c.render(page.render(settings), {
    layout: page.layout ?? "site",
    document: {
      path: page.path,
      title: page.title,
      description: page.description,
      scripts,
      usedIslands,
      origin,
      noindex,
      cartHint: page.cartHint,
      printable: page.printable,
      structuredData: page.structuredData?.(origin),
    },
  });
  // The back office runs no script: its stylesheet is what its HTML uses, nothing more.
  const modules = page.layout === "back-office" ? [] : pageModules(scripts, usedIslands);
  const needs: PageNeeds = {
    toasts: showsToasts(modules),
    cartHint: Boolean(page.cartHint),
    mapFrame: scripts.includes("office-map"),
  };
  return { ...(await withPageStyles(await rendered.text(), modules)), needs };
}

export type PageAnswer = {
  /** Any status the route chooses (a refusal's 400, 409 or 429 reads as a page too). */
  status?: ContentfulStatusCode;
  /** Added to, or replacing, the default `Cache-Control: no-store`. */
  headers?: Record<string, string>;
};

/**
 * Server-renders a page made for this request: never cached, and never indexed (the pages search
 * engines may list are the shared ones, served by renderPublicPage).
 */
export async function renderPage(
  c: Context,
  page: Page,
  { status = 200, headers }: PageAnswer = {},
): Promise<Response> {
  c.status(status);
  const { html, styleHash, needs } = await renderHtml(c, page, siteOrigin(c.env, c.req.url), true, pageSettings(c.env));
  allowPageStyles(c, styleHash);
  c.set("pageNeeds", needs);
  return c.html(html, status, { "Cache-Control": "no-store", ...headers });
}

type Rendered = { html: string; styleHash: string | null; needs: PageNeeds; gzip: ArrayBuffer; etag: string };

/** Rendered public pages of this isolate, by origin, settings and path; a deploy's pages never change. */
const rendered = new Map<string, Promise<Rendered>>();
const MAX_RENDERED = 64;

async function renderOnce(c: Context, page: Page, origin: string, settings: PageSettings): Promise<Rendered> {
  const { html, styleHash, needs } = await renderHtml(c, page, origin, Boolean(page.noindex), settings);
  const bytes = new TextEncoder().encode(html);
  const [digest, gzip] = await Promise.all([crypto.subtle.digest("SHA-1", bytes), gzipOnce(bytes)]);
  // base64url of the SHA-1: 27 characters where hex takes 40.
  return { html, styleHash, needs, gzip, etag: `"${base64url(digest)}"` };
}

async function gzipOnce(bytes: Uint8Array): Promise<ArrayBuffer> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

function acceptsGzip(header: string | undefined): boolean {
  return (header ?? "").split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return coding === "gzip" && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * A public page. Pages do not depend on the visitor (the cart lives in the browser), so each is
 * rendered once per isolate and served from memory, with an ETag. Browsers and caches must
 * revalidate: a deploy renames the hashed scripts an older copy of the page would point at.
 * The gzip copy is made once too, so a request costs no compression work (on the edge or in
 * wrangler's local proxy) and the page serves nearly as cheaply as a static file.
 */
export async function renderPublicPage(c: Context, page: Page, owner?: OwnerPageSettings): Promise<Response> {
  const origin = siteOrigin(c.env, c.req.url);
  const settings: PageSettings = { ...pageSettings(c.env), ...owner };
  // A deploy's settings never change, but a test may render a page under others, and the owner's
  // change theirs: the settings are in the key, so a changed number is a new page.
  const key = `${settingsKey(settings)}:${origin}${page.path}`;
  let entry = rendered.get(key);
  if (!entry) {
    // Bounded: a flood of made-up Host headers must not grow memory without limit.
    if (rendered.size >= MAX_RENDERED) rendered.clear();
    entry = renderOnce(c, page, origin, settings);
    rendered.set(key, entry);
    entry.catch(() => rendered.delete(key));
  }
  const { html, styleHash, needs, gzip, etag } = await entry;
  allowPageStyles(c, styleHash);
  c.set("pageNeeds", needs);
  c.set("sharedDocument", true);
  // no-cache: any cache may keep the page but must revalidate it before each use (the same as
  // "public, max-age=0, must-revalidate", in 26 fewer bytes of every page's first round trip).
  // Vary on every answer, the 304 too: a cache updates its stored headers from the 304's, and
  // must keep knowing that the body it holds depends on Accept-Encoding.
  const headers = { "Cache-Control": "no-cache", ETag: etag, Vary: "Accept-Encoding" };
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}`)) {
    return c.body(null, 304, headers);
  }
  // Cloudflare (and wrangler's local proxy) rewrite Accept-Encoding before the worker sees it;
  // what the visitor's client really accepts is kept in cf.clientAcceptEncoding.
  const clientAccepts = c.req.raw.cf?.clientAcceptEncoding;
  if (!acceptsGzip(typeof clientAccepts === "string" ? clientAccepts : c.req.header("Accept-Encoding"))) {
    return c.html(html, 200, headers);
  }
  return new Response(gzip, {
    status: 200,
    // "manual": the body is already encoded; the runtime must send it as it is.
    encodeBody: "manual",
    headers: {
      ...headers,
      "Content-Type": "text/html; charset=UTF-8",
      "Content-Encoding": "gzip",
    },
  });
}
