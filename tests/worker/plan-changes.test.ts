/**
 * Plan changes made in Stripe's customer portal (docs/orders.md, "Plan changes"): an upgrade applied
 * at once with its proration invoice, a downgrade scheduled for the period's end, monthly ↔ yearly,
 * each in every order of arrival and delivered twice; the back office's view and revenue.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fixture } from "../../scripts/stripe-standin/fixtures.ts";
import { parseAdminQuery } from "../../src/admin/admin-query.ts";
import { searchSubscriptions } from "../../src/admin/subscription-section.ts";
import { planChangeConfirmed } from "../../src/billing/plan-change-mail.ts";
import { company } from "../../src/site/company-copy.ts";
import { WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
import {
  event,
  FIRST_INVOICE_CENTS,
  type PlanInterval as Interval,
  invoiceObject,
  ledger,
  outboxOf,
  type Plan,
  planPrice,
  type SubscriptionOrder,
  seedSubscriptionOrder,
  send,
  sessionObject,
  subscriptionObject,
  subscriptionRow,
  tick,
} from "./support/billing.ts";
import { parseDocument, textOf } from "./support/html.ts";
import { SITE } from "./support/orders.ts";
import { testClientIp } from "./support/payment.ts";
import { priceIdOf } from "./support/stripe-prices.ts";

/** The subscription billing this price (its one item's price replaced). */
function onPlan(order: SubscriptionOrder, plan: Plan, interval: Interval, periodEnd?: number) {
  const sub = subscriptionObject(order, periodEnd ? { periodEnd } : {});
  const [item] = sub.items.data;
  return { ...sub, items: { ...sub.items, data: [{ ...item, quantity: 1, price: planPrice(plan, interval) }] } };
}

/** A subscription schedule as the portal makes one for a downgrade: today's plan, then the new one from `at`. */
function schedule(
  order: SubscriptionOrder,
  from: { plan: Plan; interval: Interval },
  to: { plan: Plan; interval: Interval },
  at: number,
  status = "active",
  expand = true,
) {
  const start = at - 30 * 86_400;
  const item = (p: { plan: Plan; interval: Interval }) => {
    const expanded = planPrice(p.plan, p.interval);
    return { price: expand ? expanded : expanded.id, quantity: 1, metadata: {}, discounts: [], tax_rates: [] };
  };
  const released = status === "released";
  return {
    id: `sub_sched_${order.orderRef.slice(0, 8)}`,
    object: "subscription_schedule",
    status,
    customer: order.customerId,
    subscription: released ? null : order.subscriptionId,
    released_subscription: released ? order.subscriptionId : null,
    end_behavior: "release",
    current_phase: released ? null : { start_date: start, end_date: at },
    metadata: {},
    phases: [
      { start_date: start, end_date: at, items: [item(from)], proration_behavior: "none", metadata: {} },
      { start_date: at, end_date: at + 30 * 86_400, items: [item(to)], proration_behavior: "none", metadata: {} },
    ],
  };
}

/** Checkout, its first invoice and the subscription's creation (on Business, monthly, as ordered). */
async function subscribe(order: SubscriptionOrder) {
  await send(event("customer.subscription.created", subscriptionObject(order)));
  const first = invoiceObject(order, `in_first_${order.orderRef.slice(0, 8)}`, {
    billing_reason: "subscription_create",
    amount: FIRST_INVOICE_CENTS,
  });
  await send(event("invoice.paid", first));
  await send(event("checkout.session.completed", sessionObject(order)));
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** Many deliveries (every order of arrival, a fresh subscription each) or a page: more than the default 5 s on a busy machine. */
const MANY_ORDERS_MS = 120_000;

/** Delivers events in this order, then each again (Stripe's retries: one state whatever arrives twice). */
async function deliver(payloads: string[]) {
  for (const payload of [...payloads, ...payloads]) expect((await send(payload)).status).toBe(200);
}

const planColumns = async (order: SubscriptionOrder) => {
  const row = await subscriptionRow(order.subscriptionId);
  return {
    plan_id: row?.plan_id,
    plan_interval: row?.plan_interval,
    plan_amount_cents: row?.plan_amount_cents,
    pending_plan_id: row?.pending_plan_id,
    pending_interval: row?.pending_interval,
    pending_at: row?.pending_at,
  };
};

const kinds = async (order: SubscriptionOrder) => (await outboxOf(order.sessionId)).map((m) => m.kind);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe("an upgrade in the portal: the new plan at once, its proration in the ledger", () => {
  it(
    "records Enterprise monthly and a clean proration line in either order, the owner and buyer told once",
    async () => {
      for (const order of permutations(["updated", "proration"])) {
        const subscription = await seedSubscriptionOrder();
        await subscribe(subscription);
        const proration = invoiceObject(subscription, `in_prorate_${subscription.orderRef.slice(0, 8)}`, {
          billing_reason: "subscription_update",
          amount: 18_750,
        });
        const events = {
          updated: event("customer.subscription.updated", onPlan(subscription, "enterprise", "month")),
          proration: event("invoice.paid", proration),
        };
        await deliver(order.map((name) => events[name as keyof typeof events]));

        expect(await planColumns(subscription)).toEqual({
          plan_id: "pricing-enterprise",
          plan_interval: "month",
          plan_amount_cents: 75_000,
          pending_plan_id: null,
          pending_interval: null,
          pending_at: null,
        });
        expect((await ledger(subscription.sessionId)).at(-1)).toMatchObject({
          billing_reason: "subscription_update",
          amount_cents: 18_750,
          status: "paid",
          review_reason: null,
        });
        const mails = await outboxOf(subscription.sessionId);
        expect(mails.filter((m) => m.kind === "owner-plan-change")).toHaveLength(1);
        const [buyer] = mails.filter((m) => m.kind === "plan-change-confirmed");
        expect(buyer?.recipient).toBe(subscription.email);
        expect(JSON.parse(buyer?.payload ?? "{}")).toMatchObject({
          change: "changed",
          fromPlan: "Business, monthly",
          toPlan: "Enterprise, monthly",
        });
        const mail = planChangeConfirmed.render(JSON.parse(buyer?.payload ?? "{}"), { company });
        expect(mail.text).toContain("from Business, monthly to Enterprise, monthly");
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain("dashboard says");
        expect(await kinds(subscription)).not.toContain("owner-billing-review");
      }
    },
    MANY_ORDERS_MS,
  );

  it("a renewal after the upgrade bills the new plan: not flagged; the old amount now is", async () => {
    const subscription = await seedSubscriptionOrder();
    await subscribe(subscription);
    await send(event("customer.subscription.updated", onPlan(subscription, "enterprise", "month")));
    await send(event("invoice.paid", invoiceObject(subscription, "in_after_upgrade", { amount: 75_000 })));
    expect((await ledger(subscription.sessionId)).at(-1)?.review_reason).toBeNull();
    await send(event("invoice.paid", invoiceObject(subscription, "in_old_amount", { amount: 37_500 })));
    expect((await ledger(subscription.sessionId)).find((p) => p.payment_id === "in_old_amount")?.review_reason).toMatch(
      /\$750\.00|750\.00 USD/,
    );
  });
});

describe("a downgrade scheduled for the period's end", () => {
  it(
    "ends on Starter with nothing pending in every order of arrival, each event delivered twice",
    async () => {
      for (const order of permutations(["upgraded", "scheduled", "released", "applied"])) {
        const subscription = await seedSubscriptionOrder();
        await subscribe(subscription);
        const t1 = tick();
        const t2 = tick();
        // The change applies (and Stripe stamps its events) at the period's end: an hour from now, as
        // the worker distrusts an event stamped more than a day ahead.
        const periodEnd = tick() + 3_600;
        const enterprise = { plan: "enterprise", interval: "month" } as const;
        const starter = { plan: "starter", interval: "month" } as const;
        const events = {
          upgraded: event("customer.subscription.updated", onPlan(subscription, "enterprise", "month"), t1),
          scheduled: event(
            "subscription_schedule.created",
            schedule(subscription, enterprise, starter, periodEnd, "active", false),
            t2,
          ),
          released: event(
            "subscription_schedule.released",
            schedule(subscription, enterprise, starter, periodEnd, "released", false),
            periodEnd,
          ),
          applied: event(
            "customer.subscription.updated",
            onPlan(subscription, "starter", "month", periodEnd + 30 * 86_400),
            periodEnd,
          ),
        };
        await deliver(order.map((name) => events[name as keyof typeof events]));
        expect({ order, ...(await planColumns(subscription)) }).toEqual({
          order,
          plan_id: "pricing-starter",
          plan_interval: "month",
          plan_amount_cents: 15_000,
          pending_plan_id: null,
          pending_interval: null,
          pending_at: null,
        });
        const keys = (await outboxOf(subscription.sessionId)).map((m) => m.dedupe_key);
        expect(new Set(keys).size).toBe(keys.length);
      }
    },
    MANY_ORDERS_MS,
  );

  it(
    "records the pending change in either order of the upgrade and the schedule, told once each",
    async () => {
      for (const order of permutations(["upgraded", "scheduled", "rescheduled"])) {
        const subscription = await seedSubscriptionOrder();
        await subscribe(subscription);
        const periodEnd = tick() + 3_600;
        const enterprise = { plan: "enterprise", interval: "month" } as const;
        const starter = { plan: "starter", interval: "month" } as const;
        const events = {
          upgraded: event("customer.subscription.updated", onPlan(subscription, "enterprise", "month")),
          scheduled: event("subscription_schedule.created", schedule(subscription, enterprise, starter, periodEnd)),
          rescheduled: event("subscription_schedule.updated", schedule(subscription, enterprise, starter, periodEnd)),
        };
        await deliver(order.map((name) => events[name as keyof typeof events]));
        expect(await planColumns(subscription)).toMatchObject({
          plan_id: "pricing-enterprise",
          pending_plan_id: "pricing-starter",
          pending_interval: "month",
          pending_at: iso(periodEnd),
        });
        const mails = await outboxOf(subscription.sessionId);
        const scheduled = mails.filter((m) => m.dedupe_key.includes(":scheduled:"));
        expect(scheduled.map((m) => m.kind).sort()).toEqual(["owner-plan-change", "plan-change-confirmed"]);
        expect(JSON.parse(scheduled.find((m) => m.kind === "plan-change-confirmed")?.payload ?? "{}")).toMatchObject({
          change: "scheduled",
          fromPlan: "Enterprise, monthly",
          toPlan: "Starter, monthly",
        });
      }
    },
    MANY_ORDERS_MS,
  );

  it("a canceled schedule clears the change; an older schedule event cannot bring it back", async () => {
    const subscription = await seedSubscriptionOrder();
    await subscribe(subscription);
    const periodEnd = tick() + 3_600;
    const business = { plan: "business", interval: "month" } as const;
    const starter = { plan: "starter", interval: "month" } as const;
    const created = event("subscription_schedule.created", schedule(subscription, business, starter, periodEnd));
    const canceled = event(
      "subscription_schedule.canceled",
      schedule(subscription, business, starter, periodEnd, "canceled"),
    );
    await deliver([canceled, created]);
    expect((await planColumns(subscription)).pending_at).toBeNull();
  });

  it("a schedule naming a plan price no subscription billed yet: Stripe's catalogue names it", async () => {
    const subscription = await seedSubscriptionOrder();
    await subscribe(subscription);
    await send(event("customer.subscription.updated", onPlan(subscription, "business", "month")));
    const periodEnd = tick() + 3_600;
    const sched = schedule(
      subscription,
      { plan: "business", interval: "month" },
      { plan: "starter", interval: "year" },
      periodEnd,
      "active",
      false,
    );
    const [, second] = sched.phases;
    const starterYearly = await priceIdOf("plan-starter-year");
    if (second) second.items = [{ ...second.items[0], price: starterYearly } as (typeof second.items)[number]];
    await send(event("subscription_schedule.created", sched));
    expect(await planColumns(subscription)).toMatchObject({
      pending_plan_id: "pricing-starter",
      pending_interval: "year",
      pending_at: iso(periodEnd),
    });
  });

  it("a schedule naming a price by an id nothing here knows: pending without a plan, the owner reviews it, the buyer is not told", async () => {
    const subscription = await seedSubscriptionOrder();
    await subscribe(subscription);
    await send(event("customer.subscription.updated", onPlan(subscription, "business", "year")));
    const periodEnd = tick() + 3_600;
    const sched = schedule(
      subscription,
      { plan: "business", interval: "year" },
      { plan: "starter", interval: "month" },
      periodEnd,
      "active",
      false,
    );
    const [, second] = sched.phases;
    if (second) second.items = [{ ...second.items[0], price: "price_never_seen" } as (typeof second.items)[number]];
    await send(event("subscription_schedule.created", sched));
    expect(await planColumns(subscription)).toMatchObject({ pending_plan_id: null, pending_at: iso(periodEnd) });
    expect((await subscriptionRow(subscription.subscriptionId))?.review_reason).toContain("price_never_seen");
    const mails = await outboxOf(subscription.sessionId);
    expect(mails.filter((m) => m.dedupe_key.includes(":scheduled:"))).toEqual([]);
    const reviews = mails.filter((m) => m.kind === "owner-billing-review");
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.payload).toContain("price_never_seen");
  });
});

describe("monthly ↔ yearly, and the back office", () => {
  const owner = `Basic ${btoa(`admin:${WORKER_ADMIN_PASSWORD}`)}`;
  async function adminText(q: string) {
    const res = await exports.default.fetch(
      new Request(`${SITE}/admin/subscriptions?q=${encodeURIComponent(q)}`, {
        headers: { Authorization: owner, "CF-Connecting-IP": testClientIp() },
      }),
    );
    expect(res.status).toBe(200);
    return textOf(parseDocument(await res.text()));
  }

  it(
    "counts a yearly plan as a twelfth, rounded half up per subscription, and shows the pending change",
    async () => {
      const yearly = await seedSubscriptionOrder();
      await subscribe(yearly);
      await send(event("customer.subscription.updated", onPlan(yearly, "business", "year")));
      const q = (s: SubscriptionOrder) => parseAdminQuery("subscriptions", { q: s.email });
      // $3,825.00 a year is $318.75 a month.
      expect((await searchSubscriptions(env.DB, q(yearly))).monthlyRevenue).toEqual([
        { currency: "usd", monthly_cents: 31_875, subscriptions: 1 },
      ]);

      // A yearly amount that is not a whole number of cents a month: 100,003 / 12 = 8,333.58 → 8,334;
      // 100,001 / 12 = 8,333.42 → 8,333.
      for (const [amount, monthly] of [
        [100_003, 8_334],
        [100_001, 8_333],
        [100_002, 8_334],
      ] as const) {
        await env.DB.prepare("UPDATE subscriptions SET plan_amount_cents = ? WHERE subscription_id = ?")
          .bind(amount, yearly.subscriptionId)
          .run();
        expect((await searchSubscriptions(env.DB, q(yearly))).monthlyRevenue[0]?.monthly_cents).toBe(monthly);
      }
      await send(event("customer.subscription.updated", onPlan(yearly, "business", "year")));

      // Yearly back to monthly at the period's end (a shorter interval is scheduled), then a downgrade shown.
      const periodEnd = Date.UTC(2027, 1, 1) / 1000;
      await send(
        event(
          "subscription_schedule.created",
          schedule(yearly, { plan: "business", interval: "year" }, { plan: "starter", interval: "year" }, periodEnd),
        ),
      );
      const text = await adminText(yearly.email);
      expect(text).toContain("Business, yearly");
      expect(text).toContain("Downgrades to Starter on 1 Feb 2027");
      expect(text).toContain("$318.75 / month");
      expect(text).toContain("$3,825.00 / year");
    },
    MANY_ORDERS_MS,
  );

  it("a subscription whose events bill no plan of ours counts its order's monthly lines, held for review", async () => {
    const monthly = await seedSubscriptionOrder();
    const sub = subscriptionObject(monthly);
    const foreign = fixture("subscription").items.data[0]?.price;
    const items = { ...sub.items, data: sub.items.data.map((item) => ({ ...item, price: foreign })) };
    await send(event("customer.subscription.created", { ...sub, items }));
    await send(event("checkout.session.completed", sessionObject(monthly)));
    const found = await searchSubscriptions(env.DB, parseAdminQuery("subscriptions", { q: monthly.email }));
    expect(found.monthlyRevenue).toEqual([{ currency: "usd", monthly_cents: 37_500, subscriptions: 1 }]);
    expect(found.rows[0]?.plan_id).toBeNull();
    expect(found.rows[0]?.review_reason).toContain(`${foreign?.id} (lookup key none), 20.00 USD every month`);
  });
});
