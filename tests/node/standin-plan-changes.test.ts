// Plan changes on the stand-in, as Stripe's portal and API make them with the synced portal
// configuration: an upgrade now with its proration invoiced and paid, a downgrade or a shorter
// interval scheduled for the period end and applied when a test advances time, each change
// sending Stripe's events in Stripe's order, signed for the site.
import type Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type StripeStandin, startStripeStandin } from "../../scripts/stripe-standin/server.ts";
import type { RecordedEvent } from "../../scripts/stripe-standin/webhooks.ts";
import { stripeClient } from "../../scripts/stripe-sync/config.ts";
import { syncStripeCatalogue } from "../../scripts/stripe-sync/sync.ts";
import { catalogue } from "../../src/catalogue/catalogue.ts";

const SECRET = "whsec_plan_changes";
const DAY = 24 * 60 * 60;

let standin: StripeStandin;
let stripe: Stripe;
let configuration: string;

beforeEach(async () => {
  standin = await startStripeStandin({ port: 0, webhookSecret: SECRET });
  stripe = stripeClient({ key: "sk_test_plan_changes", apiBase: new URL(standin.url) });
  await syncStripeCatalogue({
    stripe,
    items: catalogue.values(),
    siteUrl: "https://acacia-it.example",
    dryRun: false,
  });
  const { data } = await stripe.billingPortal.configurations.list({ is_default: false });
  configuration = (data[0] as Stripe.BillingPortal.Configuration).id;
});

afterEach(async () => {
  await standin.close();
});

async function priceId(lookupKey: string): Promise<string> {
  const { data } = await stripe.prices.list({ lookup_keys: [lookupKey] });
  return (data[0] as Stripe.Price).id;
}

async function events(): Promise<RecordedEvent[]> {
  return (await fetch(`${standin.url}/__events`)).json() as Promise<RecordedEvent[]>;
}

/** The events sent since `before` events, checked as the site checks them (signature and all). */
async function eventsSince(before: number): Promise<Stripe.Event[]> {
  return (await events()).slice(before).map((e) => stripe.webhooks.constructEvent(e.payload, e.signature, SECRET));
}

/** Buys a plan by its catalogue price on the stand-in's pay page; answers the subscription. */
async function subscribe(lookupKey: string): Promise<Stripe.Subscription> {
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: await priceId(lookupKey), quantity: 1 }],
    success_url: "https://acacia-it.example/thanks",
    customer_email: "buyer@example.com",
  });
  const paid = await fetch(`${standin.url}/pay/${session.id}`, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  const done = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.subscriptions.retrieve(done.subscription as string);
}

type Portal = { url: string; page: () => Promise<string> };

async function openPortal(subscription: Stripe.Subscription): Promise<Portal> {
  const portal = await stripe.billingPortal.sessions.create({
    customer: subscription.customer as string,
    configuration,
    return_url: "https://acacia-it.example/billing",
  });
  return { url: portal.url, page: async () => (await fetch(portal.url)).text() };
}

/** Presses the portal's "Switch to …" button for a price. */
async function switchTo(portal: Portal, subscription: Stripe.Subscription, price: string): Promise<void> {
  const res = await fetch(`${portal.url}/subscriptions/${subscription.id}/update`, {
    method: "POST",
    body: new URLSearchParams({ price }),
    redirect: "manual",
  });
  expect(res.status, await res.clone().text()).toBe(303);
}

async function advance(subscription: string) {
  const res = await fetch(`${standin.url}/__control/advance`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ subscription, to: "period_end" }),
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<{ subscription: Stripe.Subscription; invoice: Stripe.Invoice }>;
}

function itemPrice(subscription: Stripe.Subscription): Stripe.Price {
  return (subscription.items.data[0] as Stripe.SubscriptionItem).price;
}

function period(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0] as Stripe.SubscriptionItem;
  return { start: item.current_period_start, end: item.current_period_end };
}

describe("stand-in plan changes through the portal", () => {
  it("upgrades at once: the subscription changes, the proration is invoiced and paid now", async () => {
    const subscription = await subscribe("plan-business-month");
    expect(itemPrice(subscription).lookup_key).toBe("plan-business-month");
    const enterprise = await priceId("plan-enterprise-month");
    const portal = await openPortal(subscription);
    expect(await portal.page()).toContain(
      "Switch to Enterprise, $750.00 / month (now, prorated difference charged today)",
    );
    const before = (await events()).length;

    await switchTo(portal, subscription, enterprise);

    const sent = await eventsSince(before);
    expect(sent.map((e) => e.type)).toEqual([
      "customer.subscription.updated",
      "invoice.paid",
      "invoice.payment_succeeded",
    ]);
    const updated = sent[0]?.data.object as Stripe.Subscription;
    expect([itemPrice(updated).id, itemPrice(updated).lookup_key, itemPrice(updated).recurring?.interval]).toEqual([
      enterprise,
      "plan-enterprise-month",
      "month",
    ]);
    expect(itemPrice(updated).unit_amount).toBe(75_000);
    const previous = sent[0]?.data.previous_attributes as Partial<Stripe.Subscription>;
    expect(previous.items?.data[0]?.price.lookup_key).toBe("plan-business-month");
    expect(period(updated)).toEqual(period(subscription));

    const invoice = sent[1]?.data.object as Stripe.Invoice;
    expect([invoice.billing_reason, invoice.status, invoice.parent?.subscription_details?.subscription]).toEqual([
      "subscription_update",
      "paid",
      subscription.id,
    ]);
    // A full month's difference, less the seconds already used.
    expect(invoice.amount_paid).toBeGreaterThan(37_400);
    expect(invoice.amount_paid).toBeLessThanOrEqual(37_500);
    const lines = invoice.lines.data;
    expect(lines.map((l) => l.parent?.subscription_item_details?.proration)).toEqual([true, true]);
    expect(lines[0]?.amount).toBeLessThan(0);
    expect(lines[0]?.description).toMatch(/^Unused time on 1 × Business after /);
    expect(lines[1]?.description).toMatch(/^Remaining time on 1 × Enterprise after /);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(invoice.amount_paid);
    expect((sent[2]?.data.object as Stripe.Invoice | undefined)?.id).toBe(invoice.id);

    const page = await portal.page();
    expect(page).toContain("Current plan: Enterprise, $750.00 / month");
    expect(page).toContain("Switch to Starter, $150.00 / month (from ");
  });

  it("schedules a downgrade for the period end, charges nothing now, and applies it when time advances", async () => {
    const subscription = await subscribe("plan-business-month");
    const starter = await priceId("plan-starter-month");
    const portal = await openPortal(subscription);
    const before = (await events()).length;

    await switchTo(portal, subscription, starter);

    const scheduled = await eventsSince(before);
    expect(scheduled.map((e) => e.type)).toEqual(["subscription_schedule.created", "customer.subscription.updated"]);
    const schedule = scheduled[0]?.data.object as Stripe.SubscriptionSchedule;
    const { start, end } = period(subscription);
    expect([schedule.status, schedule.subscription, schedule.end_behavior]).toEqual([
      "active",
      subscription.id,
      "release",
    ]);
    expect(schedule.phases.map((p) => [p.items[0]?.price, p.start_date])).toEqual([
      [itemPrice(subscription).id, start],
      [starter, end],
    ]);
    const updated = scheduled[1]?.data.object as Stripe.Subscription;
    expect([updated.schedule, itemPrice(updated).id]).toEqual([schedule.id, itemPrice(subscription).id]);
    expect(scheduled[1]?.data.previous_attributes).toEqual({ schedule: null });
    expect((await stripe.subscriptionSchedules.retrieve(schedule.id)).phases[1]?.items[0]?.price).toBe(starter);
    expect(await portal.page()).toContain("Changes to Starter, $150.00 / month on ");

    const advanced = await advance(subscription.id);

    const applied = await eventsSince(before + 2);
    expect(applied.map((e) => e.type)).toEqual([
      "customer.subscription.updated",
      "invoice.paid",
      "subscription_schedule.released",
    ]);
    const renewal = applied[1]?.data.object as Stripe.Invoice;
    expect([renewal.billing_reason, renewal.amount_paid]).toEqual(["subscription_cycle", 15_000]);
    const after = applied[0]?.data.object as Stripe.Subscription;
    expect([itemPrice(after).lookup_key, after.schedule, period(after).start]).toEqual([
      "plan-starter-month",
      null,
      end,
    ]);
    expect(period(after).end - end).toBeGreaterThanOrEqual(28 * DAY);
    const released = applied[2]?.data.object as Stripe.SubscriptionSchedule;
    expect([released.status, released.released_subscription, released.subscription]).toEqual([
      "released",
      subscription.id,
      null,
    ]);
    expect(itemPrice(advanced.subscription).id).toBe(starter);
    expect(await portal.page()).not.toContain("Changes to");
  });

  it("switches monthly to yearly at once (new period, proration), and yearly back to monthly at the period end", async () => {
    const subscription = await subscribe("plan-business-month");
    const yearly = await priceId("plan-business-year");
    const portal = await openPortal(subscription);
    expect(await portal.page()).toContain(
      "Switch to Business, $3,825.00 / year (now, prorated difference charged today)",
    );
    const before = (await events()).length;

    await switchTo(portal, subscription, yearly);

    const sent = await eventsSince(before);
    expect(sent.map((e) => e.type)).toEqual([
      "customer.subscription.updated",
      "invoice.paid",
      "invoice.payment_succeeded",
    ]);
    const updated = sent[0]?.data.object as Stripe.Subscription;
    expect([itemPrice(updated).lookup_key, itemPrice(updated).recurring?.interval]).toEqual([
      "plan-business-year",
      "year",
    ]);
    expect(period(updated).end - period(updated).start).toBeGreaterThanOrEqual(365 * DAY);
    const invoice = sent[1]?.data.object as Stripe.Invoice;
    // A year at $3,825.00, less the unused month at $375.00.
    expect(invoice.amount_paid).toBeGreaterThanOrEqual(382_500 - 37_500);
    expect(invoice.amount_paid).toBeLessThan(382_500 - 37_400);

    expect(await portal.page()).toContain("Switch to Business, $375.00 / month (from ");
    await switchTo(portal, subscription, await priceId("plan-business-month"));
    const scheduled = await eventsSince(before + 3);
    expect(scheduled.map((e) => e.type)).toEqual(["subscription_schedule.created", "customer.subscription.updated"]);
  });
});

describe("stand-in subscription and schedule API", () => {
  it("changes a price with items[0][price] and proration_behavior, as the SDK sends them", async () => {
    const subscription = await subscribe("plan-starter-month");
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const before = (await events()).length;
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: await priceId("plan-business-month") }],
      proration_behavior: "always_invoice",
    });
    expect([updated.items.data[0]?.id, itemPrice(updated).lookup_key]).toEqual([item.id, "plan-business-month"]);
    expect((await eventsSince(before)).map((e) => e.type)).toEqual([
      "customer.subscription.updated",
      "invoice.paid",
      "invoice.payment_succeeded",
    ]);

    const quiet = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: await priceId("plan-enterprise-month") }],
      proration_behavior: "none",
    });
    expect(itemPrice(quiet).lookup_key).toBe("plan-enterprise-month");
    expect((await eventsSince(before + 3)).map((e) => e.type)).toEqual(["customer.subscription.updated"]);
  });

  it("refuses what Stripe refuses", async () => {
    const subscription = await subscribe("plan-starter-month");
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const refused = async (params: Stripe.SubscriptionUpdateParams) =>
      stripe.subscriptions.update(subscription.id, params).then(
        () => null,
        (err: Stripe.errors.StripeError) => [err.statusCode, err.param],
      );
    expect(await refused({ items: [{ id: item.id, price: "price_missing" }] })).toEqual([400, "items[0][price]"]);
    expect(await refused({ items: [{ id: "si_missing", price: "price_missing" }] })).toEqual([400, "items[0][id]"]);
    expect(await refused({ description: "no" })).toEqual([400, "description"]);
    const sub = await stripe.subscriptionSchedules
      .retrieve("sub_sched_missing")
      .catch((e: Stripe.errors.StripeError) => e);
    expect((sub as Stripe.errors.StripeError).code).toBe("resource_missing");
  });

  it("releases a schedule: the subscription keeps its price and loses the pending change", async () => {
    const subscription = await subscribe("plan-enterprise-month");
    const portal = await openPortal(subscription);
    await switchTo(portal, subscription, await priceId("plan-starter-month"));
    const { schedule } = await stripe.subscriptions.retrieve(subscription.id);
    const before = (await events()).length;

    const released = await stripe.subscriptionSchedules.release(schedule as string);

    expect([released.status, released.released_subscription]).toEqual(["released", subscription.id]);
    expect((await eventsSince(before)).map((e) => e.type)).toEqual([
      "subscription_schedule.released",
      "customer.subscription.updated",
    ]);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect([after.schedule, itemPrice(after).lookup_key]).toEqual([null, "plan-enterprise-month"]);
    const again = await stripe.subscriptionSchedules
      .release(schedule as string)
      .catch((e: Stripe.errors.StripeError) => e);
    expect((again as Stripe.errors.StripeError).statusCode).toBe(400);
    await advance(subscription.id);
    expect(itemPrice(await stripe.subscriptions.retrieve(subscription.id)).lookup_key).toBe("plan-enterprise-month");
  });
});
