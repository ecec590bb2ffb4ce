import { expect, test } from "@playwright/test";
import { pngSize } from "../../scripts/icons/ico.ts";
import { brandColors } from "../../src/site/brand-copy.ts";

test.describe("printing a document", () => {
  for (const path of ["/terms", "/privacy", "/checkout/success"]) {
    test(`${path} prints its text alone, black on white, links followed by where they lead`, async ({ page }) => {
      await page.goto(path);
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("banner")).toBeHidden();
      await expect(page.getByRole("contentinfo")).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const colours = await page.locator("main").evaluate((main) => {
        const seen = new Set<string>();
        for (const el of [main, ...main.querySelectorAll("*")]) {
          const style = getComputedStyle(el);
          if (style.display === "none") continue;
          seen.add(`${style.color} on ${style.backgroundColor}`);
        }
        return [...seen];
      });
      expect(
        colours.every((c) => /^rgb\(0, 0, 0\) on (rgb\(255, 255, 255\)|rgba\(0, 0, 0, 0\))$/.test(c)),
        `${colours}`,
      ).toBe(true);
      const link = page.locator('main a[href^="/"]').first();
      const after = await link.evaluate((a) => getComputedStyle(a, "::after").content);
      expect(after).toContain(await link.getAttribute("href"));
    });
  }

  test("/terms fits in far fewer pages than the screen layout took (eight, with the chrome nine)", async ({ page }) => {
    await page.goto("/terms");
    const pdf = await page.pdf({ format: "A4" });
    // Pages are counted from the PDF's page tree (its /Count), which Chromium writes uncompressed.
    const count = Math.max(...[...pdf.toString("latin1").matchAll(/\/Count (\d+)/g)].map((m) => Number(m[1])));
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
  });

  test("a page that is not a document keeps its screen look in print (no stripped header)", async ({ page }) => {
    await page.goto("/pricing");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeVisible();
  });
});

test.describe("icons and manifest", () => {
  test("favicon.ico holds 16, 32 and 48 px PNG images", async ({ request }) => {
    const res = await request.get("/favicon.ico");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
    const ico = new Uint8Array(await res.body());
    const view = new DataView(ico.buffer);
    expect([view.getUint16(0, true), view.getUint16(2, true)]).toEqual([0, 1]);
    const sizes = Array.from({ length: view.getUint16(4, true) }, (_, i) => {
      const offset = view.getUint32(6 + 16 * i + 12, true);
      const length = view.getUint32(6 + 16 * i + 8, true);
      return pngSize(ico.subarray(offset, offset + length)).width;
    });
    expect(sizes).toEqual([16, 32, 48]);
  });

  test("the apple-touch-icon is an opaque 180 px PNG; the manifest's icons exist", async ({ request }) => {
    const apple = new Uint8Array(await (await request.get("/apple-touch-icon.png")).body());
    expect(pngSize(apple)).toEqual({ width: 180, height: 180 });
    // Colour type 2 (RGB, no alpha): iOS would show transparency as black.
    expect(apple[25]).toBe(2);
    const manifestRes = await request.get("/site.webmanifest");
    expect(manifestRes.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await manifestRes.json()) as { theme_color: string; icons: { src: string; sizes: string }[] };
    expect(manifest.theme_color).toBe(brandColors.theme);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  });

  test("every page names its icons; the manifest is linked once the page has loaded", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.locator('head link[rel="icon"][href^="data:image/svg+xml,"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="apple-touch-icon"][href="/apple-touch-icon.png"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="manifest"][href="/site.webmanifest"]')).toHaveCount(1);
    // The inline icon is the logo file itself.
    const href = await page.locator('head link[rel="icon"]').getAttribute("href");
    const svg = decodeURIComponent(href!.slice("data:image/svg+xml,".length));
    expect(svg).toMatch(/^<svg xmlns=["']http:\/\/www\.w3\.org\/2000\/svg["']/);
    expect(svg).toMatch(/fill=["']#17655c["']/);
  });
});
