import { expect, test } from "@playwright/test";
import { publicRoutes } from "../support/routes.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { inCart, quoteService, seedCart } from "./support/cart.ts";
import { watchPolicy } from "./support/csp.ts";
import { scriptsReady } from "./support/islands.ts";
import { expectPageStylesCoverDom } from "./support/page-styles.ts";

/**
 * Every page, loaded once: its Content-Security-Policy is strict and nothing breaks it, its own
 * stylesheet covers what it shows, and axe-core finds nothing at a phone's width (375 px) and at a
 * desktop's (1280 px). The page is audited at 375 px, then widened: the site's layout follows the
 * width through CSS alone (no script reads it), so the widened page is what 1280 px loads.
 */

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

// Beyond the spec's routes: the billing page, an e-mailed link's landing page, the 404.
for (const path of [...publicRoutes, "/billing", "/billing/open?token=not-a-real-token", "/no-such-page"]) {
  test(`${path}: a strict policy unbroken, its styles complete, axe-clean at 375 and 1280 px`, async ({
    page,
    context,
  }) => {
    const policyProblems = await watchPolicy(page, context);
    await page.setViewportSize(PHONE);
    const response = await page.goto(path, { waitUntil: "networkidle" });
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toContain("default-src 'none'");
    // Own scripts, plus the constant inline island loader and cart hint by their hashes.
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+'){0,2};/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    // The stylesheet applied (inlined and allowed by hash in a build, linked in vite dev).
    expect(await page.locator("body").evaluate((el) => getComputedStyle(el).display)).toBe("flex");
    await scriptsReady(page);
    await expectPageStylesCoverDom(page);
    await expectNoAxeViolations(page);
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page);
    expect(await policyProblems()).toEqual([]);
  });
}

// The engines runner's audit in Gecko and WebKit (tests/engines/checks.ts), here for Chromium: the
// same routes and widths with a cart stored, so the checkout shows its form and the quote page its
// selection bar, each audited once it shows its heading (not the checkout's loading state) and the
// quote page once its bar counts the cart.
for (const path of ["/", "/pricing", "/custom-quote", "/checkout"]) {
  test(`${path} with a cart: axe-clean at 375 and 1280 px`, async ({ page }) => {
    await seedCart(page, [inCart(quoteService("s1"), 2), inCart(quoteService("e1"))]);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(path);
    await expect(page.locator("html[data-js-ready]")).toBeAttached();
    await expect(page.locator("h1").filter({ visible: true }).first()).toBeVisible();
    if (path === "/custom-quote") {
      await expect(page.getByRole("region", { name: "Your selection" })).toContainText("2 Services Selected");
    }
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);
  });
}
