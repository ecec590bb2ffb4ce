import { expect, type Page, test } from "@playwright/test";
import { pricingItemId } from "../../src/catalogue/pricing-item-id.ts";
import {
  fillCustomer,
  inCart,
  pricingItem,
  quoteService,
  seedCart,
  storedCart,
  stubPaymentProvider,
  validCustomer,
} from "./support/cart.ts";

const FAILED = "Payment processing failed. Please try again.";
const payButton = (page: Page) => page.getByRole("button", { name: /^(Pay \$|Processing)/ });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const badge = (page: Page) => page.getByRole("banner").locator("[data-cart-badge]").first();
const addButton = (page: Page, name: string) => page.locator(`button[data-add-to-cart="${pricingItemId(name)}"]`);

/**
 * A lazily loaded chunk that does not arrive while `offline` is set, as on a phone whose connection
 * drops between the page and its first use of the chunk. Counts the requests it refused.
 */
async function flakyChunk(page: Page, name: string) {
  const state = { offline: true, refused: 0 };
  await page.route(`**/assets/${name}-*.js`, (route) => {
    if (!state.offline) return route.continue();
    state.refused++;
    return route.abort("internetdisconnected");
  });
  return state;
}

test("the checkout form's checks fail to load: Pay shows the failure toast, and the next Pay works", async ({
  page,
  context,
}) => {
  const paymentUrl = await stubPaymentProvider(page, context);
  const cart = [inCart(quoteService("e4")), inCart(pricingItem("Starter"))];
  await seedCart(page, cart);
  const chunk = await flakyChunk(page, "customer-form");
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 2, name: "Customer Information" })).toBeVisible();
  await fillCustomer(page, validCustomer);
  await payButton(page).click();
  await expect(toast(page, FAILED)).toBeVisible();
  await expect(page).toHaveURL("/checkout");
  await expect(payButton(page)).toBeEnabled();
  expect(await storedCart(page)).toEqual(cart);
  expect(chunk.refused).toBeGreaterThan(0);

  chunk.offline = false;
  const tab = context.waitForEvent("page");
  await payButton(page).click();
  await (await tab).waitForURL(paymentUrl);
  await expect(page).toHaveURL("/checkout/success");
});

test("the cart's checks fail to load: adding keeps the stored cart, and lands on it once they load", async ({
  page,
}) => {
  const kept = [inCart(quoteService("e4"), 2)];
  await seedCart(page, kept);
  const chunk = await flakyChunk(page, "validate");
  await page.goto("/pricing");
  // The page's own read of the stored cart fails first; an add while it is still under way would
  // share that one attempt, so the add comes after it.
  await expect.poll(() => chunk.refused).toBeGreaterThanOrEqual(1);
  await addButton(page, "Starter").click();
  await expect(badge(page)).toHaveText("1");
  expect(await storedCart(page)).toEqual(kept);
  // Once as the page read the stored cart, once more on the add: a failed load is tried again.
  await expect.poll(() => chunk.refused).toBeGreaterThanOrEqual(2);

  chunk.offline = false;
  await addButton(page, "Business").click();
  await expect(badge(page)).toHaveText("4");
  expect(await storedCart(page)).toEqual([...kept, inCart(pricingItem("Starter")), inCart(pricingItem("Business"))]);
});
