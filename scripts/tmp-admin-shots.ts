// Throwaway: screenshots of back-office lists on the seeded 1k state (not committed).
import { chromium } from "@playwright/test";
import { serveBuiltSite } from "./lib/wrangler-server.ts";
import { chromiumArgs, findChromium } from "../tests/browser/support/chromium.ts";
const password = "shots-password-123";
const server = await serveBuiltSite(8830, { ADMIN_PASSWORD: password }, ["--persist-to", ".wrangler/scale-1000"]);
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, httpCredentials: { username: "admin", password } });
    const page = await context.newPage();
    for (const [name, path] of [["orders", "/admin/orders?oldest=1"], ["messages-q", "/admin/messages?q=ke"], ["paybill", "/admin/paybill"]]) {
      await page.goto(server.url + path);
      const nav = page.locator('nav[aria-label="Pagination"]').first();
      if (await nav.count()) await nav.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/${name}-${width}.png` });
      await page.goto(server.url + path);
      await page.screenshot({ path: `/tmp/shots/${name}-${width}-top.png` });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
