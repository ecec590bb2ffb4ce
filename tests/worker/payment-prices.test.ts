// Checkout charges the Stripe Prices the sync made, found by lookup key, and refuses (fail
// closed) when Stripe's catalogue does not say what ours does.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { catalogue } from "../../src/catalogue/catalogue.ts";
import { lookupKey } from "../../src/catalogue/lookup-keys.ts";
import { company } from "../../src/site/company-copy.ts";
import {
  cartItem,
  customer,
  expectSafeErrorBody,
  postPayment,
  postPaymentWith,
  recordedCreates,
  standinUrl,
} from "./support/payment.ts";
import { chargedLines, priceIdOf } from "./support/stripe-prices.ts";
import { PROXIED_STRIPE, type ProxiedCall, proxyStripe, stripeList } from "./support/stripe-proxy.ts";

const OUT_OF_SYNC = `We cannot take payment for this order right now, and nothing was charged. Please try again later, or contact us at ${company.emails.general.display} or ${company.phone.display}.`;

afterEach(() => {
  vi.restoreAllMocks();
});

async function orderRows(email: string) {
  const { results } = await env.DB.prepare("SELECT order_id, total_cents FROM orders WHERE customer_email = ?")
    .bind(email)
    .all<{ order_id: string; total_cents: number }>();
  return results;
}

async function itemRows(sessionId: string) {
  const { results } = await env.DB.prepare(
    "SELECT item_id, unit_amount_cents, quantity FROM order_items WHERE order_id = ? ORDER BY rowid",
  )
    .bind(sessionId)
    .all<{ item_id: string; unit_amount_cents: number; quantity: number }>();
  return results.map((r) => [r.item_id, r.unit_amount_cents, r.quantity]);
}

describe("Checkout by catalogue price", () => {
  it("names the synced prices in the session; the order row keeps the catalogue's amounts", async () => {
    const info = customer();
    const proxy = proxyStripe();
    const res = await postPaymentWith(
      { STRIPE_API_BASE: PROXIED_STRIPE },
      { services: [cartItem("pricing-starter"), cartItem("s1", { quantity: 2 })], customerInfo: info },
    );
    expect(res.status).toBe(200);
    expect(proxy.calls().filter((c) => c.path === "/v1/checkout/sessions")).toHaveLength(1);
    // One lookup, with both keys, active prices only.
    const lookups = proxy.calls().filter((c) => c.path === "/v1/prices");
    expect(lookups).toHaveLength(1);
    expect(keysOf(lookups[0])).toEqual(["plan-starter-month", "service-s1"]);
    expect(lookups[0]?.query.get("active")).toBe("true");

    const [row] = await orderRows(info.email);
    expect(row?.total_cents).toBe(15_000 + 2 * (catalogue.get("s1")?.unitAmount ?? 0));
    expect(await itemRows(row?.order_id ?? "")).toEqual([
      ["pricing-starter", 15_000, 1],
      ["s1", catalogue.get("s1")?.unitAmount, 2],
    ]);
    // …and the session charges them through the synced prices.
    const [call] = await recordedCreates(standinUrl(), info.email);
    expect(call?.form["line_items[0][price]"]).toBe(await priceIdOf("plan-starter-month"));
    expect(call?.form["line_items[1][price]"]).toBe(await priceIdOf("service-s1"));
    expect(Object.keys(call?.form ?? {}).filter((k) => k.includes("price_data"))).toEqual([]);
  });

  it("a cart of more than 10 distinct items finds its prices in calls of at most 10 keys", async () => {
    const ids = ["e1", "e2", "e3", "e4", "e5", "s1", "s2", "s3", "m1", "m2", "p1", "p2"];
    const info = customer();
    const proxy = proxyStripe();
    const res = await postPaymentWith(
      { STRIPE_API_BASE: PROXIED_STRIPE },
      { services: ids.map((id) => cartItem(id)), customerInfo: info },
    );
    expect(res.status).toBe(200);
    const lookups = proxy.calls().filter((c) => c.path === "/v1/prices");
    expect(lookups.map((c) => keysOf(c).length)).toEqual([10, 2]);
    expect(lookups.flatMap(keysOf).sort()).toEqual(ids.map((id) => `service-${id}`).sort());
    // The session names each item's synced price, and those charge the catalogue's amounts.
    const [call] = await recordedCreates(standinUrl(), info.email);
    const lines = await chargedLines(call?.form ?? {});
    expect(lines.map((l) => [l.catalogueId, l.unitAmount, l.quantity])).toEqual(
      ids.map((id) => [id, catalogue.get(id)?.unitAmount, 1]),
    );
    expect(call?.form["line_items[0][price]"]).toBe(await priceIdOf("service-e1"));
  });
});

/** The lookup keys one list call asked for (the SDK sends `lookup_keys[0]`, `lookup_keys[1]`, …). */
function keysOf(call: ProxiedCall | undefined): string[] {
  return [...(call?.query ?? new URLSearchParams())].filter(([k]) => k.startsWith("lookup_keys")).map(([, v]) => v);
}

type PriceShape = { unit_amount: number; currency: string; type: string; recurring: { interval: string } | null };

/** A Stripe price object for a lookup key, as the list answers it. */
function price(key: string, shape: PriceShape) {
  const recurring = shape.recurring ? { ...shape.recurring, interval_count: 1, usage_type: "licensed" } : null;
  return { id: `price_${key.replace(/-/g, "_")}`, object: "price", active: true, lookup_key: key, ...shape, recurring };
}

const plan = catalogue.get("pricing-business");
const service = catalogue.get("e1");
if (!plan || !service) throw new Error("catalogue items missing");
const right = {
  plan: price(lookupKey(plan), {
    unit_amount: 37_500,
    currency: "usd",
    type: "recurring",
    recurring: { interval: "month" },
  }),
  service: price(lookupKey(service), { unit_amount: 2_000, currency: "usd", type: "one_time", recurring: null }),
};

const mismatches: [string, unknown[]][] = [
  ["a different amount", [{ ...right.plan, unit_amount: 37_400 }, right.service]],
  ["a different currency", [right.plan, { ...right.service, currency: "eur" }]],
  ["a yearly plan price", [{ ...right.plan, recurring: { ...right.plan.recurring, interval: "year" } }, right.service]],
  ["a one-time plan price", [{ ...right.plan, type: "one_time", recurring: null }, right.service]],
  [
    "a recurring price for a one-time item",
    [right.plan, { ...right.service, type: "recurring", recurring: { interval: "month", interval_count: 1 } }],
  ],
  ["a missing price", [right.plan]],
  ["no price at all", []],
];

describe("fail closed when Stripe's catalogue differs from ours", () => {
  it.each(mismatches)("%s: 503 with a sentence, no session, no order, a log naming the sync", async (_, prices) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const info = customer();
    const proxy = proxyStripe((call) => (call.path === "/v1/prices" ? stripeList(prices) : null));
    const res = await postPaymentWith(
      { STRIPE_API_BASE: PROXIED_STRIPE },
      { services: [cartItem("pricing-business"), cartItem("e1")], customerInfo: info },
    );
    expect(res.status).toBe(503);
    expectSafeErrorBody(res);
    expect(res.json).toEqual({ error: OUT_OF_SYNC });
    expect(proxy.calls().map((c) => c.path)).toEqual(["/v1/prices"]);
    expect(await orderRows(info.email)).toEqual([]);
    const logged = errors.mock.calls.map((args) => String(args[0])).join("\n");
    expect(logged).toContain("npm run stripe:sync");
  });

  it("the right prices go through the same stub (the refusals above are the prices' doing)", async () => {
    const info = customer();
    proxyStripe((call) => (call.path === "/v1/prices" ? stripeList([right.plan, right.service]) : null));
    const res = await postPaymentWith(
      { STRIPE_API_BASE: PROXIED_STRIPE },
      { services: [cartItem("pricing-business"), cartItem("e1")], customerInfo: info },
    );
    // The stub's ids are not the stand-in's prices: Stripe refuses them, which proves the session named them.
    expect(res.status).toBe(422);
    expect(await orderRows(info.email)).toEqual([]);
  });

  it("the synced stand-in sells the same cart", async () => {
    const res = await postPayment({
      services: [cartItem("pricing-business"), cartItem("e1")],
      customerInfo: customer(),
    });
    expect(res.status).toBe(200);
  });
});
