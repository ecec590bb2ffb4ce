import { officeMap } from "../contact/contact-copy.ts";

/** The only other origin a page may embed: the OpenStreetMap view on /contact. */
const MAP_FRAME_ORIGIN = new URL(officeMap.embedUrl).origin;

export type StyleHashes = {
  /** The page's inline stylesheet ('sha256-…'); null when the stylesheet is linked (vite dev, tests). */
  siteStyles: string | null;
  /** The <style> element sonner inserts when it loads ('sha256-…'). */
  toastStyles: string | null;
  /** The page's inline scripts: the island loader and the checkout's cart hint ('sha256-…'). */
  islandLoader: string | null;
  cartHint: string | null;
};

type Directives = Record<string, readonly string[]>;

/**
 * What a page's policy must allow beyond its own scripts and stylesheet, when the page says so
 * (src/render/page-response.tsx): toasts (sonner's <style>), the checkout's cart hint, the map
 * frame. A page that does not say gets them all: every header byte counts on the public pages,
 * where a response must fit the first round trip, not on the rest.
 */
export type PageNeeds = { toasts: boolean; cartHint: boolean; mapFrame: boolean };
const EVERYTHING: PageNeeds = { toasts: true, cartHint: true, mapFrame: true };

/**
 * The hash of an empty stylesheet. sonner appends its <style> element first and fills it after,
 * so Chromium checks the element once while still empty: without this it reports a violation
 * (the filled element is then allowed by its own hash). Only an empty element matches it.
 */
const EMPTY_STYLE_HASH = "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";

/**
 * The policy of every HTML page. Deny by default, then allow exactly what the site uses: its own
 * scripts plus the one constant inline loader, by hash (island props travel in data attributes,
 * never in inline code), its own stylesheet
 * plus the inline <style> elements it knows, allowed by hash, and the map frame. No 'unsafe-inline' or
 * 'unsafe-eval' anywhere. Style attributes need nothing: no server markup has one, and the
 * styles React and sonner set at run time go through the CSSOM, which CSP does not restrict.
 */
export function pageDirectives(hashes: StyleHashes, needs: PageNeeds = EVERYTHING): Directives {
  const toastHashes = needs.toasts ? [hashes.toastStyles, EMPTY_STYLE_HASH] : [];
  const styleHashes = [hashes.siteStyles, ...toastHashes].filter((h): h is string => h !== null);
  const scriptHashes = [hashes.islandLoader, needs.cartHint ? hashes.cartHint : null];
  return {
    "default-src": ["'none'"],
    "script-src": ["'self'", ...scriptHashes.flatMap((h) => (h ? [`'${h}'`] : []))],
    "style-src": ["'self'", ...styleHashes.map((h) => `'${h}'`)],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "manifest-src": ["'self'"],
    ...(needs.mapFrame ? { "frame-src": [MAP_FRAME_ORIGIN] } : {}),
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    // The checkout opens Stripe by navigating a tab, never by posting a form to it.
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/** Responses that are not pages (JSON, XML, text) load nothing and may be framed by no one. */
export const API_DIRECTIVES: Directives = {
  "default-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
};

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}
