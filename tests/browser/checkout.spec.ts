import { expect, type Page, test } from "@playwright/test";
import type { CustomerInfo } from "../../src/checkout/customer-info-schema.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import {
  fieldLabels,
  fillCustomer,
  inCart,
  mockPaymentEndpoint,
  pricingItem,
  quoteService,
  seedCart,
  storedCart,
  stubPaymentProvider,
  validCustomer,
} from "./support/cart.ts";

// 2 × $150 + $20 + $750 = $1,070.00
const cart = [inCart(quoteService("s1"), 2), inCart(quoteService("e1")), inCart(pricingItem("Enterprise"))];
const PAY = "Pay $1,070.00";

const payButton = (page: Page) => page.getByRole("button", { name: /^(Pay \$|Processing)/ });
const summary = (page: Page) => page.getByRole("region", { name: "Order Summary" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function openCheckout(page: Page): Promise<void> {
  await seedCart(page, cart);
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 2, name: "Customer Information" })).toBeVisible();
}

test("with an empty cart: the empty message and Browse Services", async ({ page }) => {
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart is empty");
  await expect(page.getByText("Add services to your cart before checking out.")).toBeVisible();
  await page.getByRole("link", { name: "Browse Services" }).click();
  await expect(page).toHaveURL("/custom-quote");
});

test("before any script runs, the empty message shows only to a browser without a cart", async ({ page }) => {
  // With the page's bundles blocked, only the server HTML and the <head> cart hint are at work:
  // what a phone paints first, before the checkout's JavaScript arrives.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse Services" })).toBeVisible();

  await seedCart(page, cart);
  await page.goto("/checkout");
  await expect(page.getByText("Your cart is empty")).toBeHidden();
  await expect(page.getByRole("link", { name: "Browse Services" })).toBeHidden();
  await expect(page.getByText("Checkout", { exact: true })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Loading your cart…");
});

test("the form, the summary with 'Qty: n' only above 1, and the total on the button", async ({ page }) => {
  await openCheckout(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
  for (const label of Object.values(fieldLabels)) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("United States");

  const lines = summary(page).getByRole("listitem");
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText("Network Assessment");
  await expect(lines.nth(0)).toContainText("Networking");
  await expect(lines.nth(0)).toContainText("Qty: 2");
  await expect(lines.nth(0)).toContainText("$300.00");
  await expect(lines.nth(1)).toContainText("Support");
  await expect(lines.nth(1)).toContainText("$20.00");
  await expect(lines.nth(2)).toContainText("Monthly Subscription");
  await expect(summary(page).getByText(/Qty:/)).toHaveCount(1);
  await expect(summary(page)).toContainText("Total");
  await expect(summary(page)).toContainText("$1,070.00");
  await expect(payButton(page)).toHaveText(PAY);
  await expect(payButton(page)).toBeEnabled();
});

test("each rule of the spec's table shows its message under its field", async ({ page }) => {
  await openCheckout(page);
  const { requests } = await mockPaymentEndpoint(page, { status: 500, body: { error: "should not be called" } });
  const bad: Record<Exclude<keyof CustomerInfo, "company">, [string, string]> = {
    name: ["A", "Name is required"],
    email: ["not-an-email", "Invalid email address"],
    phone: ["07123", "Phone number is required"],
    kraPin: ["P05123456X", "Enter your KRA PIN like P051234567X, or leave it empty"],
    address: ["Moi", "Address is required"],
    city: ["N", "City is required"],
    state: [" K ", "State is required"],
    zip: ["001", "ZIP code is required"],
    country: ["K", "Country is required"],
  };
  for (const [field, [value]] of Object.entries(bad)) {
    await page.getByLabel(fieldLabels[field as keyof CustomerInfo], { exact: true }).fill(value);
  }
  await payButton(page).click();

  for (const [field, [, message]] of Object.entries(bad)) {
    const input = page.getByLabel(fieldLabels[field as keyof CustomerInfo], { exact: true });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(message);
  }
  await expect(page.getByLabel("Full Name", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Company (Optional)", { exact: true })).not.toHaveAttribute("aria-invalid");
  expect(requests).toHaveLength(0);

  // Fixing a field clears its message as the visitor types.
  await page.getByLabel("Full Name", { exact: true }).fill("Wanjiru Kamau");
  await expect(page.getByText("Name is required")).toBeHidden();
  await expect(page.getByLabel("Full Name", { exact: true })).not.toHaveAttribute("aria-invalid");
});

test("empty required fields are reported and the first one focused", async ({ page }) => {
  await openCheckout(page);
  await page.getByLabel("Country", { exact: true }).fill("");
  await payButton(page).click();
  for (const message of [
    "Name is required",
    "Invalid email address",
    "Phone number is required",
    "Address is required",
    "City is required",
    "State is required",
    "ZIP code is required",
    "Country is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Full Name", { exact: true })).toBeFocused();
});

test("a cart emptied behind the page's back: toast 'Your cart is empty' and no call", async ({ page }) => {
  await openCheckout(page);
  const { requests } = await mockPaymentEndpoint(page, { status: 200, body: { url: "https://example.com/" } });
  await fillCustomer(page, validCustomer);
  // Same tab, so no storage event: only the submit's own look at the stored cart can notice.
  await page.evaluate(() => localStorage.removeItem("cart"));
  await payButton(page).click();
  await expect(toast(page, "Your cart is empty")).toBeVisible();
  expect(requests).toHaveLength(0);
});

test("an endpoint error: the failure toast, the error logged, everything typed kept", async ({ page, context }) => {
  await openCheckout(page);
  const endpoint = await mockPaymentEndpoint(
    page,
    { status: 500, body: { error: "Stripe is having a bad day" } },
    { held: true },
  );
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") logged.push(message.text());
  });
  await fillCustomer(page, validCustomer);
  await payButton(page).click();
  await expect(payButton(page)).toHaveText("Processing...");
  await expect(payButton(page)).toBeDisabled();
  endpoint.release();

  await expect(toast(page, "Payment processing failed. Please try again.")).toBeVisible();
  await expect(payButton(page)).toHaveText(PAY);
  await expect(payButton(page)).toBeEnabled();
  await expect(page).toHaveURL("/checkout");
  for (const [field, value] of Object.entries(validCustomer)) {
    await expect(page.getByLabel(fieldLabels[field as keyof CustomerInfo], { exact: true })).toHaveValue(value);
  }
  expect(logged.some((text) => text.includes("Stripe is having a bad day"))).toBe(true);
  // The tab opened for the payment page is closed again.
  await expect.poll(() => context.pages().length).toBe(1);
  expect(await storedCart(page)).toEqual(cart);
});

test("a network failure shows the failure toast too", async ({ page }) => {
  await openCheckout(page);
  await mockPaymentEndpoint(page, "network-failure");
  await fillCustomer(page, validCustomer);
  await payButton(page).click();
  await expect(toast(page, "Payment processing failed. Please try again.")).toBeVisible();
  await expect(payButton(page)).toHaveText(PAY);
});

test("payments not configured (503, the worker without a Stripe key): the failure toast", async ({ page }) => {
  await openCheckout(page);
  const message = "Payments are not configured. Please contact us to complete your order.";
  await mockPaymentEndpoint(page, { status: 503, body: { error: message } });
  await fillCustomer(page, validCustomer);
  await payButton(page).click();
  const failure = toast(page, "Payment processing failed. Please try again.");
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(message);
});

test("changed prices (409): the server's message explains the failure", async ({ page }) => {
  await openCheckout(page);
  const message = "Some prices have changed since your cart was saved. Please review your cart.";
  await mockPaymentEndpoint(page, { status: 409, body: { error: message } });
  await fillCustomer(page, validCustomer);
  await payButton(page).click();
  const failure = toast(page, "Payment processing failed. Please try again.");
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(message);
});

test("an answer without url: nothing happens and the button reads 'Pay $…' again", async ({ page, context }) => {
  await openCheckout(page);
  const { requests, release } = await mockPaymentEndpoint(page, { status: 200, body: {} }, { held: true });
  await fillCustomer(page, validCustomer);
  await payButton(page).click();
  await expect(payButton(page)).toHaveText("Processing...");
  release();
  await expect(payButton(page)).toHaveText(PAY);
  await expect(payButton(page)).toBeEnabled();
  expect(requests).toHaveLength(1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(page).toHaveURL("/checkout");
  await expect.poll(() => context.pages().length).toBe(1);
  expect(await storedCart(page)).toEqual(cart);
});

test("paying: the payment page opens in a new tab, the cart is cleared, success is shown", async ({
  page,
  context,
}) => {
  await openCheckout(page);
  const paymentPage = await stubPaymentProvider(page, context);
  await fillCustomer(page, validCustomer);

  const request = page.waitForRequest("**/create-custom-payment");
  const paymentTab = context.waitForEvent("page");
  await payButton(page).click();

  expect((await request).postDataJSON()).toEqual({ services: cart, customerInfo: validCustomer });
  await (await paymentTab).waitForURL(paymentPage);

  await expect(page).toHaveURL("/checkout/success");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
  await expect.poll(() => storedCart(page)).toBeNull();
});

test("with the popup blocked, this tab goes to the payment page instead", async ({ page, context }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openCheckout(page);
  const paymentPage = await stubPaymentProvider(page, context);
  await fillCustomer(page, validCustomer);
  await payButton(page).click();
  await page.waitForURL(paymentPage);
  expect(context.pages()).toHaveLength(1);
  // The cart stays until the payment succeeds: cancelling returns to a full checkout.
  await page.goBack();
  await expect(summary(page).getByRole("listitem")).toHaveCount(3);
});

test("a keyboard-only purchase: Tab, typing and Enter", async ({ page, context }) => {
  await openCheckout(page);
  const paymentPage = await stubPaymentProvider(page, context);
  await page.goto("/checkout");
  await expect(payButton(page)).toBeVisible();

  // From the top of the page, Tab until the first field has focus.
  const name = page.getByLabel("Full Name", { exact: true });
  for (let presses = 0; presses < 40 && !(await name.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(name).toBeFocused();
  const order: (keyof CustomerInfo)[] = [
    "name",
    "email",
    "phone",
    "company",
    "kraPin",
    "address",
    "city",
    "state",
    "zip",
  ];
  const typed: CustomerInfo = { ...validCustomer, kraPin: "p051234567x" };
  for (const [index, field] of order.entries()) {
    await page.keyboard.type(typed[field] ?? "");
    if (index < order.length - 1) await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Country", { exact: true })).toBeFocused();
  await page.keyboard.press("Control+A");
  await page.keyboard.type(validCustomer.country);

  const paymentTab = context.waitForEvent("page");
  await page.keyboard.press("Enter");
  await (await paymentTab).waitForURL(paymentPage);
  await expect(page).toHaveURL("/checkout/success");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
});

test("Remove takes a line out of the order", async ({ page }) => {
  await openCheckout(page);
  await summary(page).getByRole("button", { name: "Remove Network Assessment from the cart" }).click();
  await expect(summary(page).getByRole("listitem")).toHaveCount(2);
  await expect(payButton(page)).toHaveText("Pay $770.00");
});

// Filled in at a phone's width, then widened in place (the layout follows the width through CSS).
test("axe-core finds nothing on the filled form with its messages showing at 375 and 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openCheckout(page);
  await fillCustomer(page, { name: "A", email: "nope" });
  await payButton(page).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expectNoAxeViolations(page);
});
