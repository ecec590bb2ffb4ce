import { env, exports } from "cloudflare:workers";
import { afterAll, afterEach, beforeEach, expect, inject } from "vitest";
import { createApp } from "../../../src/app.ts";
import { pricingCartItems } from "../../../src/catalogue/pricing-cart-items.ts";
import { quoteCatalogue } from "../../../src/catalogue/quote-services-copy.ts";
import type { CartItem } from "../../../src/checkout/cart-item-schema.ts";
import type { CustomerInfo } from "../../../src/checkout/customer-info-schema.ts";

export const PAYMENT_URL = "http://example.com/create-custom-payment";

/** A customer with a unique e-mail: the stand-ins are shared, so tests find their own calls by it. */
export function customer(overrides: Partial<CustomerInfo> = {}): CustomerInfo {
  return {
    name: "Amina Otieno",
    email: `buyer-${crypto.randomUUID()}@example.com`,
    phone: "+254 700 000 000",
    company: "Otieno Logistics",
    address: "14 Riverside Drive",
    city: "Nairobi",
    state: "Nairobi County",
    zip: "00100",
    country: "Kenya",
    ...overrides,
  };
}

/** A cart line exactly as the browser stores it for a catalogue id. */
export function cartItem(id: string, overrides: Partial<CartItem> = {}): CartItem {
  const source = [...pricingCartItems, ...quoteCatalogue].find((item) => item.id === id);
  if (!source) throw new Error(`No catalogue item ${id}`);
  const { id: itemId, name, description, category, tier, price } = source;
  return { id: itemId, name, description, category, tier, price, quantity: 1, ...overrides };
}

export type PaymentAnswer = {
  status: number;
  headers: Headers;
  contentType: string | null;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: { url?: string; error?: string; issues?: { path: string; message: string }[] } | undefined;
};

export async function read(res: Response): Promise<PaymentAnswer> {
  const text = await res.text();
  let json: PaymentAnswer["json"];
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, contentType: res.headers.get("content-type"), text, json };
}

/**
 * A client address of its own for one request: the payment endpoint is rate limited per client,
 * and the tests must not use up one shared allowance (2001:db8::/32 is for documentation).
 */
export function testClientIp(): string {
  const groups = Array.from(crypto.getRandomValues(new Uint16Array(6)), (n) => n.toString(16));
  return `2001:db8:${groups.join(":")}`;
}

/**
 * A POST as the site's own checkout page sends it: JSON, from the site's origin (the endpoint
 * refuses other origins), from a client address of its own. `init.headers` replaces the JSON
 * content type; Origin and CF-Connecting-IP are added unless given (given empty, they are left out).
 */
export function jsonRequest(url: string, body: unknown, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers ?? { "Content-Type": "application/json" });
  const defaults = { Origin: new URL(url).origin, "CF-Connecting-IP": testClientIp() };
  for (const [name, value] of Object.entries(defaults)) {
    if (!headers.has(name)) headers.set(name, value);
    else if (headers.get(name) === "") headers.delete(name);
  }
  return { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), ...init, headers };
}

/** POSTs to the deployed entry, configured as in vitest.config.ts (the normal stand-in). */
export async function postPayment(body: unknown, init: RequestInit = {}): Promise<PaymentAnswer> {
  return read(await exports.default.fetch(PAYMENT_URL, jsonRequest(PAYMENT_URL, body, init)));
}

/**
 * POSTs to a fresh app with other bindings (a failing Stripe, no key…), leaving the shared env
 * untouched so no other test sees the change.
 */
export async function postPaymentWith(
  bindings: Record<string, string | undefined>,
  body: unknown,
  init: RequestInit = {},
  url = PAYMENT_URL,
): Promise<PaymentAnswer> {
  const request = new Request(url, jsonRequest(url, body, init));
  return read(await createApp().fetch(request, { ...env, ...bindings }));
}

export const standinUrl = () => inject("stripeStandinUrl");
export const failingStandinUrl = () => inject("stripeFailingUrl");
export const slowStandinUrl = () => inject("stripeSlowUrl");
export const sentinelStandinUrl = () => inject("stripeSentinelUrl");

export type RecordedCreate = {
  /** The API path called, e.g. /v1/checkout/sessions. */
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: boolean;
  status: number;
};

/** The create calls a stand-in received, optionally only those for one customer e-mail. */
export async function recordedCreates(base: string, customerEmail?: string): Promise<RecordedCreate[]> {
  const res = await fetch(`${base}/__requests`);
  const all = (await res.json()) as RecordedCreate[];
  return customerEmail ? all.filter((r) => r.form.customer_email === customerEmail) : all;
}

/** Whatever went wrong, the browser gets one JSON sentence and nothing of the server's insides. */
export function expectSafeErrorBody(res: PaymentAnswer): void {
  expect(res.contentType).toMatch(/^application\/json/);
  expect(typeof res.json?.error).toBe("string");
  expect(res.json?.error).toMatch(/^[A-Z].*\.$/);
  expect(res.text).not.toMatch(/stack|sk_|req_|at [\w.]+ \(|stand-in|Stripe/i);
}

/**
 * For a file whose every request must be refused before Stripe: returns a poster aimed at the
 * sentinel stand-in. Each test posts from its own origin, so a call that leaks to Stripe (its
 * success_url carries that origin) fails that very test; the sentinel must stay empty overall.
 */
export function refusedRequests() {
  let origin = "";
  beforeEach(() => {
    origin = `http://refused-${crypto.randomUUID()}.test`;
  });
  afterEach(async () => {
    const leaked = (await recordedCreates(sentinelStandinUrl())).filter((r) => r.form.success_url?.startsWith(origin));
    expect(leaked, "a refused request reached Stripe").toEqual([]);
  });
  afterAll(async () => {
    expect(await recordedCreates(sentinelStandinUrl()), "the sentinel stand-in received a call").toEqual([]);
  });
  return (body: unknown, init?: RequestInit) =>
    postPaymentWith({ STRIPE_API_BASE: sentinelStandinUrl() }, body, init, `${origin}/create-custom-payment`);
}
