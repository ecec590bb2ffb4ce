// The stand-in's Checkout charges catalogue prices (`line_items[][price]`) as Stripe does: the
// amount, currency and interval are the price's; an unknown or archived price is refused.
import type Stripe from "stripe";
import { describe, expect, inject, it } from "vitest";

type StripeError = { error: { type: string; message: string; param?: string; code?: string } };

const base = () => inject("stripeScratchUrl");
const AUTH = { Authorization: "Bearer sk_test_standin_prices" };

async function api<T>(method: string, path: string, form?: Record<string, string>) {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: { ...AUTH, "Content-Type": "application/x-www-form-urlencoded" },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  return { status: res.status, json: (await res.json()) as T & Partial<StripeError> };
}

/** A product of its own with a monthly and a one-time price, made through the API. */
async function catalogue() {
  const product = await api<Stripe.Product>("POST", "/v1/products", { name: "Business", description: "Plan" });
  const price = (form: Record<string, string>) =>
    api<Stripe.Price>("POST", "/v1/prices", { product: product.json.id, currency: "usd", ...form });
  const monthly = await price({ unit_amount: "37500", "recurring[interval]": "month" });
  const once = await price({ unit_amount: "5000" });
  return { product: product.json.id, monthly: monthly.json.id, once: once.json.id };
}

const urls = { success_url: "http://example.com/ok?session_id={CHECKOUT_SESSION_ID}" };

describe("stand-in: Checkout by price", () => {
  it("charges the prices' amounts, in subscription mode with a recurring price", async () => {
    const { product, monthly, once } = await catalogue();
    const created = await api<Stripe.Checkout.Session>("POST", "/v1/checkout/sessions", {
      mode: "subscription",
      ...urls,
      "line_items[0][price]": monthly,
      "line_items[0][quantity]": "1",
      "line_items[1][price]": once,
      "line_items[1][quantity]": "2",
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.amount_total).toBe(37_500 + 2 * 5_000);
    expect(created.json.currency).toBe("usd");
    const read = await api<Stripe.Checkout.Session>(
      "GET",
      `/v1/checkout/sessions/${created.json.id}?expand[]=line_items`,
    );
    const lines = read.json.line_items?.data ?? [];
    expect(lines.map((l) => [l.price?.id, l.price?.product, l.price?.recurring?.interval ?? null, l.quantity])).toEqual(
      [
        [monthly, product, "month", 1],
        [once, product, null, 2],
      ],
    );
    expect(lines.map((l) => l.description)).toEqual(["Business", "Business"]);
  });

  it("refuses an unknown price with Stripe's 400 'No such price'", async () => {
    const res = await api("POST", "/v1/checkout/sessions", {
      mode: "payment",
      ...urls,
      "line_items[0][price]": "price_missing",
      "line_items[0][quantity]": "1",
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      type: "invalid_request_error",
      message: "No such price: 'price_missing'",
      param: "line_items[0][price]",
      code: "resource_missing",
    });
  });

  it("refuses an archived price, a recurring price in payment mode, and price with price_data", async () => {
    const { once, monthly } = await catalogue();
    await api("POST", `/v1/prices/${once}`, { active: "false" });
    const session = (lines: Record<string, string>, mode = "payment") =>
      api("POST", "/v1/checkout/sessions", { mode, ...urls, "line_items[0][quantity]": "1", ...lines });

    const archived = await session({ "line_items[0][price]": once });
    expect(archived.status).toBe(400);
    expect(archived.json.error?.param).toBe("line_items[0][price]");
    expect(archived.json.error?.message).toMatch(/inactive/);

    const recurring = await session({ "line_items[0][price]": monthly });
    expect(recurring.status).toBe(400);
    expect(recurring.json.error?.message).toMatch(/recurring price/);

    const both = await session({
      "line_items[0][price]": monthly,
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "100",
      "line_items[0][price_data][product_data][name]": "x",
    });
    expect(both.status).toBe(400);
    expect(both.json.error?.param).toBe("line_items[0]");
  });
});
