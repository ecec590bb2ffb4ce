import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { siteOrigin } from "../http/site-origin.ts";
import { crawlerDisallowedPaths, ROBOTS_PATH, SITEMAP_PATH } from "../paths.ts";
import { pages } from "./public-pages.ts";

/** robots.txt and sitemap.xml, built from the page list so a new page is never forgotten. */
export function seoRoutes() {
  const app = new Hono<AppEnv>();

  app.get(ROBOTS_PATH, (c) => {
    const origin = siteOrigin(c.env, c.req.url);
    const lines = [
      "User-agent: *",
      "Allow: /",
      ...crawlerDisallowedPaths.map((p) => `Disallow: ${p}`),
      "",
      `Sitemap: ${origin}${SITEMAP_PATH}`,
    ];
    return c.text(`${lines.join("\n")}\n`, 200, { "Cache-Control": "public, max-age=3600" });
  });

  app.get(SITEMAP_PATH, (c) => {
    const origin = siteOrigin(c.env, c.req.url);
    const urls = pages
      .filter((p) => !p.noindex && !crawlerDisallowedPaths.some((d) => p.path.startsWith(d)))
      .map((p) => `  <url><loc>${origin}${p.path}</loc></url>`);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return c.body(xml, 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    });
  });

  return app;
}
