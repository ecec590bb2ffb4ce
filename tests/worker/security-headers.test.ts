import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import sonnerSource from "../../node_modules/sonner/dist/index.mjs?raw";
import { cartHintCode, cartHintHash, islandLoaderCode, islandLoaderHash } from "../../src/render/assets.ts";
import { publicRoutes } from "../support/routes.ts";
import { parseDocument, queryAll } from "./support/html.ts";
import { parseCsp, type ScannedResponse, scoreResponse } from "./support/observatory.ts";

const SITE = "http://example.com";
/** The Origin the Observatory sends to look for CORS headers. */
const FOREIGN_ORIGIN = "https://http-observatory.security.mozilla.org";

const pagePaths = [...publicRoutes, "/no-such-page"];

async function scan(path: string): Promise<ScannedResponse> {
  const res = await exports.default.fetch(`${SITE}${path}`);
  const cors = await exports.default.fetch(`${SITE}${path}`, { headers: { Origin: FOREIGN_ORIGIN } });
  await cors.arrayBuffer();
  return { headers: res.headers, body: await res.text(), corsHeaders: cors.headers, corsOrigin: FOREIGN_ORIGIN };
}

/** One response of every kind the worker gives: pages, the 404 page, XML, text and JSON answers. */
const everyKindOfResponse: [string, () => Promise<Response>][] = [
  ["a page", () => exports.default.fetch(`${SITE}/`)],
  ["the 404 page", () => exports.default.fetch(`${SITE}/no-such-page`)],
  ["robots.txt", () => exports.default.fetch(`${SITE}/robots.txt`)],
  ["sitemap.xml", () => exports.default.fetch(`${SITE}/sitemap.xml`)],
  ["a JSON 405", () => exports.default.fetch(`${SITE}/create-custom-payment`)],
  ["a JSON 403", () => exports.default.fetch(`${SITE}/create-custom-payment`, { method: "POST", body: "{}" })],
  // The areas loaded on first use (app.ts) answer through the same shell (the back office and
  // receipts send no Referer at all: their own tests).
  ["a back-office 404", () => exports.default.fetch(`${SITE}/admin/no-such-section`)],
  ["M-Pesa's terms", () => exports.default.fetch(`${SITE}/mpesa/terms`)],
  ["an M-Pesa 404", () => exports.default.fetch(`${SITE}/mpesa/no-such-thing`)],
  ["an unsigned Stripe webhook", () => exports.default.fetch(`${SITE}/stripe/webhook`, { method: "POST", body: "{}" })],
];

describe("the areas loaded on first use", () => {
  it.each(["/admin/no-such-section", "/mpesa/no-such-thing"])(
    "%s is the site's 404 page, with one request id and one policy",
    async (path) => {
      const [area, site] = await Promise.all([
        exports.default.fetch(`${SITE}${path}`, { headers: { Accept: "text/html" } }),
        exports.default.fetch(`${SITE}/no-such-page`, { headers: { Accept: "text/html" } }),
      ]);
      const [areaHtml, siteHtml] = await Promise.all([area.text(), site.text()]);
      expect(area.status).toBe(404);
      const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(title(areaHtml)).toBe(title(siteHtml));
      expect(area.headers.get("X-Request-Id")?.split(",")).toHaveLength(1);
      const csp = area.headers.get("Content-Security-Policy") ?? "";
      expect(csp.match(/default-src/g)).toHaveLength(1);
      // The page's scripts carry the nonce the policy names: the shell ran once, not twice.
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      if (nonce) expect(areaHtml).toContain(`nonce="${nonce}"`);
    },
  );
});

/** The CSP hash of the stylesheet sonner inserts, computed here independently of the build plugin. */
async function sonnerStyleHash(): Promise<string> {
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(sonnerSource)?.[1];
  if (!literal) throw new Error("sonner's __insertCSS call was not found");
  return cspHash(JSON.parse(literal) as string);
}

async function cspHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

describe("Mozilla HTTP Observatory score", () => {
  it.each(pagePaths)("%s scores A+ on the Observatory's table", async (path) => {
    const card = scoreResponse(await scan(path));
    if (path === "/") console.log(`Observatory score of /: ${card.score} (${card.grade})`, card.results);
    expect(card.results).toMatchObject({
      "content-security-policy": "csp-implemented-with-no-unsafe-default-src-none",
      cookies: "cookies-not-found",
      "cross-origin-resource-sharing": "cross-origin-resource-sharing-not-implemented",
      "referrer-policy": "referrer-policy-private",
      "strict-transport-security": "hsts-implemented-max-age-at-least-six-months",
      "subresource-integrity": "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
      "x-content-type-options": "x-content-type-options-nosniff",
      "x-frame-options": "x-frame-options-implemented-via-csp",
      "cross-origin-resource-policy": "cross-origin-resource-policy-implemented-with-same-origin",
    });
    expect(card.score).toBe(130);
    expect(card.grade).toBe("A+");
  });

  it("the table grades weak header sets down (the scorer can fail)", () => {
    const none = new Headers({ "Content-Type": "text/html" });
    const bare = scoreResponse({ headers: none, body: "<p>hi</p>", corsHeaders: none, corsOrigin: FOREIGN_ORIGIN });
    // -25 no CSP, -20 no HSTS, -5 no nosniff, -20 no frame protection.
    expect(bare.score).toBe(30);
    expect(bare.grade).toBe("D");

    const unsafe = new Headers({
      "Content-Type": "text/html",
      "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'",
      "Strict-Transport-Security": "max-age=15552000; includeSubDomains",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "SAMEORIGIN",
      "Referrer-Policy": "no-referrer",
    });
    const card = scoreResponse({ headers: unsafe, body: "", corsHeaders: unsafe, corsOrigin: FOREIGN_ORIGIN });
    expect(card.results["content-security-policy"]).toBe("csp-implemented-with-unsafe-inline");
    // 80 after penalties: below an A, so the Referrer-Policy bonus does not count.
    expect(card.score).toBe(80);
    expect(card.grade).toBe("B+");
  });
});

describe("the headers of every response", () => {
  it.each(everyKindOfResponse)("%s carries the site's security headers", async (_kind, request) => {
    const res = await request();
    await res.arrayBuffer();
    const h = res.headers;
    expect(h.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains; preload");
    expect(h.get("X-Content-Type-Options")).toBe("nosniff");
    expect(h.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(h.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
    expect(h.get("X-Frame-Options")).toBe("DENY");
    for (const feature of ["geolocation", "microphone", "payment", "usb", "browsing-topics"]) {
      expect(h.get("Permissions-Policy")).toContain(`${feature}=()`);
    }
    expect(h.get("Permissions-Policy")).not.toMatch(/=\*|=\(self|=\("/);
    expect(h.get("X-Request-Id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(h.has("X-Powered-By")).toBe(false);
    for (const obsolete of ["X-XSS-Protection", "X-Download-Options", "X-Permitted-Cross-Domain-Policies"]) {
      expect(h.has(obsolete)).toBe(false);
    }
    expect(h.has("Access-Control-Allow-Origin")).toBe(false);
    expect(h.has("Access-Control-Allow-Credentials")).toBe(false);
    expect(h.get("Content-Security-Policy")).toMatch(/frame-ancestors 'none'/);
  });

  it.each([
    ["the 404 page", "/no-such-page"],
    ["a billing link's page (its key in the URL)", "/billing/open?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"],
    ["a JSON answer", "/create-custom-payment"],
  ])("%s, made for its request, opens in a browsing context group of its own (COOP)", async (_kind, path) => {
    const res = await exports.default.fetch(`${SITE}${path}`);
    await res.arrayBuffer();
    expect(res.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
  });

  it.each(publicRoutes)(
    "%s, the same document for every visitor, goes without COOP, on a 200 and on a 304",
    async (path) => {
      const res = await exports.default.fetch(`${SITE}${path}`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      expect(res.headers.has("Cross-Origin-Opener-Policy")).toBe(false);
      const etag = res.headers.get("ETag") ?? "";
      const revalidated = await exports.default.fetch(`${SITE}${path}`, { headers: { "If-None-Match": etag } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.has("Cross-Origin-Opener-Policy")).toBe(false);
    },
  );

  it("gives each request its own id", async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await exports.default.fetch(`${SITE}/`)).headers));
    expect(new Set(ids.map((h) => h.get("X-Request-Id"))).size).toBe(3);
  });

  it("answers no CORS preflight: another origin may not call the endpoints", async () => {
    const res = await exports.default.fetch(`${SITE}/create-custom-payment`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://evil.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    await res.arrayBuffer();
    expect(res.headers.has("Access-Control-Allow-Origin")).toBe(false);
    expect(res.headers.has("Access-Control-Allow-Methods")).toBe(false);
  });
});

describe("Content-Security-Policy", () => {
  it.each(pagePaths)("%s allows only the site's own scripts and nothing inline", async (path) => {
    const res = await exports.default.fetch(`${SITE}${path}`);
    await res.arrayBuffer();
    const csp = parseCsp(res.headers.get("Content-Security-Policy") ?? "");
    expect(csp.get("default-src")).toEqual(new Set(["'none'"]));
    // The only inline scripts are the constant island loader and cart hint, allowed by their hashes
    // alone (parseCsp lower-cases sources, so the case-sensitive hashes are checked on the raw header too).
    // The cart hint runs on /checkout only, and only there is its hash allowed.
    const hashes = path === "/checkout" ? [islandLoaderHash, cartHintHash] : [islandLoaderHash];
    expect(csp.get("script-src")).toEqual(new Set(["'self'", ...hashes.map((h) => `'${h.toLowerCase()}'`)]));
    expect(res.headers.get("Content-Security-Policy")).toContain(
      `script-src 'self' ${hashes.map((h) => `'${h}'`).join(" ")};`,
    );
    expect(csp.get("object-src")).toEqual(new Set(["'none'"]));
    expect(csp.get("base-uri")).toEqual(new Set(["'none'"]));
    expect(csp.get("frame-ancestors")).toEqual(new Set(["'none'"]));
    expect(csp.get("form-action")).toEqual(new Set(["'self'"]));
    expect(csp.get("connect-src")).toEqual(new Set(["'self'"]));
    // The office map's frame on /contact; no other page may frame anything (default-src 'none').
    expect(csp.get("frame-src")).toEqual(path === "/contact" ? new Set(["https://www.openstreetmap.org"]) : undefined);
    expect(csp.has("style-src-attr")).toBe(false);
    const style = [...(csp.get("style-src") ?? [])];
    expect(style).toContain("'self'");
    expect(style.filter((s) => s !== "'self'").every((s) => s.startsWith("'sha256-"))).toBe(true);
    const policy = res.headers.get("Content-Security-Policy") ?? "";
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic|\*|http:/);
    // data: only for images (the inlined favicon): never scripts, styles, frames or connections.
    expect(csp.get("img-src")).toEqual(new Set(["'self'", "data:"]));
    for (const [directive, sources] of csp)
      if (directive !== "img-src") expect(sources.has("data:"), directive).toBe(false);
  });

  it("allows exactly the <style> element sonner inserts, by the hash of its text", async () => {
    const res = await exports.default.fetch(`${SITE}/pricing`);
    await res.arrayBuffer();
    const style = parseCsp(res.headers.get("Content-Security-Policy") ?? "").get("style-src");
    // parseCsp lower-cases sources; base64 is case-sensitive, so compare against the raw header too.
    expect(res.headers.get("Content-Security-Policy")).toContain(await sonnerStyleHash());
    // sonner appends its <style> empty and fills it after: Chromium checks the empty one too.
    expect(res.headers.get("Content-Security-Policy")).toContain(await cspHash(""));
    expect(style?.size).toBeGreaterThanOrEqual(3);
  });

  it.each(pagePaths)(
    "%s has no inline script, event handler or style attribute the policy would block",
    async (path) => {
      const document = parseDocument(await (await exports.default.fetch(`${SITE}${path}`)).text());
      for (const script of queryAll(document, "script")) {
        const body = script.textContent;
        const isDataBlock = script.getAttribute("type") === "application/ld+json";
        const isOwnScript = /^\/[^/]/.test(script.getAttribute("src") ?? "");
        const isLoader = script.hasAttribute("data-entries") && body === islandLoaderCode;
        const isCartHint = path === "/checkout" && script.attributes.length === 0 && body === cartHintCode;
        expect(isDataBlock || isOwnScript || isLoader || isCartHint, script.outerHTML).toBe(true);
      }
      expect(queryAll(document, "[data-entries]").length).toBeLessThanOrEqual(1);
      const attributes = queryAll(document, "*").flatMap((el) =>
        Array.from(el.attributes, (a) => ({ tag: el.tagName.toLowerCase(), name: a.name, value: a.value })),
      );
      expect(attributes.filter((a) => /^on[a-z]+$/i.test(a.name))).toEqual([]);
      expect(attributes.filter((a) => a.name === "style")).toEqual([]);
      expect(attributes.filter((a) => a.name === "href" && /^javascript:/i.test(a.value))).toEqual([]);
    },
  );

  it("gives answers that are not pages a policy that allows nothing", async () => {
    for (const path of ["/robots.txt", "/sitemap.xml", "/create-custom-payment"]) {
      const res = await exports.default.fetch(`${SITE}${path}`);
      await res.arrayBuffer();
      expect(res.headers.get("Content-Security-Policy"), path).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
    }
  });

  it("leaves a 304 without a policy, so the cached page keeps its own", async () => {
    const first = await exports.default.fetch(`${SITE}/about`);
    await first.arrayBuffer();
    const etag = first.headers.get("ETag");
    expect(etag).toBeTruthy();
    const again = await exports.default.fetch(`${SITE}/about`, { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.headers.has("Content-Security-Policy")).toBe(false);
    expect(again.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains; preload");
  });
});

describe("the inline scripts", () => {
  it.each([
    ["island loader", islandLoaderCode, islandLoaderHash],
    ["cart hint", cartHintCode, cartHintHash],
  ])("the %s is allowed by the hash of its exact text", async (_name, code, hash) => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code));
    const base64 = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(hash).toBe(`sha256-${base64}`);
  });
});
