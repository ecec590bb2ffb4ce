import { expect, type Page, test } from "@playwright/test";
import { oneTimeServices, plans } from "../../src/catalogue/pricing-copy.ts";
import { formatMoney, toCents } from "../../src/lib/money.ts";
import { inCart, pricingItem, quoteService, seedCart } from "./support/cart.ts";

// A buyer with the Business plan and a one-time service: the total is due today, the plan recurs.
const plan = plans.find((p) => p.name === "Business")!;
const oneTime = oneTimeServices[0]!;
const mixedCart = [inCart(pricingItem(plan.name)), inCart(pricingItem(oneTime.name))];
const dueToday = formatMoney(toCents(plan.price + oneTime.price));
const monthly = formatMoney(toCents(plan.price));

async function openCheckout(page: Page, cart: unknown) {
  await seedCart(page, cart);
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
}

test.describe("a cart with a monthly plan says what recurs, wherever its total shows", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("checkout: the total is due today, then the plan's price every month, by the summary and by Pay", async ({
    page,
  }) => {
    await openCheckout(page, mixedCart);
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText("Total", { exact: true })).toBeVisible();
    await expect(summary.getByText(dueToday, { exact: true })).toBeVisible();
    await expect(summary.getByText(`Due today, then ${monthly}/month`)).toBeVisible();
    await expect(page.getByRole("button", { name: `Pay ${dueToday}` })).toBeVisible();
    await expect(page.getByText(`${dueToday} is charged today, then ${monthly} every month`)).toBeVisible();
  });

  test("checkout: a one-time order says nothing of months", async ({ page }) => {
    await openCheckout(page, [inCart(pricingItem(oneTime.name))]);
    await expect(page.getByRole("button", { name: `Pay ${formatMoney(toCents(oneTime.price))}` })).toBeVisible();
    await expect(page.getByText(/\/month|every month/)).toHaveCount(0);
  });

  test("custom quote: the selection bar's total says what recurs", async ({ page }) => {
    await seedCart(page, [...mixedCart, inCart(quoteService("e1"))]);
    await page.goto("/custom-quote");
    const bar = page.getByRole("region", { name: "Your selection" });
    const total = formatMoney(toCents(plan.price + oneTime.price + quoteService("e1").price));
    await expect(bar.getByText(total)).toBeVisible();
    await expect(bar.getByText(`then ${monthly}/month`)).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("checkout: the folded order summary sits above the form, shows the total, and opens by keyboard", async ({
    page,
  }) => {
    await openCheckout(page, mixedCart);
    const toggle = page.getByRole("button", {
      name: new RegExp(`Show order summary.*${dueToday.replace("$", "\\$")}`),
    });
    const form = page.getByRole("heading", { name: "Customer Information" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect((await toggle.boundingBox())!.y).toBeLessThan((await form.boundingBox())!.y);
    await expect(page.getByRole("heading", { name: "Order Summary" })).toBeHidden();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: /Hide order summary/ })).toHaveAttribute("aria-expanded", "true");
    const summary = page.getByRole("heading", { name: "Order Summary" });
    await expect(summary).toBeVisible();
    expect((await summary.boundingBox())!.y).toBeLessThan((await form.boundingBox())!.y);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });

  test("header: with items in the cart, the menu button and a cart link show the count", async ({ page }) => {
    await seedCart(page, [inCart(pricingItem(plan.name)), inCart(pricingItem(oneTime.name), 2)]);
    await page.goto("/about");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Cart, 3 items" }).first()).toBeVisible();
    const menuBadge = banner.locator("summary [data-cart-badge]");
    await expect(menuBadge).toBeVisible();
    await expect(menuBadge).toHaveText("3");
  });

  test("header: with an empty cart, no cart link and no badge on the menu button", async ({ page }) => {
    await page.goto("/about");
    const banner = page.getByRole("banner");
    await expect(banner.locator("summary [data-cart-badge]")).toBeHidden();
    await expect(banner.locator("a[data-cart-reveal]")).toBeHidden();
  });
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("checkout: the summary stands beside the form, open, with no disclosure button", async ({ page }) => {
    await openCheckout(page, mixedCart);
    const summary = page.getByRole("heading", { name: "Order Summary" });
    const form = page.getByRole("heading", { name: "Customer Information" });
    await expect(summary).toBeVisible();
    expect((await summary.boundingBox())!.x).toBeGreaterThan((await form.boundingBox())!.x + 300);
    await expect(page.getByRole("button", { name: /order summary/ })).toBeHidden();
  });
});
