import type { BrowserContext, Page } from "@playwright/test";
import { pricingCartItems } from "../../../src/catalogue/pricing-cart-items.ts";
import { quoteCatalogue } from "../../../src/catalogue/quote-services-copy.ts";
import type { CartItem, CartItemInput } from "../../../src/checkout/cart-item-schema.ts";
import type { CustomerInfo } from "../../../src/checkout/customer-info-schema.ts";
import { type MockReply, mockJsonEndpoint } from "./mock-endpoint.ts";

const CART_KEY = "cart";

export function quoteService(id: string): CartItemInput {
  const service = quoteCatalogue.find((s) => s.id === id);
  if (!service) throw new Error(`No quote service ${id}`);
  const { name, description, category, tier, price } = service;
  return { id, name, description, category, tier, price };
}

export function pricingItem(name: string): CartItemInput {
  const item = pricingCartItems.find((i) => i.name === name);
  if (!item) throw new Error(`No pricing item ${name}`);
  return item;
}

export const inCart = (item: CartItemInput, quantity = 1): CartItem => ({ ...item, quantity });

/** Stores a cart as a returning visitor would have it, then leaves the page to load it afresh. */
export async function seedCart(page: Page, cart: unknown): Promise<void> {
  await seedRawCart(page, JSON.stringify(cart));
}

export async function seedRawCart(page: Page, raw: string): Promise<void> {
  if (page.url() === "about:blank") await page.goto("/terms");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CART_KEY, raw] as const);
}

/** The stored cart, parsed; text that is not JSON comes back as-is so polls can wait for the app to drop it. */
export async function storedCart(page: Page): Promise<unknown> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CART_KEY);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export const validCustomer: CustomerInfo = {
  name: "Wanjiru Kamau",
  email: "wanjiru@example.co.ke",
  phone: "+254 712 345 678",
  company: "Kamau Logistics",
  address: "Moi Avenue 12",
  city: "Nairobi",
  state: "Nairobi County",
  zip: "00100",
  country: "Kenya",
};

/** The checkout form's labels, by customer-info field. */
export const fieldLabels: Record<keyof CustomerInfo, string> = {
  name: "Full Name",
  email: "Email",
  phone: "Phone",
  company: "Company (Optional)",
  kraPin: "KRA PIN (for a tax invoice)",
  address: "Address",
  city: "City",
  state: "State",
  zip: "ZIP Code",
  country: "Country",
};

export async function fillCustomer(page: Page, info: Partial<CustomerInfo>): Promise<void> {
  for (const [field, value] of Object.entries(info) as [keyof CustomerInfo, string][]) {
    await page.getByLabel(fieldLabels[field], { exact: true }).fill(value);
  }
}

/** Answers POST /create-custom-payment in place of the worker (see mockJsonEndpoint). */
export function mockPaymentEndpoint(page: Page, reply: MockReply, options: { held?: boolean } = {}) {
  return mockJsonEndpoint(page, "**/create-custom-payment", reply, options);
}

const STUB_PAYMENT_URL = "https://checkout.stripe.test/c/pay/cs_test_cart_client";

/**
 * Stands in for the worker's endpoint and the hosted payment page until the full flow runs through
 * the real endpoint and the local Stripe stand-in. Resolves to the payment page's address; to go end
 * to end, replace the call with the stand-in's address (a string or RegExp for waitForURL).
 */
export async function stubPaymentProvider(page: Page, context: BrowserContext): Promise<string> {
  await mockPaymentEndpoint(page, { status: 200, body: { url: STUB_PAYMENT_URL } });
  await context.route(`${STUB_PAYMENT_URL}*`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Test payment page</title><h1>Pay</h1>" }),
  );
  return STUB_PAYMENT_URL;
}
