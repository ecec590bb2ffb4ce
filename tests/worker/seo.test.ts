import { exports } from "cloudflare:workers";
import { DOMParser } from "linkedom";
import { describe, expect, it } from "vitest";
import { faqEntries } from "../../src/site/faq-copy.ts";
import { indexedRoutes } from "../support/routes.ts";
import { type FetchedPage, get, parseDocument, queryAll } from "./support/html.ts";

const ORIGIN = "http://example.com";

function jsonLd(html: string): Record<string, unknown>[] {
  return queryAll(parseDocument(html), 'script[type="application/ld+json"]').map((s) =>
    JSON.parse(s.textContent ?? ""),
  );
}

/** The content of the page's <meta> with this name or property (null when there is none). */
const metaContent = (page: FetchedPage, key: string) =>
  page.query(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute("content") ?? null;

describe("search and sharing", () => {
  it("robots.txt allows the site, keeps /admin out and points to the sitemap", async () => {
    const res = await exports.default.fetch(`${ORIGIN}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("User-agent: *");
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("sitemap.xml lists every public route and nothing private", async () => {
    const res = await exports.default.fetch(`${ORIGIN}/sitemap.xml`);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const sitemap = new DOMParser().parseFromString(xml, "text/xml");
    const locs = Array.from(sitemap.querySelectorAll("loc"), (loc: Element) => loc.textContent);
    for (const path of indexedRoutes) {
      expect(locs).toContain(`${ORIGIN}${path}`);
    }
    expect(xml).not.toContain("/admin");
  });

  it("gives each page a canonical URL, Open Graph and Twitter tags with the share image", async () => {
    const page = await get("/services");
    expect(page.query('link[rel="canonical"]')?.getAttribute("href")).toBe(`${ORIGIN}/services`);
    expect(metaContent(page, "og:url")).toBe(`${ORIGIN}/services`);
    expect(metaContent(page, "og:image")).toBe(`${ORIGIN}/og-image.jpg`);
    expect(metaContent(page, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(page, "og:title")).toMatch(/^Services/);
  });

  it("marks the 404 page noindex instead of giving it a canonical URL", async () => {
    const page = await get("/no-such-page");
    expect(metaContent(page, "robots")).toBe("noindex");
    expect(page.query('[rel="canonical"]')).toBeNull();
    expect(page.html).not.toContain('rel="canonical"');
  });

  it("describes the business on the home page as a ProfessionalService in Nairobi with its hours", async () => {
    const [business] = jsonLd((await get("/")).html);
    expect(business).toMatchObject({
      "@type": "ProfessionalService",
      address: { addressLocality: "Nairobi", addressCountry: "KE" },
      openingHoursSpecification: [
        { dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" },
      ],
    });
    expect(business?.contactPoint).toBeDefined();
  });

  it("lists every FAQ question as FAQPage structured data on /faq", async () => {
    const [faq] = jsonLd((await get("/faq")).html) as { "@type": string; mainEntity: { name: string }[] }[];
    expect(faq?.["@type"]).toBe("FAQPage");
    expect(faq?.mainEntity.map((q) => q.name)).toEqual(faqEntries.map((e) => e.question));
  });

  it("revalidates pages with an ETag and answers 304 when nothing changed", async () => {
    const first = await exports.default.fetch(`${ORIGIN}/about`);
    await first.arrayBuffer();
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const tag = first.headers.get("etag");
    expect(tag).toBeTruthy();
    const again = await exports.default.fetch(`${ORIGIN}/about`, { headers: { "If-None-Match": tag! } });
    expect(again.status).toBe(304);
  });

  it("sends pages gzip-compressed once per isolate to clients that accept it, and plain to others", async () => {
    const plain = await exports.default.fetch(`${ORIGIN}/about`, { headers: { "Accept-Encoding": "identity" } });
    const plainHtml = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plainHtml.startsWith("<!doctype html>")).toBe(true);

    const zipped = await exports.default.fetch(`${ORIGIN}/about`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(zipped.headers.get("etag")).toBe(plain.headers.get("etag"));
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    const text =
      bytes[0] === 0x1f && bytes[1] === 0x8b
        ? await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text()
        : new TextDecoder().decode(bytes);
    expect(text).toBe(plainHtml);

    const refused = await exports.default.fetch(`${ORIGIN}/about`, { headers: { "Accept-Encoding": "gzip;q=0" } });
    expect(refused.headers.get("content-encoding")).toBeNull();
    await refused.arrayBuffer();
  });
});
