import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { heroArt, industryArt, networkPattern, portraits } from "../../src/site/art-copy.ts";

const ART_DIR = resolve("public/art");
const referenced = [heroArt.src, networkPattern, ...Object.values(portraits).map((a) => a.src)].concat(
  Object.values(industryArt).map((a) => a.src),
);

// Node-side: the files themselves. An SVG is a document: one drawn here must stay a picture.
test.describe("the illustrations in public/art", () => {
  test("every illustration the content names exists, and every file is named by the content", () => {
    const files = readdirSync(ART_DIR).map((f) => `/art/${f}`);
    expect([...new Set(referenced)].sort()).toEqual(files.sort());
  });

  for (const src of new Set(referenced)) {
    test(`${src} is a self-contained drawing: no script, handler, foreign content or outside reference`, () => {
      const svg = readFileSync(resolve(ART_DIR, src.replace("/art/", "")), "utf8");
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/<script|<foreignObject|<image|\son[a-z]+=|javascript:|@import|url\((?!#)/i);
      expect(svg).not.toMatch(/(?:xlink:)?href="(?!#)/);
      // Weight: the hero is the largest; the rest are small enough to pass unnoticed on a phone.
      expect(svg.length).toBeLessThan(src === heroArt.src ? 16_000 : 4_000);
    });
  }
});

for (const { width, height } of [
  { width: 375, height: 740 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    for (const path of ["/", "/about"]) {
      test(`${path}: every picture loads at its reserved size, none shifts the page`, async ({ page }) => {
        await page.goto(path);
        // Scroll through so the lazy ones load, then check each drew and kept its box's ratio.
        await page.evaluate(async () => {
          for (const img of document.images) {
            img.scrollIntoView();
            await img.decode();
          }
          window.scrollTo(0, 0);
        });
        const images = await page.locator("main img").evaluateAll((imgs) =>
          (imgs as HTMLImageElement[]).map((img) => ({
            src: img.getAttribute("src"),
            loaded: img.complete && img.naturalWidth > 0,
            sized: img.hasAttribute("width") && img.hasAttribute("height"),
            lazy: img.loading === "lazy",
            top: img.getBoundingClientRect().top + window.scrollY,
          })),
        );
        expect(images.length).toBeGreaterThan(0);
        for (const image of images) {
          expect(image, `${image.src}`).toMatchObject({ loaded: true, sized: true });
          // Only a picture in the first screen loads eagerly (the home hero's).
          if (image.top > height * 1.5) expect(image.lazy, `${image.src} is below the fold`).toBe(true);
        }
        const shift = await page.evaluate(
          () =>
            new Promise<number>((done) => {
              let total = 0;
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
              }).observe({ type: "layout-shift", buffered: true });
              setTimeout(() => done(total), 300);
            }),
        );
        expect(shift).toBeLessThanOrEqual(0.01);
      });
    }
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("home: the headline, not a picture that waits for a request, is the largest first paint", async ({ page }) => {
    await page.goto("/");
    const lcp = await page.evaluate(
      () =>
        new Promise<string>((done) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element }) | undefined;
            done(last?.element?.tagName ?? "none");
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    expect(["H1", "P"]).toContain(lcp);
    // Nor does its request compete with the page: low priority (Chromium does not raise it when it
    // shows in the viewport) and not preloaded from the head (which React does for an eager image).
    await expect(page.locator(`main img[src="${heroArt.src}"]`)).toHaveAttribute("fetchpriority", "low");
    await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(0);
  });
});
