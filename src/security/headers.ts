import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { API_DIRECTIVES, type PageNeeds, pageDirectives, type StyleHashes, serializePolicy } from "./csp.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** What the page being answered needs its policy to allow (see PageNeeds); unset: everything. */
    pageNeeds: PageNeeds;
    /** Set by a page that is the same document for every visitor: it goes without COOP (see below). */
    sharedDocument: boolean;
  }
}

/** Two years, with subdomains and preload: the bar of the HSTS preload list (Hono's default is 180 days). */
const HSTS = "max-age=63072000; includeSubDomains; preload";

/**
 * Powerful features the site never uses, denied to the pages and to the map frame alike: those
 * that reach the person (camera, microphone, location, payment, screen capture, devices) and the
 * ad-interest API. Only names Chromium recognises: an unknown name earns a console warning and
 * protects nothing. Features of less reach (sensors, full screen, MIDI…) are not listed: a
 * cross-origin frame never gets them unless the page delegates them, and no script but the site's
 * own runs here (the CSP); every byte of these headers counts against the page's first round trip.
 */
const DENIED_FEATURES = [
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "hid",
  "microphone",
  "payment",
  "serial",
  "usb",
] as const;

const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(", ");

/**
 * Hono's secure headers with the site's values: the response headers every answer carries,
 * whatever its type. The Content-Security-Policy depends on the type and is set separately.
 */
const baseHeaders = secureHeaders({
  // A route that sets one of these itself (a stricter Referrer-Policy on a page whose URL holds a key) keeps it.
  overwrite: false,
  strictTransportSecurity: HSTS,
  referrerPolicy: "strict-origin-when-cross-origin",
  xFrameOptions: "DENY",
  crossOriginOpenerPolicy: "same-origin",
  crossOriginResourcePolicy: "same-origin",
  xContentTypeOptions: "nosniff",
  removePoweredBy: true,
  // Hono's defaults for browsers long gone (IE8's download prompt, Flash and Acrobat policy files,
  // the removed XSS auditor) and a DNS-prefetch switch for a site that links to no other host:
  // 119 bytes in every response, which decide whether a page fits its first round trip.
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  xDnsPrefetchControl: false,
});

/*
 * Cross-Origin-Opener-Policy puts a page in a browsing context group of its own: a window that
 * opened it (or that it opens) gets no handle on it, and on Android, where Chrome isolates only
 * some sites, it gets a renderer process of its own. That is worth it where the document holds
 * someone's data: an order or a quote, a billing link's key, the owner's back office, every
 * per-request page. A public page holds nothing a window could use (framing is refused anyway,
 * and the payment tab's opener is cut), while the swap to a fresh renderer costs each first visit:
 * measured with Lighthouse's phone model, 0.72-0.79 s to first paint instead of 0.61-0.69 s
 * (docs/performance.md). So a page that is the same document for every visitor goes without.
 */

/**
 * The security headers of every response: HTML pages get the page policy (with the hash of the
 * page's own inline stylesheet, and only the extras it needs), everything else the deny-all policy of a response that loads nothing.
 */
export function securityHeaders(hashes: Omit<StyleHashes, "siteStyles">): MiddlewareHandler {
  // One policy per page stylesheet (a few dozen at most), built once.
  const pagePolicies = new Map<string, string>();
  const pagePolicy = (siteStyles: string | null, needs: PageNeeds | undefined) => {
    const key = `${siteStyles} ${needs ? Object.values(needs).join() : "all"}`;
    let policy = pagePolicies.get(key);
    if (policy === undefined) {
      policy = serializePolicy(pageDirectives({ ...hashes, siteStyles }, needs));
      if (pagePolicies.size < 256) pagePolicies.set(key, policy);
    }
    return policy;
  };
  const apiPolicy = serializePolicy(API_DIRECTIVES);
  return async (c, next) => {
    await baseHeaders(c, next);
    c.res.headers.set("Permissions-Policy", PERMISSIONS_POLICY);
    // Before the 304 return: a revalidated page's headers are merged into the cached copy's.
    if (c.get("sharedDocument")) c.res.headers.delete("Cross-Origin-Opener-Policy");
    // A 304's headers overwrite the cached page's: it must not swap the page policy for another.
    if (c.res.status === 304) return;
    const isHtml = c.res.headers.get("Content-Type")?.toLowerCase().startsWith("text/html") ?? false;
    c.res.headers.set(
      "Content-Security-Policy",
      isHtml ? pagePolicy(c.get("pageStyleHash") ?? null, c.get("pageNeeds")) : apiPolicy,
    );
  };
}
