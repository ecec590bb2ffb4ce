/**
 * Signed plan-change events are checked against our catalogue (docs/orders.md, "Plan changes"): a
 * subscription item is our plan only with our lookup key, our amount, currency and interval, at
 * quantity 1. Anything else a subscription or a schedule bills (a change in Stripe's dashboard, a
 * mistake, a stolen Stripe login) is answered 200, never written into the plan columns as ours,
 * named in the subscription's review reason and told to the owner once; the buyer hears nothing.
 */
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseAdminQuery } from "../../src/admin/admin-query.ts";
import { searchSubscriptions } from "../../src/admin/subscription-section.ts";
import { createApp } from "../../src/app.ts";
import type { OutboxRow } from "../../src/mail/outbox.ts";
import { WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
import {
  event,
  FIRST_INVOICE_CENTS,
  invoiceObject,
  outboxOf,
  planPrice,
  type SubscriptionOrder,
  seedSubscriptionOrder,
  send,
  sessionObject,
  subscriptionObject,
  subscriptionRow,
  tick,
} from "./support/billing.ts";
import { parseDocument, queryAll, textOf } from "./support/html.ts";
import { SITE, signature, WEBHOOK_URL } from "./support/orders.ts";
import { testClientIp } from "./support/payment.ts";
import { priceIdOf } from "./support/stripe-prices.ts";
import { PROXIED_STRIPE, proxyStripe, stripeList } from "./support/stripe-proxy.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

type Item = { price: object | string; quantity?: unknown };

const enterprise = planPrice("enterprise", "month");
const starter = planPrice("starter", "month");
const business = planPrice("business", "month");

/**
 * What Stripe may bill that is not our plan, and what the review reason must say of it. Each names
 * a plan other than the Business the buyer is on, so recording it as ours would change the plan.
 */
const offCatalogue: [string, Item[], string[]][] = [
  [
    "a price outside the catalogue (USD 1 a month)",
    [
      {
        price: { ...enterprise, id: "price_one_dollar", lookup_key: null, metadata: {}, unit_amount: 100 },
        quantity: 1,
      },
    ],
    ["price_one_dollar (lookup key none), 1.00 USD every month, quantity 1", "not a price of our catalogue"],
  ],
  [
    "our lookup key priced in KES",
    [{ price: { ...enterprise, id: "price_enterprise_kes", currency: "kes" }, quantity: 1 }],
    [
      "price_enterprise_kes (lookup key plan-enterprise-month), 750.00 KES every month, quantity 1",
      "our catalogue's plan-enterprise-month is 750.00 USD every month, quantity 1",
    ],
  ],
  [
    "our lookup key priced in EUR",
    [{ price: { ...enterprise, id: "price_enterprise_eur", currency: "eur" }, quantity: 1 }],
    ["price_enterprise_eur (lookup key plan-enterprise-month), 750.00 EUR every month"],
  ],
  [
    "quantity 1000",
    [{ price: starter, quantity: 1000 }],
    ["price_starter_month (lookup key plan-starter-month), 150.00 USD every month, quantity 1000"],
  ],
  ["quantity 0", [{ price: starter, quantity: 0 }], ["150.00 USD every month, quantity 0"]],
  ["quantity 1e300", [{ price: starter, quantity: 1e300 }], ["150.00 USD every month, quantity 1e+300"]],
  [
    "a weekly price",
    [
      {
        price: {
          ...enterprise,
          id: "price_enterprise_weekly",
          recurring: { ...enterprise.recurring, interval: "week" },
        },
        quantity: 1,
      },
    ],
    ["price_enterprise_weekly (lookup key plan-enterprise-month), 750.00 USD every week, quantity 1"],
  ],
  [
    "two plan items",
    [
      { price: enterprise, quantity: 1 },
      { price: business, quantity: 1 },
    ],
    ["2 items", "price_enterprise_month (lookup key plan-enterprise-month)", "price_business_month"],
  ],
  [
    "catalogue_id=pricing-enterprise metadata at USD 1",
    [{ price: { ...enterprise, id: "price_meta_enterprise", lookup_key: null, unit_amount: 100 }, quantity: 1 }],
    ["price_meta_enterprise (lookup key none), 1.00 USD every month, quantity 1: not a price of our catalogue"],
  ],
];

/** Checkout, its first invoice and the subscription's creation, on Business monthly as ordered. */
async function subscribe(order: SubscriptionOrder) {
  await send(event("customer.subscription.created", subscriptionObject(order)));
  const first = invoiceObject(order, `in_first_${order.orderRef.slice(0, 8)}`, {
    billing_reason: "subscription_create",
    amount: FIRST_INVOICE_CENTS,
  });
  await send(event("invoice.paid", first));
  await send(event("checkout.session.completed", sessionObject(order)));
}

/** The subscription now billing these items instead. */
function billing(order: SubscriptionOrder, items: Item[]) {
  const sub = subscriptionObject(order);
  const [template] = sub.items.data;
  return { ...sub, items: { ...sub.items, data: items.map((item) => ({ ...template, ...item })) } };
}

/** The portal's kind of schedule: Business monthly until `at`, then these items. */
function scheduleTo(order: SubscriptionOrder, items: Item[], at: number) {
  const start = at - 30 * 86_400;
  const phaseItem = (item: Item) => ({ metadata: {}, discounts: [], tax_rates: [], ...item });
  return {
    id: `sub_sched_${order.orderRef.slice(0, 8)}`,
    object: "subscription_schedule",
    status: "active",
    customer: order.customerId,
    subscription: order.subscriptionId,
    released_subscription: null,
    end_behavior: "release",
    current_phase: { start_date: start, end_date: at },
    metadata: {},
    phases: [
      { start_date: start, end_date: at, items: [phaseItem({ price: business, quantity: 1 })], metadata: {} },
      { start_date: at, end_date: at + 30 * 86_400, items: items.map(phaseItem), metadata: {} },
    ],
  };
}

const planColumns = async (order: SubscriptionOrder) => {
  const row = await subscriptionRow(order.subscriptionId);
  return {
    plan_id: row?.plan_id,
    plan_interval: row?.plan_interval,
    plan_amount_cents: row?.plan_amount_cents,
    plan_price_id: row?.plan_price_id,
    pending_plan_id: row?.pending_plan_id,
    pending_interval: row?.pending_interval,
    pending_amount_cents: row?.pending_amount_cents,
  };
};

/** What the buyer subscribed to, untouched. */
const ON_BUSINESS = {
  plan_id: "pricing-business",
  plan_interval: "month",
  plan_amount_cents: 37_500,
  plan_price_id: "price_business_month",
};

/** A subscribed order, and a way to read the e-mails queued after this point. */
async function subscribedOrder() {
  const order = await seedSubscriptionOrder();
  await subscribe(order);
  const before = (await outboxOf(order.sessionId)).length;
  return { order, mailsSince: async () => (await outboxOf(order.sessionId)).slice(before) };
}

/** Delivers each payload, then each again (Stripe's retry of the same event): all answered 200. */
async function deliverTwice(payloads: string[]) {
  for (const payload of [...payloads, ...payloads]) expect((await send(payload)).status).toBe(200);
}

/** Exactly one new e-mail: the owner's review notice; nothing to the buyer's address. */
async function expectOneOwnerReview(order: SubscriptionOrder, mailsSince: () => Promise<OutboxRow[]>) {
  const mails = await mailsSince();
  expect(mails.map((m) => m.kind)).toEqual(["owner-billing-review"]);
  expect(mails.map((m) => m.recipient)).not.toContain(order.email);
}

const flagged = async (order: SubscriptionOrder) =>
  (await searchSubscriptions(env.DB, parseAdminQuery("subscriptions", { q: order.email, status: "needs_review" })))
    .rows;

describe("a subscription event billing what our catalogue does not sell", () => {
  it.each(offCatalogue)(
    "%s: held for review, plan kept, the owner told once, the buyer not",
    async (_, items, says) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { order, mailsSince } = await subscribedOrder();
      const changed = billing(order, items);
      await deliverTwice([event("customer.subscription.updated", changed)]);
      // The same thing in a later event (Stripe sends one per change to anything else): nothing new.
      await deliverTwice([event("customer.subscription.updated", changed)]);

      expect(await planColumns(order)).toMatchObject(ON_BUSINESS);
      const reason = (await subscriptionRow(order.subscriptionId))?.review_reason ?? "";
      expect(reason).toMatch(/^Stripe's subscription bills /);
      for (const text of says) expect(reason).toContain(text);
      await expectOneOwnerReview(order, mailsSince);
      expect((await flagged(order)).map((s) => s.subscription_id)).toEqual([order.subscriptionId]);
    },
  );

  it("an event created with such a price records no plan, and the order's own lines count", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const order = await seedSubscriptionOrder();
    await send(event("customer.subscription.created", billing(order, offCatalogue[0]?.[1] ?? [])));
    await send(event("checkout.session.completed", sessionObject(order)));
    expect(await planColumns(order)).toMatchObject({ plan_id: null, plan_amount_cents: null, plan_price_id: null });
    const found = await searchSubscriptions(env.DB, parseAdminQuery("subscriptions", { q: order.email }));
    expect(found.monthlyRevenue).toEqual([{ currency: "usd", monthly_cents: 37_500, subscriptions: 1 }]);
    const kinds = (await outboxOf(order.sessionId)).map((m) => m.kind);
    expect(kinds.filter((k) => k === "owner-billing-review")).toHaveLength(1);
    expect(kinds.filter((k) => k.includes("plan-change"))).toEqual([]);
  });

  it("a later, different off-catalogue price is a second reason: named too, and told once more", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { order, mailsSince } = await subscribedOrder();
    const dollar = offCatalogue[0]?.[1] ?? [];
    const kes = offCatalogue[1]?.[1] ?? [];
    await send(event("customer.subscription.updated", billing(order, dollar)));
    await send(event("customer.subscription.updated", billing(order, kes)));
    const reason = (await subscriptionRow(order.subscriptionId))?.review_reason ?? "";
    expect(reason).toContain("price_one_dollar");
    expect(reason).toContain("price_enterprise_kes");
    expect((await mailsSince()).map((m) => m.kind)).toEqual(["owner-billing-review", "owner-billing-review"]);
  });

  it("back on our plan afterwards: recorded as before, the review stays for the owner to read", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { order, mailsSince } = await subscribedOrder();
    await send(event("customer.subscription.updated", billing(order, [{ price: starter, quantity: 1000 }])));
    await send(event("customer.subscription.updated", billing(order, [{ price: starter, quantity: 1 }])));
    expect(await planColumns(order)).toMatchObject({ plan_id: "pricing-starter", plan_amount_cents: 15_000 });
    expect((await subscriptionRow(order.subscriptionId))?.review_reason).toContain("quantity 1000");
    // The real change (Business to Starter) is told as ever: the owner, and the buyer's confirmation.
    expect((await mailsSince()).map((m) => m.kind).sort()).toEqual([
      "owner-billing-review",
      "owner-plan-change",
      "plan-change-confirmed",
    ]);
  });
});

describe("a schedule changing to what our catalogue does not sell", () => {
  it.each(offCatalogue)("%s: pending without a plan, held for review, the owner told once", async (_, items, says) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { order, mailsSince } = await subscribedOrder();
    const at = tick() + 3_600;
    const scheduled = scheduleTo(order, items, at);
    await deliverTwice([event("subscription_schedule.created", scheduled)]);
    await deliverTwice([event("subscription_schedule.updated", scheduled)]);

    expect(await planColumns(order)).toEqual({
      ...ON_BUSINESS,
      pending_plan_id: null,
      pending_interval: null,
      pending_amount_cents: null,
    });
    const row = await subscriptionRow(order.subscriptionId);
    expect(row?.pending_at).toBe(new Date(at * 1000).toISOString());
    const day = new Date(at * 1000).toISOString().slice(0, 10);
    expect(row?.review_reason ?? "").toMatch(
      new RegExp(`^Stripe's subscription schedule changes the plan on ${day} to `),
    );
    for (const text of says) expect(row?.review_reason ?? "").toContain(text);
    await expectOneOwnerReview(order, mailsSince);
    expect((await flagged(order)).map((s) => s.subscription_id)).toEqual([order.subscriptionId]);
  });

  it("a synced plan price named by id at quantity 1000: held for review, nothing pending as ours", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { order, mailsSince } = await subscribedOrder();
    const starterId = await priceIdOf("plan-starter-month");
    await send(
      event("subscription_schedule.created", scheduleTo(order, [{ price: starterId, quantity: 1000 }], tick() + 3_600)),
    );
    expect(await planColumns(order)).toMatchObject({ pending_plan_id: null, pending_amount_cents: null });
    expect((await subscriptionRow(order.subscriptionId))?.review_reason).toContain(
      `${starterId} (lookup key plan-starter-month), 150.00 USD every month, quantity 1000`,
    );
    await expectOneOwnerReview(order, mailsSince);
  });

  it("a price Stripe's list gives under our lookup key but in KES: its figures are checked too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { order, mailsSince } = await subscribedOrder();
    const listed = { ...enterprise, id: "price_listed_kes", currency: "kes" };
    proxyStripe((call) => (call.path === "/v1/prices" ? stripeList([listed]) : null));
    const payload = event(
      "subscription_schedule.created",
      scheduleTo(order, [{ price: listed.id, quantity: 1 }], tick() + 3_600),
    );
    const request = new Request(WEBHOOK_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": await signature(payload) },
      body: payload,
    });
    const res = await createApp().fetch(request, { ...env, STRIPE_API_BASE: PROXIED_STRIPE });
    expect(res.status).toBe(200);
    expect(await planColumns(order)).toMatchObject({ pending_plan_id: null, pending_amount_cents: null });
    expect((await subscriptionRow(order.subscriptionId))?.review_reason).toContain(
      "price_listed_kes (lookup key plan-enterprise-month), 750.00 KES every month, quantity 1",
    );
    await expectOneOwnerReview(order, mailsSince);
  });
});

describe("the owner finds it in the back office", () => {
  it("the Subscriptions section's Needs review filter lists it, with what Stripe billed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { order } = await subscribedOrder();
    await send(event("customer.subscription.updated", billing(order, [{ price: starter, quantity: 1000 }])));
    const res = await exports.default.fetch(
      new Request(`${SITE}/admin/subscriptions?status=needs_review&q=${encodeURIComponent(order.orderRef)}`, {
        headers: {
          Authorization: `Basic ${btoa(`admin:${WORKER_ADMIN_PASSWORD}`)}`,
          "CF-Connecting-IP": testClientIp(),
        },
      }),
    );
    expect(res.status).toBe(200);
    const page = parseDocument(await res.text());
    expect(textOf(page.querySelector('select[name="status"] option[value="needs_review"]'))).toBe("Needs review");
    const rows = queryAll(page, "[data-subscription-id]");
    expect(rows.map((r) => r.getAttribute("data-subscription-id"))).toEqual([order.subscriptionId]);
    const row = textOf(rows[0]).replace(/\s+/g, " ");
    expect(row).toContain("Business, monthly");
    expect(row).toContain(
      "Needs review: Stripe's subscription bills price_starter_month (lookup key plan-starter-month), 150.00 USD every month, quantity 1000",
    );
  });
});
