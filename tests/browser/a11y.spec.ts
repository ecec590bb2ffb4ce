import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { publicRoutes } from "../support/routes.ts";

const widths = [
  { name: "phone", width: 375, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
];

for (const { name, width, height } of widths) {
  test.describe(`axe-core at ${name} width`, () => {
    test.use({ viewport: { width, height } });
    // Beyond the spec's routes: the billing page, an e-mailed link's landing page, the 404.
    for (const path of [...publicRoutes, "/billing", "/billing/open?token=not-a-real-token", "/no-such-page"]) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
          .analyze();
        const summary = results.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}
