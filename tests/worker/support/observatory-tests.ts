/**
 * The rules that pick each Observatory test's result from a response, written from the
 * Observatory's documentation (see observatory.ts for the table they feed).
 */
import { parseDocument, queryAll } from "./html.ts";
import type { Result, ScannedResponse } from "./observatory-results.ts";

// --- Content Security Policy ---------------------------------------------------------------

const BROAD = new Set(["ftp:", "http:", "https:", "*", "http://*", "http://*.*", "https://*", "https://*.*"]);
const INLINE = new Set(["'unsafe-inline'", "data:"]);
const isBroadOrInline = (s: string) => BROAD.has(s) || INLINE.has(s);
const isHashOrNonce = (s: string) => /^'(sha256|sha384|sha512|nonce)-/.test(s);

/** Directive name → sources, lower-cased. Throws on a policy the Observatory calls invalid. */
export function parseCsp(header: string): Map<string, Set<string>> {
  const policy = new Map<string, Set<string>>();
  for (const part of header.split(",")) {
    if (part.trim().length < "img-src".length - 1) throw new Error(`Invalid policy: ${part}`);
    for (const entry of part.split(";")) {
      const [name, ...sources] = entry.trim().split(/\s+/).filter(Boolean);
      if (!name) continue;
      const directive = name.toLowerCase();
      if (policy.has(directive)) throw new Error(`Duplicate directive ${directive}`);
      const values = sources.map((s) => s.toLowerCase());
      policy.set(directive, new Set(values.length === 0 && directive.endsWith("-src") ? ["'none'"] : values));
    }
  }
  return policy;
}

export function cspResult(headers: Headers): Result {
  const header = headers.get("Content-Security-Policy");
  if (!header) {
    return headers.has("Content-Security-Policy-Report-Only")
      ? "csp-not-implemented-but-reporting-enabled"
      : "csp-not-implemented";
  }
  let csp: Map<string, Set<string>>;
  try {
    csp = parseCsp(header);
  } catch {
    return "csp-header-invalid";
  }
  const fallback = (name: string) => new Set(csp.get(name) ?? csp.get("default-src") ?? ["*"]);
  const script = fallback("script-src");
  const style = fallback("style-src");
  const object = fallback("object-src");
  for (const list of [script, style]) {
    if ([...list].some(isHashOrNonce)) list.delete("'unsafe-inline'");
  }
  if (script.has("'strict-dynamic'")) {
    if (![...script].some(isHashOrNonce)) return "csp-header-invalid";
    for (const s of [...script]) {
      if ([...BROAD].some((b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'") script.delete(s);
    }
  }
  const passiveNames = ["img-src", "media-src"];
  const active = [...csp].filter(([n]) => !passiveNames.includes(n) && n !== "script-src").flatMap(([, s]) => [...s]);
  active.push(...script);
  const passive = passiveNames.flatMap((n) => [...(csp.get(n) ?? csp.get("default-src") ?? [])]);
  const insecure = (s: string) => s.startsWith("http:") || s.startsWith("ftp:");

  // The first rule that matches decides, in the Observatory's order.
  if ([...script].some(isBroadOrInline) || [...object].some((s) => BROAD.has(s))) {
    return "csp-implemented-with-unsafe-inline";
  }
  if (active.some(insecure)) return "csp-implemented-with-insecure-scheme";
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) return "csp-implemented-with-unsafe-eval";
  if (passive.some(insecure)) return "csp-implemented-with-insecure-scheme-in-passive-content-only";
  if ([...style].some(isBroadOrInline)) return "csp-implemented-with-unsafe-inline-in-style-src-only";
  const defaultSrc = csp.get("default-src");
  if (defaultSrc?.size === 1 && defaultSrc.has("'none'")) return "csp-implemented-with-no-unsafe-default-src-none";
  return "csp-implemented-with-no-unsafe";
}

// --- The other tests -----------------------------------------------------------------------

export function cookiesResult(headers: Headers): Result {
  const cookies = headers.getSetCookie();
  if (cookies.length === 0) return "cookies-not-found";
  const flags = cookies.map((cookie) => {
    const attributes = cookie.split(";").map((a) => a.trim().toLowerCase());
    const sameSite = attributes.find((a) => a.startsWith("samesite="))?.slice("samesite=".length);
    return {
      secure: attributes.includes("secure"),
      httpOnly: attributes.includes("httponly"),
      sameSite,
      session: /sess|token|auth|login|id$/i.test(cookie.split("=")[0] ?? ""),
    };
  });
  const hsts = hstsResult(headers) === "hsts-implemented-max-age-at-least-six-months";
  if (flags.some((f) => f.sameSite !== undefined && !["strict", "lax", "none"].includes(f.sameSite))) {
    return "cookies-samesite-flag-invalid";
  }
  if (flags.some((f) => f.session && !f.secure)) {
    return hsts ? "cookies-session-without-secure-flag-but-protected-by-hsts" : "cookies-session-without-secure-flag";
  }
  if (flags.some((f) => f.session && !f.httpOnly)) return "cookies-session-without-httponly-flag";
  if (flags.some((f) => !f.secure)) {
    return hsts ? "cookies-without-secure-flag-but-protected-by-hsts" : "cookies-without-secure-flag";
  }
  return flags.every((f) => f.sameSite === "strict" || f.sameSite === "lax")
    ? "cookies-secure-with-httponly-sessions-and-samesite"
    : "cookies-secure-with-httponly-sessions";
}

export function corsResult({ corsHeaders, corsOrigin }: ScannedResponse): Result {
  const allowed = corsHeaders.get("Access-Control-Allow-Origin")?.trim().toLowerCase();
  if (!allowed) return "cross-origin-resource-sharing-not-implemented";
  if (allowed === "*") return "cross-origin-resource-sharing-implemented-with-public-access";
  const credentials = corsHeaders.get("Access-Control-Allow-Credentials")?.trim().toLowerCase() === "true";
  return allowed === corsOrigin.toLowerCase() && credentials
    ? "cross-origin-resource-sharing-implemented-with-universal-access"
    : "cross-origin-resource-sharing-implemented-with-restricted-access";
}

export function referrerResult(headers: Headers): Result {
  const header = headers.get("Referrer-Policy");
  if (!header) return "referrer-policy-not-implemented";
  const good = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
  const bad = ["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"];
  const last = header
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter((v) => good.includes(v) || bad.includes(v))
    .at(-1);
  if (last === undefined) return "referrer-policy-header-invalid";
  return good.includes(last) ? "referrer-policy-private" : "referrer-policy-unsafe";
}

/** Six months, as the Observatory counts it (15552000 s rather than 15768000). */
const SIX_MONTHS_SECONDS = 15_552_000;

export function hstsResult(headers: Headers): Result {
  const header = headers.get("Strict-Transport-Security");
  if (!header) return "hsts-not-implemented";
  if (header.includes(",")) return "hsts-header-invalid";
  const maxAge = header
    .split(";")
    .map((p) => p.trim().toLowerCase())
    .find((p) => p.startsWith("max-age="));
  const seconds = maxAge === undefined ? Number.NaN : Number.parseInt(maxAge.slice("max-age=".length), 10);
  if (Number.isNaN(seconds)) return "hsts-header-invalid";
  return seconds >= SIX_MONTHS_SECONDS
    ? "hsts-implemented-max-age-at-least-six-months"
    : "hsts-implemented-max-age-less-than-six-months";
}

export function sriResult({ headers, body }: ScannedResponse): Result {
  const mime = headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (mime && mime !== "text/html" && mime !== "application/xhtml+xml") return "sri-not-implemented-response-not-html";
  const scripts = queryAll(parseDocument(body), "script");
  if (scripts.length === 0) return "sri-not-implemented-but-no-scripts-loaded";
  let result: Result = "sri-not-implemented-but-all-scripts-loaded-from-secure-origin";
  for (const script of scripts) {
    const src = script.getAttribute("src");
    if (src === null) continue;
    const external = /^(https?:)?\/\//i.test(src);
    const integrity = script.hasAttribute("integrity");
    if (!external) continue;
    const secure = src.toLowerCase().startsWith("https://");
    if (!integrity) {
      return secure
        ? "sri-not-implemented-but-external-scripts-loaded-securely"
        : "sri-not-implemented-and-external-scripts-not-loaded-securely";
    }
    if (!secure) return "sri-implemented-but-external-scripts-not-loaded-securely";
    result = "sri-implemented-and-external-scripts-loaded-securely";
  }
  return result;
}

export function xctoResult(headers: Headers): Result {
  const header = headers.get("X-Content-Type-Options");
  if (!header) return "x-content-type-options-not-implemented";
  return header.trim().toLowerCase() === "nosniff"
    ? "x-content-type-options-nosniff"
    : "x-content-type-options-header-invalid";
}

export function xfoResult(headers: Headers): Result {
  const csp = headers.get("Content-Security-Policy");
  try {
    if (csp && parseCsp(csp).has("frame-ancestors")) return "x-frame-options-implemented-via-csp";
  } catch {
    // An invalid policy counts for nothing; X-Frame-Options decides alone.
  }
  const header = headers.get("X-Frame-Options")?.trim().toLowerCase();
  if (!header) return "x-frame-options-not-implemented";
  if (header === "deny" || header === "sameorigin") return "x-frame-options-sameorigin-or-deny";
  return header.startsWith("allow-from") ? "x-frame-options-allow-from-origin" : "x-frame-options-header-invalid";
}

export function corpResult(headers: Headers): Result {
  const header = headers.get("Cross-Origin-Resource-Policy")?.trim().toLowerCase();
  if (!header) return "cross-origin-resource-policy-not-implemented";
  if (header === "same-origin") return "cross-origin-resource-policy-implemented-with-same-origin";
  if (header === "same-site") return "cross-origin-resource-policy-implemented-with-same-site";
  if (header === "cross-origin") return "cross-origin-resource-policy-implemented-with-cross-origin";
  return "cross-origin-resource-policy-header-invalid";
}
