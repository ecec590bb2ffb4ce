import { expect, type Page, test } from "@playwright/test";
import { inCart, pricingItem, quoteService, seedCart, storedCart } from "./support/cart.ts";
import { holdBundles } from "./support/islands.ts";

const tierHeadings = [
  "Entry Level ($20-$100)",
  "Small Business ($100-$500)",
  "Medium Business ($500-$2,000)",
  "Premium Services ($2,000+)",
];

const bar = (page: Page) => page.getByRole("region", { name: "Your selection" });
const box = (page: Page, name: string) => page.getByRole("checkbox", { name, exact: true });

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the page shows its title, the four tiers and 32 unselected services", async ({ page }) => {
      await page.goto("/custom-quote");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Custom IT Services Quote");
      await expect(page.getByText("Select the services you need and get an instant quote")).toBeVisible();
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(tierHeadings);
      await expect(page.getByRole("checkbox")).toHaveCount(32);
      await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(0);
      await expect(bar(page)).toBeHidden();

      const entry = page.getByRole("region", { name: "Entry Level ($20-$100)" });
      const card = entry.locator("label").filter({ hasText: "Password Recovery" });
      await expect(card).toContainText("Regain access to a locked account");
      await expect(card).toContainText("Support");
      await expect(card).toContainText("$30.00");
    });

    test("clicking a card toggles it and the bar shows count and total", async ({ page }) => {
      await page.goto("/custom-quote");
      // Anywhere on the card: here its description.
      await page.getByText("Install and share one office printer").click();
      await expect(box(page, "Printer Setup")).toBeChecked();
      await expect(bar(page)).toContainText("1 Services Selected");
      await expect(bar(page)).toContainText("$40.00");
      expect(await storedCart(page)).toEqual([inCart(quoteService("e3"))]);

      await page.getByText("Cloud Migration (Full)").click();
      await expect(bar(page)).toContainText("2 Services Selected");
      await expect(bar(page)).toContainText("$1,840.00");

      await page.getByText("Install and share one office printer").click();
      await expect(box(page, "Printer Setup")).not.toBeChecked();
      await expect(bar(page)).toContainText("1 Services Selected");
      await expect(bar(page)).toContainText("$1,800.00");

      await box(page, "Cloud Migration (Full)").click();
      await expect(bar(page)).toBeHidden();
      expect(await storedCart(page)).toBeNull();
    });

    // axe-core with services selected and the bar showing: every-page.spec.ts, at both widths.

    test("the bar never covers the last cards or the footer", async ({ page }) => {
      await page.goto("/custom-quote");
      await box(page, "24/7 Support Package (Annual)").click();
      await expect(bar(page)).toBeVisible();
      // Measured at the very end of the page, once layout has settled after the bar appeared.
      await expect
        .poll(async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const barTop = (await bar(page).boundingBox())?.y ?? 0;
          const footer = await page.getByRole("contentinfo").boundingBox();
          return footer ? footer.y + footer.height - barTop : Number.POSITIVE_INFINITY;
        })
        .toBeLessThanOrEqual(1);
    });
  });
}

test("a card tapped before the page's scripts have run is selected once they have", async ({ page }) => {
  const bundles = await holdBundles(page);
  await page.goto("/custom-quote", { waitUntil: "domcontentloaded" });
  await page.getByText("Install and share one office printer").click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-js-ready"))).toBe(false);
  bundles.release();
  // Not toggled natively in the meantime (the cart would disagree), then toggled for real.
  await expect(box(page, "Printer Setup")).toBeChecked();
  await expect(bar(page)).toContainText("1 Services Selected");
  expect(await storedCart(page)).toEqual([inCart(quoteService("e3"))]);
});

test("Space on a focused card's checkbox toggles it; its name is the service name", async ({ page }) => {
  await page.goto("/custom-quote");
  const recovery = box(page, "Password Recovery");
  await recovery.focus();
  await page.keyboard.press("Space");
  await expect(recovery).toBeChecked();
  await expect(bar(page)).toContainText("1 Services Selected");

  await page.keyboard.press("Tab");
  await expect(box(page, "Printer Setup")).toBeFocused();
  await page.keyboard.press("Space");
  await expect(bar(page)).toContainText("2 Services Selected");
  await expect(bar(page)).toContainText("$70.00");

  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Space");
  await expect(recovery).not.toBeChecked();
  await expect(bar(page)).toContainText("1 Services Selected");
});

test("the initial selection reflects the cart, and the bar counts distinct items", async ({ page }) => {
  await seedCart(page, [
    inCart(quoteService("s1"), 2),
    inCart(pricingItem("Quick Tech Fix")),
    inCart(quoteService("p2")),
  ]);
  await page.goto("/custom-quote");
  await expect(box(page, "Network Assessment")).toBeChecked();
  await expect(box(page, "Managed IT Services (Monthly)")).toBeChecked();
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(2);
  // The pricing item has no card here but is in the cart: 3 distinct items, 2×150 + 50 + 2,500.
  await expect(bar(page)).toContainText("3 Services Selected");
  await expect(bar(page)).toContainText("$2,850.00");

  // Unselecting a service with quantity 2 takes it out of the cart altogether.
  await box(page, "Network Assessment").uncheck();
  await expect(bar(page)).toContainText("2 Services Selected");
  await expect(bar(page)).toContainText("$2,550.00");
});

test("Proceed to Checkout leads to the checkout with the selection", async ({ page }) => {
  await page.goto("/custom-quote");
  await box(page, "VPN Configuration").click();
  await bar(page).getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
  await expect(page.getByRole("region", { name: "Order Summary" })).toContainText("VPN Configuration");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every service is in the server HTML", async ({ page }) => {
    await page.goto("/custom-quote");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(tierHeadings);
    await expect(page.getByRole("checkbox")).toHaveCount(32);
    await expect(page.getByText("24/7 Support Package (Annual)")).toBeVisible();
    await expect(page.getByText("$12,000.00")).toBeVisible();
  });
});
