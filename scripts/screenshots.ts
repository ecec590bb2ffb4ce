// `npm run screenshots [-- --route /terms] [--out dir]`: builds nothing; serves the current build and
// saves full-page screenshots of every public route at phone (375 px) and desktop (1440 px) widths,
// the way a reviewer looks at the site. PNGs go to screenshots/ (git-ignored) unless --out says.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { chromiumArgs, findChromium } from "../tests/browser/support/chromium.ts";
import { publicRoutes } from "../tests/support/routes.ts";
import { serveBuiltSite } from "./lib/wrangler-server.ts";

const { values } = parseArgs({
  options: {
    route: { type: "string", multiple: true },
    out: { type: "string", default: "screenshots" },
    port: { type: "string", default: "8794" },
  },
});
const routes: readonly string[] = values.route?.length ? values.route : publicRoutes;
const widths = [375, 1440] as const;
const out = resolve(values.out);
mkdirSync(out, { recursive: true });

const server = await serveBuiltSite(Number(values.port));
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 812 : 900 } });
    for (const path of routes) {
      await page.goto(server.url + path, { waitUntil: "networkidle" });
      // Lazy images load as they come near the viewport: bring each into view and wait for it.
      await page.evaluate(async () => {
        for (const img of document.images) {
          img.scrollIntoView();
          await img.decode().catch(() => undefined);
        }
        window.scrollTo(0, 0);
      });
      const name = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "-")}-${width}.png`;
      await page.screenshot({ path: resolve(out, name), fullPage: true });
      console.log(`${path} at ${width} px -> ${resolve(out, name)}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
