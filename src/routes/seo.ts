import { Hono } from "hono";
import type { AppEnv } from "../app.ts";
import { pages } from "../pages/index.ts";

/** Paths kept out of search engines: the owner's view and the endpoints. */
const disallowed = ["/admin", "/create-custom-payment", "/api/", "/stripe/"];

/** robots.txt and sitemap.xml, built from the page list so a new page is never forgotten. */
export function seoRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/robots.txt", (c) => {
    const origin = new URL(c.req.url).origin;
    const lines = [
      "User-agent: *",
      "Allow: /",
      ...disallowed.map((p) => `Disallow: ${p}`),
      "",
      `Sitemap: ${origin}/sitemap.xml`,
    ];
    return c.text(`${lines.join("\n")}\n`, 200, { "Cache-Control": "public, max-age=3600" });
  });

  app.get("/sitemap.xml", (c) => {
    const origin = new URL(c.req.url).origin;
    const urls = pages
      .filter((p) => !p.noindex && !disallowed.some((d) => p.path.startsWith(d)))
      .map((p) => `  <url><loc>${origin}${p.path}</loc></url>`);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return c.body(xml, 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    });
  });

  return app;
}
