import { expect, type Page, test } from "@playwright/test";
import { pricingItemId } from "../../src/catalogue/pricing-item-id.ts";
import { inCart, pricingItem, quoteService, seedCart, seedRawCart, storedCart } from "./support/cart.ts";
import { holdBundles, scriptsReady } from "./support/islands.ts";

test.use({ viewport: { width: 1280, height: 800 } });

const addButton = (page: Page, name: string) => page.locator(`button[data-add-to-cart="${pricingItemId(name)}"]`);
const badge = (page: Page) => page.getByRole("banner").locator("[data-cart-badge]").first();
const desktopCartLink = (page: Page) => page.getByRole("banner").locator("a[data-cart-link]").first();

test.describe("adding from the pricing page", () => {
  test("shows '{name} added to cart!' with a View Cart action leading to /custom-quote", async ({ page }) => {
    await page.goto("/pricing");
    await addButton(page, "Quick Tech Fix").click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Quick Tech Fix added to cart!" });
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "View Cart" }).click();
    await expect(page).toHaveURL("/custom-quote");
  });

  test("the header badge counts quantities and adding the same item twice makes quantity 2", async ({ page }) => {
    await page.goto("/pricing");
    await expect(badge(page)).toBeHidden();
    await expect(desktopCartLink(page)).toHaveAccessibleName("Cart");

    await addButton(page, "Quick Tech Fix").click();
    await expect(badge(page)).toHaveText("1");
    await expect(desktopCartLink(page)).toHaveAccessibleName("Cart, 1 item");

    await addButton(page, "Quick Tech Fix").click();
    await expect(badge(page)).toHaveText("2");
    await expect(desktopCartLink(page)).toHaveAccessibleName("Cart, 2 items");
    expect(await storedCart(page)).toEqual([inCart(pricingItem("Quick Tech Fix"), 2)]);

    await addButton(page, "Cybersecurity Audit").click();
    await expect(badge(page)).toHaveText("3");

    // The cart survives a visit to another page.
    await page.goto("/about");
    await expect(badge(page)).toHaveText("3");
    await expect(badge(page)).toBeVisible();
  });

  test("taps made before the page's scripts have run are kept and replayed", async ({ page }) => {
    const bundles = await holdBundles(page);
    await page.goto("/pricing", { waitUntil: "domcontentloaded" });
    await addButton(page, "Quick Tech Fix").click();
    await addButton(page, "Quick Tech Fix").click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-js-ready"))).toBe(false);
    bundles.release();
    await expect(badge(page)).toHaveText("2");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Quick Tech Fix added to cart!" })).toHaveCount(
      2,
    );
    expect(await storedCart(page)).toEqual([inCart(pricingItem("Quick Tech Fix"), 2)]);
  });

  test("the badge does not move the header when it appears", async ({ page }) => {
    await page.goto("/pricing");
    const link = desktopCartLink(page);
    const before = await link.boundingBox();
    await addButton(page, "Starter").click();
    await expect(badge(page)).toBeVisible();
    expect(await link.boundingBox()).toEqual(before);
  });
});

test("the badge is hidden when the cart is empty", async ({ page }) => {
  await seedCart(page, []);
  await page.goto("/");
  await expect(badge(page)).toBeHidden();
  await seedCart(page, [inCart(quoteService("e1"), 3)]);
  await page.goto("/");
  await expect(badge(page)).toHaveText("3");
  await page.goto("/checkout/success");
  // The success page's script clears the stored cart once the page has painted.
  await expect.poll(() => storedCart(page)).toBeNull();
  await expect(badge(page)).toBeHidden();
});

test("a change made in another tab shows in this one", async ({ page, context }) => {
  await page.goto("/about");
  await expect(badge(page)).toBeHidden();

  const other = await context.newPage();
  await other.setViewportSize({ width: 1280, height: 800 });
  await other.goto("/pricing");
  await addButton(other, "Business").click();
  await addButton(other, "Business").click();
  await expect(badge(other)).toHaveText("2");

  await expect(badge(page)).toHaveText("2");
  await expect(desktopCartLink(page)).toHaveAccessibleName("Cart, 2 items");

  await other.goto("/checkout/success");
  await expect(badge(page)).toBeHidden();
});

test("the quote page follows a cart changed in another tab", async ({ page, context }) => {
  await page.goto("/custom-quote");
  const other = await context.newPage();
  await other.goto("/custom-quote");
  await other.getByRole("checkbox", { name: "Printer Setup" }).click();
  await expect(page.getByRole("checkbox", { name: "Printer Setup" })).toBeChecked();
  await expect(page.getByText("1 Services Selected")).toBeVisible();
});

test.describe("a damaged stored cart", () => {
  const valid = inCart(quoteService("s2"), 2);

  for (const [label, raw] of [
    ["not JSON", "{oops"],
    ["an object instead of a list", '{"id":"s2","quantity":2}'],
    ["a list of non-items", '[1, "two", null, [], true]'],
  ] as const) {
    test(`${label}: pages render, the cart reads as empty and works again`, async ({ page }) => {
      await seedRawCart(page, raw);
      await page.goto("/");
      await expect(page.locator("h1")).toBeVisible();
      await expect(badge(page)).toBeHidden();
      await expect.poll(() => storedCart(page)).toBeNull();

      await seedRawCart(page, raw);
      await page.goto("/checkout");
      await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();

      await seedRawCart(page, raw);
      await page.goto("/pricing");
      await addButton(page, "Starter").click();
      await expect(badge(page)).toHaveText("1");
      expect(await storedCart(page)).toEqual([inCart(pricingItem("Starter"))]);
    });
  }

  test("tampered items are dropped and the valid ones kept", async ({ page }) => {
    const tampered = [
      { ...valid, id: "e1", price: -5 },
      { ...valid, id: "e2", quantity: 0 },
      { ...valid, id: "e3", quantity: 1.5 },
      { ...valid, id: "e4", quantity: 1000 },
      { ...valid, id: "e5", tier: "gold" },
      { ...valid, id: "e6", price: "20" },
      { id: "e7", quantity: 1 },
      valid,
      { ...valid, quantity: 5 }, // a second line for the same id
    ];
    await seedCart(page, tampered);
    await page.goto("/custom-quote");
    await expect(page.getByRole("checkbox", { name: "VPN Configuration" })).toBeChecked();
    await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(1);
    await expect(page.getByText("1 Services Selected")).toBeVisible();
    await expect(badge(page)).toHaveText("2");
    await expect.poll(() => storedCart(page)).toEqual([valid]);
  });
});

test("without usable localStorage (private mode) pages render and the cart works for the page", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/pricing");
  await addButton(page, "Training Workshop").click();
  await expect(page.getByText("Training Workshop added to cart!")).toBeVisible();
  await expect(badge(page)).toHaveText("1");
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("its Cart entry carries the count", async ({ page }) => {
    await seedCart(page, [inCart(quoteService("e1")), inCart(quoteService("m1"), 2)]);
    await page.goto("/");
    // The toggle is the <summary>; its "Menu" text is visually hidden under the icon.
    await page.locator("details[data-mobile-menu] > summary").click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
    await expect(menu.locator("[data-cart-badge]")).toHaveText("3");
  });

  test("Escape closes the open menu and returns focus to its toggle", async ({ page }) => {
    await page.goto("/custom-quote");
    await scriptsReady(page);
    const toggle = page.locator("details[data-mobile-menu] > summary");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await toggle.click();
    await menu.getByRole("link", { name: "Pricing", exact: true }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
