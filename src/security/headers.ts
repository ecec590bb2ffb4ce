import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { API_DIRECTIVES, pageDirectives, type StyleHashes, serializePolicy } from "./csp.ts";

/** Two years, with subdomains and preload: the bar of the HSTS preload list (Hono's default is 180 days). */
const HSTS = "max-age=63072000; includeSubDomains; preload";

/**
 * Powerful features the site never uses, denied to the pages and to the map frame alike. Only
 * names Chromium recognises: an unknown name earns a console warning and protects nothing.
 */
const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "sync-xhr",
  "usb",
  "xr-spatial-tracking",
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
});

/**
 * The security headers of every response: HTML pages get the page policy (with the hash of the
 * page's own inline stylesheet), everything else the deny-all policy of a response that loads nothing.
 */
export function securityHeaders(hashes: Omit<StyleHashes, "siteStyles">): MiddlewareHandler {
  // One policy per page stylesheet (a few dozen at most), built once.
  const pagePolicies = new Map<string | null, string>();
  const pagePolicy = (siteStyles: string | null) => {
    let policy = pagePolicies.get(siteStyles);
    if (policy === undefined) {
      policy = serializePolicy(pageDirectives({ ...hashes, siteStyles }));
      if (pagePolicies.size < 256) pagePolicies.set(siteStyles, policy);
    }
    return policy;
  };
  const apiPolicy = serializePolicy(API_DIRECTIVES);
  return async (c, next) => {
    await baseHeaders(c, next);
    c.res.headers.set("Permissions-Policy", PERMISSIONS_POLICY);
    // A 304's headers overwrite the cached page's: it must not swap the page policy for another.
    if (c.res.status === 304) return;
    const isHtml = c.res.headers.get("Content-Type")?.toLowerCase().startsWith("text/html") ?? false;
    c.res.headers.set("Content-Security-Policy", isHtml ? pagePolicy(c.get("pageStyleHash") ?? null) : apiPolicy);
  };
}
