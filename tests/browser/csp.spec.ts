import { expect, type Page, test } from "@playwright/test";
import { fillCustomer, inCart, quoteService, seedCart, validCustomer } from "./support/cart.ts";
import { watchPolicy } from "./support/csp.ts";
import { scriptsReady, waitForIsland } from "./support/islands.ts";
import { expectPageStylesCoverDom } from "./support/page-styles.ts";

/**
 * The Content-Security-Policy in a real browser, in the states a page reaches after a visitor acts
 * (toasts, dialogs, menus): none may meet a single violation. A violation would mean the policy
 * blocks something the site needs (or the site does something the policy was written to forbid).
 * Each page as it loads is checked in every-page.spec.ts.
 */

let policyProblems: () => Promise<unknown[]>;
test.beforeEach(async ({ page, context }) => {
  policyProblems = await watchPolicy(page, context);
});

const sonnerToast = (page: Page) => page.locator("[data-sonner-toast]");

/** A toast proves sonner's own stylesheet applied: without it the toaster is not fixed in place. */
async function expectStyledToast(page: Page): Promise<void> {
  await expect(sonnerToast(page).first()).toBeVisible();
  expect(await page.locator("[data-sonner-toaster]").evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
}

test("/pricing: the add-to-cart toast shows styled, without a violation", async ({ page }) => {
  await page.goto("/pricing");
  await waitForIsland(page, "AppToaster");
  await page.locator("button[data-add-to-cart]").first().click();
  await expectStyledToast(page);
  await expectPageStylesCoverDom(page);
  expect(await policyProblems()).toEqual([]);
});

test("/contact: sending a message shows its toast, without a violation", async ({ page }) => {
  await page.goto("/contact");
  await waitForIsland(page, "ContactForm");
  const form = page.locator("form[action='/api/contact']");
  await form.getByLabel("Full Name").fill("Achieng Odhiambo");
  await form.getByLabel("Email").fill(`csp-${crypto.randomUUID()}@example.co.ke`);
  await form.getByLabel("Message").fill("Checking that the page's policy lets the toast through.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(sonnerToast(page).getByText("Message Sent!", { exact: true })).toBeVisible();
  await expectStyledToast(page);
  // The map embed, the one frame the policy allows (offline here: it fails to load, unblocked).
  await page.getByRole("heading", { name: "Visit Our Office" }).scrollIntoViewIfNeeded();
  await expect(page.locator('iframe[src^="https://www.openstreetmap.org/"]')).toBeAttached();
  await expectPageStylesCoverDom(page);
  expect(await policyProblems()).toEqual([]);
});

test("/checkout: the payment failure toast shows, without a violation", async ({ page }) => {
  // A price the catalogue does not have: the real endpoint refuses it (409) and the page toasts.
  await seedCart(page, [{ ...inCart(quoteService("e1")), price: 1 }]);
  await page.goto("/checkout");
  await fillCustomer(page, { ...validCustomer, email: `csp-${crypto.randomUUID()}@example.co.ke` });
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(sonnerToast(page).filter({ hasText: "Payment processing failed. Please try again." })).toBeVisible();
  await expectStyledToast(page);
  await expectPageStylesCoverDom(page);
  expect(await policyProblems()).toEqual([]);
});

test("/checkout: field messages and the order summary are styled by the page's own rules", async ({ page }) => {
  await seedCart(page, [inCart(quoteService("e1"), 2), inCart(quoteService("m3"))]);
  await page.goto("/checkout");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expectPageStylesCoverDom(page);
});

test("/custom-quote: selected cards and the selection bar are styled by the page's own rules", async ({ page }) => {
  await page.goto("/custom-quote");
  await waitForIsland(page, "QuoteSelector");
  await page.getByRole("checkbox", { name: "Printer Setup" }).click();
  await expect(page.getByText("1 Services Selected")).toBeVisible();
  await expectPageStylesCoverDom(page);
});

test("the open mobile menu is styled by each page's own rules", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ["/", "/checkout", "/no-such-page"]) {
    await page.goto(path);
    await scriptsReady(page);
    await page.locator("[data-mobile-menu] > summary").click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectPageStylesCoverDom(page);
  }
});
