import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { publicRoutes } from "../support/routes.ts";
import { get, linksIn } from "./support/html.ts";

describe("every route", () => {
  // The spec's own list (tests/support/routes.ts), not the source's: a page dropped from the
  // source's list must fail here, not drop out of the test.
  it.each(publicRoutes)("%s answers 200 with HTML, its own title and one h1", async (path) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.contentType).toBe("text/html; charset=UTF-8");
    expect(page.title).not.toBe("");
    expect(page.queryAll("h1")).toHaveLength(1);
    // The page opens with the doctype (no quirks mode) and an English <html>.
    expect(page.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(page.document.documentElement.getAttribute("lang")).toBe("en");
    expect(page.query('meta[name="description"]')?.hasAttribute("content")).toBe(true);
  });

  it("gives every route a different title", async () => {
    const titles = await Promise.all(publicRoutes.map(async (path) => (await get(path)).title));
    expect(new Set(titles).size).toBe(publicRoutes.length);
  });

  it("has the header, main, footer and navigation landmarks on every page", async () => {
    for (const path of publicRoutes) {
      const page = await get(path);
      for (const selector of ["header", "nav", "main#main", "footer"])
        expect(page.query(selector), `${path} ${selector}`).not.toBeNull();
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
      expect(linksIn(page.document)).toContainEqual({ href: "/", text: "Return to Home" });
    },
  );

  it("answers 404 to a POST to an unknown path too", async () => {
    const res = await exports.default.fetch("http://example.com/nope", { method: "POST" });
    expect(res.status).toBe(404);
  });
});
