import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pages } from "../../src/pages/index.ts";
import { get } from "./support/html.ts";

describe("every route", () => {
  it.each(pages.map((p) => p.path))("%s answers 200 with HTML, its own title and one h1", async (path) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.contentType).toBe("text/html; charset=UTF-8");
    expect(page.title).not.toBe("");
    expect(page.count("<h1")).toBe(1);
    expect(page.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(page.html).toContain('<meta name="description" content="');
  });

  it("gives every route a different title", async () => {
    const titles = await Promise.all(pages.map(async (p) => (await get(p.path)).title));
    expect(new Set(titles).size).toBe(pages.length);
  });

  it("has the header, main, footer and navigation landmarks on every page", async () => {
    for (const { path } of pages) {
      const { html } = await get(path);
      for (const tag of ["<header", "<nav", '<main id="main"', "<footer"]) expect(html, path).toContain(tag);
    }
  });
});

describe("unknown paths", () => {
  it.each(["/nope", "/services/extra", "/checkout/failed", "/admin.php"])(
    "%s answers 404 with the 404 page",
    async (path) => {
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(page.h1).toBe("404");
      expect(page.text).toContain("Oops! Page not found");
      expect(page.html).toMatch(/<a href="\/"[^>]*>Return to Home<\/a>/);
    },
  );

  it("answers 404 to a POST to an unknown path too", async () => {
    const res = await exports.default.fetch("http://example.com/nope", { method: "POST" });
    expect(res.status).toBe(404);
  });
});
