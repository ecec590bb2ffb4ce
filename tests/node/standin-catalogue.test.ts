// The stand-in's catalogue behaves as Stripe's: lookup keys are unique and move only on request,
// prices keep their terms, unknown parameters are refused, and portal configurations check what
// they offer. Called through the SDK, as the sync calls it.
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type StripeStandin, startStripeStandin } from "../../scripts/stripe-standin/server.ts";
import { stripeClient } from "../../scripts/stripe-sync/config.ts";

const KEY = "sk_test_standin_catalogue";

let standin: StripeStandin;
let stripe: Stripe;

beforeEach(async () => {
  standin = await startStripeStandin({ port: 0 });
  stripe = stripeClient({ key: KEY, apiBase: new URL(standin.url) });
});

afterEach(async () => {
  await standin.close();
});

/** The Stripe error a call was refused with. */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  const stripeError = err as Stripe.errors.StripeError;
  expect(stripeError.statusCode).toBe(400);
  return stripeError;
}

async function planProduct(id = "acacia-plan-business") {
  return stripe.products.create({ id, name: "Business", metadata: { catalogue_id: "pricing-business" } });
}

function monthly(product: string, unitAmount: number, extra: Partial<Stripe.PriceCreateParams> = {}) {
  return stripe.prices.create({
    product,
    currency: "usd",
    unit_amount: unitAmount,
    recurring: { interval: "month" },
    lookup_key: "plan-business-month",
    ...extra,
  });
}

describe("stand-in products and prices", () => {
  it("creates, retrieves, updates and lists products, by the ids it was given", async () => {
    const product = await planProduct();
    expect([product.id, product.active, product.metadata]).toEqual([
      "acacia-plan-business",
      true,
      { catalogue_id: "pricing-business" },
    ]);
    const updated = await stripe.products.update(product.id, {
      description: "Monthly Subscription",
      metadata: { note: "kept" },
      active: false,
    });
    expect([updated.description, updated.active, updated.metadata]).toEqual([
      "Monthly Subscription",
      false,
      { catalogue_id: "pricing-business", note: "kept" },
    ]);
    await planProduct("acacia-plan-starter");
    const byId = await stripe.products.list({ ids: ["acacia-plan-business", "missing"] });
    expect(byId.data.map((p) => p.id)).toEqual(["acacia-plan-business"]);
    expect((await stripe.products.list({ active: true })).data.map((p) => p.id)).toEqual(["acacia-plan-starter"]);
    const again = await refusal(planProduct());
    expect(again.code).toBe("resource_already_exists");
  });

  it("refuses a lookup key another price holds, unless asked to transfer it", async () => {
    const product = await planProduct();
    const first = await monthly(product.id, 37_500);
    const taken = await refusal(monthly(product.id, 40_000));
    expect(taken.param).toBe("lookup_key");
    expect(taken.message).toBe(`A price (\`${first.id}\`) already uses that lookup key.`);

    const second = await monthly(product.id, 40_000, { transfer_lookup_key: true });
    expect(second.lookup_key).toBe("plan-business-month");
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull();
    const found = await stripe.prices.list({ lookup_keys: ["plan-business-month"] });
    expect(found.data.map((p) => p.id)).toEqual([second.id]);
  });

  it("keeps a price's amount, currency and interval: an update naming them is refused", async () => {
    const price = await monthly((await planProduct()).id, 37_500);
    for (const params of [{ unit_amount: 1 }, { currency: "eur" }, { recurring: { interval: "year" } }]) {
      const err = await refusal(stripe.prices.update(price.id, params as Stripe.PriceUpdateParams));
      expect(err.code).toBe("parameter_unknown");
    }
    const archived = await stripe.prices.update(price.id, { active: false, metadata: { why: "replaced" } });
    expect([archived.active, archived.unit_amount, archived.lookup_key]).toEqual([
      false,
      37_500,
      "plan-business-month",
    ]);
    // A lookup key finds an archived price too, unless the call asks for active ones.
    expect((await stripe.prices.list({ lookup_keys: ["plan-business-month"] })).data).toHaveLength(1);
    expect((await stripe.prices.list({ lookup_keys: ["plan-business-month"], active: true })).data).toHaveLength(0);
  });

  it("refuses unknown parameters, more than 10 lookup keys and prices of unknown products", async () => {
    const unknown = await refusal(stripe.products.create({ name: "Business", shippable: true }));
    expect([unknown.code, unknown.param]).toEqual(["parameter_unknown", "shippable"]);
    const nested = await refusal(
      monthly((await planProduct()).id, 100, { recurring: { interval: "month", meter: "m" } }),
    );
    expect(nested.param).toBe("recurring[meter]");
    const keys = Array.from({ length: 11 }, (_, i) => `k${i}`);
    expect((await refusal(stripe.prices.list({ lookup_keys: keys }))).param).toBe("lookup_keys");
    const orphan = await refusal(monthly("acacia-nothing", 100));
    expect([orphan.code, orphan.param]).toEqual(["resource_missing", "product"]);
  });

  it("reads lookup_keys[] as a plain form sends them, and pages a list newest first", async () => {
    const product = await planProduct();
    const prices = [];
    for (const [i, amount] of [100, 200, 300].entries()) {
      prices.push(
        await stripe.prices.create({ product: product.id, currency: "usd", unit_amount: amount, lookup_key: `k${i}` }),
      );
    }
    const res = await fetch(`${standin.url}/v1/prices?lookup_keys[]=k0&lookup_keys[]=k2`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    const list = (await res.json()) as { data: { id: string }[]; has_more: boolean };
    expect(list.data.map((p) => p.id)).toEqual([prices[2]?.id, prices[0]?.id]);
    const firstPage = await stripe.prices.list({ limit: 2 });
    expect([firstPage.data.map((p) => p.unit_amount), firstPage.has_more]).toEqual([[300, 200], true]);
    const all = await stripe.prices.list({ limit: 1 }).autoPagingToArray({ limit: 10 });
    expect(all.map((p) => p.unit_amount)).toEqual([300, 200, 100]);
  });
});

describe("stand-in billing portal configurations", () => {
  it("starts with a default configuration, which the API cannot make another one", async () => {
    const { data } = await stripe.billingPortal.configurations.list();
    expect(data.map((c) => [c.is_default, c.features.subscription_cancel.enabled])).toEqual([[true, true]]);
    const made = await stripe.billingPortal.configurations.create({ features: { invoice_history: { enabled: true } } });
    expect([made.is_default, made.features.subscription_update.enabled]).toEqual([false, false]);
    const defaults = await stripe.billingPortal.configurations.list({ is_default: true });
    expect(defaults.data.map((c) => c.id)).toEqual([data[0]?.id]);
  });

  it("offers only recurring prices of the product they are listed under", async () => {
    const product = await planProduct();
    const price = await monthly(product.id, 37_500);
    const other = await stripe.products.create({ id: "acacia-service-e1", name: "Basic Troubleshooting Session" });
    const oneTime = await stripe.prices.create({ product: other.id, currency: "usd", unit_amount: 2_000 });
    const offer = (product: string, prices: string[]) =>
      stripe.billingPortal.configurations.create({
        features: {
          subscription_update: {
            enabled: true,
            default_allowed_updates: ["price"],
            products: [{ product, prices }],
          },
        },
      });
    expect((await refusal(offer(other.id, [price.id]))).param).toBe(
      "features[subscription_update][products][0][prices][0]",
    );
    expect((await refusal(offer(other.id, [oneTime.id]))).message).toContain("not a recurring price");
    expect((await refusal(offer("acacia-nothing", [price.id]))).code).toBe("resource_missing");
    const made = await offer(product.id, [price.id]);
    expect(made.features.subscription_update.enabled).toBe(true);
  });

  it("refuses an enabled plan switch without products, and unknown features", async () => {
    const missing = await refusal(
      stripe.billingPortal.configurations.create({
        features: { subscription_update: { enabled: true, default_allowed_updates: ["price"] } },
      }),
    );
    expect([missing.code, missing.param]).toEqual(["parameter_missing", "features[subscription_update][products]"]);
    const unknown = await refusal(
      stripe.billingPortal.configurations.create({
        features: { subscription_pause: { enabled: true }, invoice_history: { enabled: true } },
      }),
    );
    expect([unknown.code, unknown.param]).toEqual(["parameter_unknown", "features[subscription_pause]"]);
  });
});

describe("stand-in billing portal sessions", () => {
  /** A customer, as Checkout makes one when a subscription is paid on the test page. */
  async function subscriber(): Promise<string> {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      success_url: "https://acacia-it.example/checkout/success",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: 37_500,
            recurring: { interval: "month" },
            product_data: { name: "Business" },
          },
        },
      ],
    });
    const paid = await fetch(`${standin.url}/pay/${session.id}`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const customer = (await stripe.checkout.sessions.retrieve(session.id)).customer;
    expect(customer).toMatch(/^cus_/);
    return customer as string;
  }

  it("use the configuration they name, else the default one", async () => {
    const customer = await subscriber();
    const [fallback] = (await stripe.billingPortal.configurations.list({ is_default: true })).data;
    const plain = await stripe.billingPortal.sessions.create({ customer });
    expect(plain.configuration).toBe(fallback?.id);

    const made = await stripe.billingPortal.configurations.create({ features: { invoice_history: { enabled: true } } });
    const named = await stripe.billingPortal.sessions.create({ customer, configuration: made.id });
    expect(named.configuration).toBe(made.id);

    const unknown = await refusal(stripe.billingPortal.sessions.create({ customer, configuration: "bpc_nothing" }));
    expect(unknown.code).toBe("resource_missing");
    await stripe.billingPortal.configurations.update(made.id, { active: false });
    expect((await refusal(stripe.billingPortal.sessions.create({ customer, configuration: made.id }))).param).toBe(
      "configuration",
    );
  });
});
