import { expect, test } from "@playwright/test";
import { publicRoutes } from "../support/routes.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { inCart, quoteService, seedCart } from "./support/cart.ts";

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
        await expectNoAxeViolations(page);
      });
    }
  });
}

// The engines runner's audit in Gecko and WebKit (tests/engines/checks.ts), here for Chromium: the
// same routes and widths with a cart stored, so the checkout shows its form and the quote page its
// bar, each audited once it shows its heading (not the checkout's loading state).
for (const width of [375, 1280]) {
  test.describe(`axe-core with a cart at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 812 : 900 } });
    for (const path of ["/", "/pricing", "/custom-quote", "/checkout"]) {
      test(`${path} has no violations`, async ({ page }) => {
        await seedCart(page, [inCart(quoteService("s1"), 2), inCart(quoteService("e1"))]);
        await page.goto(path);
        await expect(page.locator("html[data-js-ready]")).toBeAttached();
        await expect(page.locator("h1").filter({ visible: true }).first()).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}
