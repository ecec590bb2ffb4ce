// `npm run stripe:sync` against a fresh stand-in each test: the catalogue it makes, idempotence,
// a price change (new price, lookup key transferred, old one archived), the dry run and the portal.
import type Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type StripeStandin, startStripeStandin } from "../../scripts/stripe-standin/server.ts";
import type { SyncItem } from "../../scripts/stripe-sync/catalogue.ts";
import { stripeClient } from "../../scripts/stripe-sync/config.ts";
import { syncStripeCatalogue } from "../../scripts/stripe-sync/sync.ts";
import { catalogue } from "../../src/catalogue/catalogue.ts";
import { lookupKey, yearlyAmount } from "../../src/catalogue/lookup-keys.ts";

const SITE = "https://acacia-it.example";
const PLANS = { starter: 15_000, business: 37_500, enterprise: 75_000 } as const;
/** 15% off twelve months: $1,530.00, $3,825.00 and $7,650.00 a year. */
const YEARLY = { starter: 153_000, business: 382_500, enterprise: 765_000 } as const;

let standin: StripeStandin;
let stripe: Stripe;

beforeEach(async () => {
  standin = await startStripeStandin({ port: 0 });
  stripe = stripeClient({ key: "sk_test_sync_tests", apiBase: new URL(standin.url) });
});

afterEach(async () => {
  await standin.close();
});

const items = (): SyncItem[] => [...catalogue.values()];

function sync(options: { items?: SyncItem[]; dryRun?: boolean } = {}) {
  return syncStripeCatalogue({
    stripe,
    items: options.items ?? items(),
    siteUrl: SITE,
    dryRun: options.dryRun ?? false,
  });
}

/** Our catalogue with one item's price changed, as if content had changed. */
function withPrice(id: string, unitAmount: number): SyncItem[] {
  return items().map((item) => (item.id === id ? { ...item, unitAmount } : item));
}

async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of list) out.push(item);
  return out;
}

async function priceByKey(key: string): Promise<Stripe.Price> {
  const { data } = await stripe.prices.list({ lookup_keys: [key] });
  expect(data).toHaveLength(1);
  return data[0] as Stripe.Price;
}

const writes = () => standin.requests().filter((r) => r.method === "POST");

describe("npm run stripe:sync on a fresh stand-in", () => {
  it("makes one product per item that can be bought, and each plan a monthly and a yearly price", async () => {
    const result = await sync();
    expect(result.changed).toBe(true);

    const products = await all(stripe.products.list({ limit: 100 }));
    expect(products).toHaveLength(catalogue.size);
    expect(products.map((p) => p.metadata.catalogue_id).sort()).toEqual([...catalogue.keys()].sort());
    const prices = await all(stripe.prices.list({ limit: 100 }));
    const plans = items().filter((item) => item.recurring);
    expect(plans.map((p) => p.id).sort()).toEqual(["pricing-business", "pricing-enterprise", "pricing-starter"]);
    expect(prices).toHaveLength(catalogue.size + plans.length);
    expect(prices.every((p) => p.active && p.lookup_key && p.currency === "usd")).toBe(true);

    for (const [plan, monthly] of Object.entries(PLANS)) {
      const month = await priceByKey(`plan-${plan}-month`);
      const year = await priceByKey(`plan-${plan}-year`);
      expect([month.unit_amount, month.recurring?.interval, month.recurring?.interval_count]).toEqual([
        monthly,
        "month",
        1,
      ]);
      expect([year.unit_amount, year.recurring?.interval]).toEqual([YEARLY[plan as keyof typeof YEARLY], "year"]);
      expect(year.product).toBe(month.product);
      expect(month.product).toBe(`acacia-plan-${plan}`);
      expect(month.metadata.catalogue_id).toBe(`pricing-${plan}`);
    }

    const e1 = await priceByKey("service-e1");
    expect([e1.type, e1.recurring, e1.unit_amount, e1.product]).toEqual(["one_time", null, 2_000, "acacia-service-e1"]);
    const addOn = await priceByKey("service-pricing-training-workshop");
    expect(addOn.unit_amount).toBe(catalogue.get("pricing-training-workshop")?.unitAmount);
  });

  it("gives a yearly plan twelve months less 15%, in whole cents", () => {
    expect(Object.values(PLANS).map(yearlyAmount)).toEqual(Object.values(YEARLY));
    expect(lookupKey({ id: "pricing-business", recurring: true }, "year")).toBe("plan-business-year");
    expect(lookupKey({ id: "e1", recurring: false })).toBe("service-e1");
  });

  it("changes nothing on a second run, and says so", async () => {
    await sync();
    const before = writes().length;
    const second = await sync();
    expect(second.changed).toBe(false);
    expect(second.changes).toEqual([]);
    expect(second.portal.kind).toBe("none");
    expect(second.lines.join("\n")).toContain("No change");
    expect(writes()).toHaveLength(before);
  });

  it("moves the lookup key to a new price when ours changes, and archives the old one", async () => {
    await sync();
    const oldMonth = await priceByKey("plan-business-month");
    const oldYear = await priceByKey("plan-business-year");

    const result = await sync({ items: withPrice("pricing-business", 40_000) });
    expect(result.changes.map((c) => [c.kind, c.kind === "create-price" && c.price.lookupKey])).toEqual([
      ["create-price", "plan-business-month"],
      ["create-price", "plan-business-year"],
    ]);
    expect(result.lines.join("\n")).toContain("$375.00 a month -> $400.00 a month");

    const month = await priceByKey("plan-business-month");
    const year = await priceByKey("plan-business-year");
    expect([month.unit_amount, year.unit_amount]).toEqual([40_000, 408_000]);
    expect(month.id).not.toBe(oldMonth.id);
    for (const old of [oldMonth, oldYear]) {
      const archived = await stripe.prices.retrieve(old.id);
      expect([archived.active, archived.lookup_key]).toEqual([false, null]);
    }
    expect(await all(stripe.products.list({ limit: 100 }))).toHaveLength(catalogue.size);

    // The portal now offers the new prices, and nothing is left to do.
    expect(result.portal.kind).toBe("update");
    const offered = await portalProducts(result.portal.id);
    expect(offered.find((p) => p.product === "acacia-plan-business")?.prices.sort()).toEqual(
      [month.id, year.id].sort(),
    );
    expect((await sync({ items: withPrice("pricing-business", 40_000) })).changed).toBe(false);
  });

  it("plans without writing anything on --dry-run", async () => {
    const planned = await sync({ dryRun: true });
    expect(planned.changes).toHaveLength(catalogue.size + catalogue.size + 3);
    expect(planned.portal).toEqual({ kind: "create", id: null, fields: [] });
    expect(planned.lines.join("\n")).toContain("nothing was written");
    expect(writes()).toEqual([]);
    expect((await stripe.products.list()).data).toEqual([]);

    await sync();
    const before = writes().length;
    const change = await sync({ items: withPrice("pricing-starter", 16_000), dryRun: true });
    expect(change.changes.map((c) => c.kind)).toEqual(["create-price", "create-price"]);
    expect(change.portal.kind).toBe("update");
    expect(writes()).toHaveLength(before);
    expect((await priceByKey("plan-starter-month")).unit_amount).toBe(15_000);
  });
});

async function portalProducts(id: string | null): Promise<{ product: string; prices: string[] }[]> {
  expect(id).toMatch(/^bpc_/);
  const configuration = await stripe.billingPortal.configurations.retrieve(id as string, {
    expand: ["features.subscription_update.products"],
  });
  return configuration.features.subscription_update.products ?? [];
}

describe("the customer portal configuration the sync makes", () => {
  it("switches between the three plans monthly and yearly, upgrades now, downgrades at the period end", async () => {
    const { portal } = await sync();
    const configuration = await stripe.billingPortal.configurations.retrieve(portal.id as string, {
      expand: ["features.subscription_update.products"],
    });
    expect(configuration.is_default).toBe(false);
    expect(configuration.active).toBe(true);
    const { subscription_update: update, subscription_cancel: cancel } = configuration.features;
    expect(update.enabled).toBe(true);
    expect(update.default_allowed_updates).toEqual(["price"]);
    expect(update.proration_behavior).toBe("always_invoice");
    expect(update.schedule_at_period_end.conditions.map((c) => c.type).sort()).toEqual([
      "decreasing_item_amount",
      "shortening_interval",
    ]);
    const offered = update.products ?? [];
    expect(offered.map((p) => p.product).sort()).toEqual(
      Object.keys(PLANS)
        .map((p) => `acacia-plan-${p}`)
        .sort(),
    );
    for (const plan of Object.keys(PLANS)) {
      const ids = [(await priceByKey(`plan-${plan}-month`)).id, (await priceByKey(`plan-${plan}-year`)).id];
      expect(offered.find((p) => p.product === `acacia-plan-${plan}`)?.prices.sort()).toEqual(ids.sort());
    }
    expect([cancel.enabled, cancel.mode]).toEqual([true, "at_period_end"]);
    expect(configuration.features.payment_method_update.enabled).toBe(true);
    expect(configuration.features.invoice_history.enabled).toBe(true);
    expect(configuration.business_profile).toEqual({
      headline: "Acacia IT Consulting",
      privacy_policy_url: `${SITE}/privacy`,
      terms_of_service_url: `${SITE}/terms`,
    });
    expect(configuration.default_return_url).toBe(`${SITE}/billing`);
  });

  it("puts back what was changed by hand, on the same configuration", async () => {
    const { portal } = await sync();
    const id = portal.id as string;
    await stripe.billingPortal.configurations.update(id, {
      active: false,
      features: { subscription_update: { proration_behavior: "none" } },
    });
    const again = await sync();
    expect(again.portal).toEqual({
      kind: "update",
      id,
      fields: ["active", "features.subscription_update.proration_behavior"],
    });
    const configuration = await stripe.billingPortal.configurations.retrieve(id);
    expect([configuration.active, configuration.features.subscription_update.proration_behavior]).toEqual([
      true,
      "always_invoice",
    ]);
  });

  it("answers the products only when asked to include them, as Stripe does", async () => {
    const { portal } = await sync();
    const plain = await stripe.billingPortal.configurations.retrieve(portal.id as string);
    expect(plain.features.subscription_update.products).toBeUndefined();
    expect(await portalProducts(portal.id)).toHaveLength(3);
  });
});
