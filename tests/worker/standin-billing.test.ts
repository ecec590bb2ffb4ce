// The local Stripe stand-in's billing side (subscription checkout, renewals, cancellations, the
// billing portal, test outcomes and webhook controls): the contract the site's tests rely on.
import type Stripe from "stripe";
import { describe, expect, inject, it } from "vitest";
import fixtures from "../../scripts/stripe-standin/fixtures.json" with { type: "json" };
import { signature } from "./support/orders.ts";

type StripeError = { error: { type: string; message: string; param?: string; code?: string } };
/** What the controls answer: the objects they changed and the events they sent. */
type ControlAnswer = {
  session: Stripe.Checkout.Session;
  subscription: Stripe.Subscription;
  invoice: Stripe.Invoice;
  event: StandinEvent;
  events: StandinEvent[];
};
type StandinEvent = {
  id: string;
  type: string;
  sessionId: string;
  created: number;
  payload: string;
  signature: string;
};

const base = () => inject("stripeScratchUrl");
const AUTH = { Authorization: "Bearer sk_test_standin_billing" };
const MONTH_DAYS = [28, 29, 30, 31];

function line(i: number, amount: number, options: { recurring?: boolean; currency?: string } = {}) {
  const prefix = `line_items[${i}]`;
  return {
    [`${prefix}[quantity]`]: "1",
    [`${prefix}[price_data][currency]`]: options.currency ?? "usd",
    [`${prefix}[price_data][unit_amount]`]: String(amount),
    [`${prefix}[price_data][product_data][name]`]: `Item ${i}`,
    ...(options.recurring ? { [`${prefix}[price_data][recurring][interval]`]: "month" } : {}),
  };
}

function subscriptionForm(extra: Record<string, string> = {}) {
  return {
    mode: "subscription",
    success_url: "http://example.com/checkout/success?session_id={CHECKOUT_SESSION_ID}",
    customer_email: `sub-${crypto.randomUUID()}@example.com`,
    client_reference_id: "ord_ref_1",
    "metadata[order_ref]": "ord_ref_1",
    "subscription_data[metadata][order_ref]": "ord_ref_1",
    ...line(0, 37_500, { recurring: true }),
    ...line(1, 5_000),
    ...extra,
  };
}

async function api<T>(method: string, path: string, form?: Record<string, string>) {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: { ...AUTH, "Content-Type": "application/x-www-form-urlencoded" },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  return { status: res.status, json: (await res.json()) as T & Partial<StripeError> };
}

async function control(path: string) {
  const res = await fetch(`${base()}${path}`, { method: "POST" });
  return { status: res.status, json: (await res.json()) as ControlAnswer };
}

async function eventsOf(sessionId: string): Promise<StandinEvent[]> {
  const all = (await (await fetch(`${base()}/__events`)).json()) as StandinEvent[];
  return all.filter((e) => e.sessionId === sessionId);
}

type EventData = { object: { id: string } & Record<string, unknown>; previous_attributes?: Record<string, unknown> };
const dataOf = (event: StandinEvent | undefined): EventData => JSON.parse(event?.payload ?? "{}").data;
const typesOf = (events: StandinEvent[]) => events.map((e) => e.type);

/** A subscription-mode session paid on the test page; its objects as the API returns them. */
async function paidSubscription(extra: Record<string, string> = {}) {
  const created = await api<Stripe.Checkout.Session>("POST", "/v1/checkout/sessions", subscriptionForm(extra));
  expect(created.status).toBe(200);
  const paid = await fetch(created.json.url ?? "", { method: "POST", redirect: "manual" });
  await paid.arrayBuffer();
  expect(paid.status).toBe(303);
  const session = (await api<Stripe.Checkout.Session>("GET", `/v1/checkout/sessions/${created.json.id}`)).json;
  const subscription = (await api<Stripe.Subscription>("GET", `/v1/subscriptions/${session.subscription}`)).json;
  const invoice = (await api<Stripe.Invoice>("GET", `/v1/invoices/${session.invoice}`)).json;
  return { session, subscription, invoice };
}

function expectFixtureShape(object: object, kind: keyof typeof fixtures): void {
  expect(Object.keys(object)).toEqual(expect.arrayContaining(Object.keys(fixtures[kind])));
}

describe("stand-in: a subscription-mode checkout paid on the test page", () => {
  it("creates customer, subscription and paid first invoice, and sends their events in Stripe's order", async () => {
    const { session, subscription, invoice } = await paidSubscription();
    expect(session).toMatchObject({
      status: "complete",
      payment_status: "paid",
      amount_total: 42_500,
      currency: "usd",
    });
    expect(session.customer).toMatch(/^cus_/);
    expect(subscription).toMatchObject({
      id: session.subscription,
      object: "subscription",
      status: "active",
      customer: session.customer,
      metadata: { order_ref: "ord_ref_1" },
      cancel_at_period_end: false,
      canceled_at: null,
      latest_invoice: session.invoice,
    });
    const [item] = subscription.items.data;
    const days = ((item?.current_period_end ?? 0) - (item?.current_period_start ?? 0)) / 86_400;
    expect(MONTH_DAYS).toContain(days);
    expect(invoice).toMatchObject({
      status: "paid",
      billing_reason: "subscription_create",
      amount_paid: 42_500,
      currency: "usd",
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: { order_ref: "ord_ref_1" } },
      },
    });
    const customer = (await api<Stripe.Customer>("GET", `/v1/customers/${session.customer}`)).json;
    expect(customer.email).toBe(session.customer_email);
    expectFixtureShape(session, "checkout.session");
    expectFixtureShape(subscription, "subscription");
    expectFixtureShape(invoice, "invoice");
    expectFixtureShape(customer, "customer");

    const events = await eventsOf(session.id);
    expect(typesOf(events)).toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);
    const created = events.map((e) => e.created);
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(new Set(created).size).toBe(created.length);
    const [signed] = events;
    const timestamp = Number(/^t=(\d+),/.exec(signed?.signature ?? "")?.[1]);
    expect(signed?.signature).toBe(await signature(signed?.payload ?? "", { timestamp }));
    expectFixtureShape(JSON.parse(signed?.payload ?? "{}"), "event");
  });

  it("renews: paid, then failed (past_due), then recovered", async () => {
    const { session, subscription } = await paidSubscription();
    const paid = await control(`/__subscriptions/${subscription.id}/advance`);
    expect(paid.status).toBe(200);
    expect(typesOf(paid.json.events)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    expect(paid.json.invoice).toMatchObject({ billing_reason: "subscription_cycle", amount_paid: 37_500 });
    const periodEnd = (sub: Stripe.Subscription) => sub.items.data[0]?.current_period_end ?? 0;
    expect(periodEnd(paid.json.subscription)).toBeGreaterThan(periodEnd(subscription));

    const failed = await control(`/__subscriptions/${subscription.id}/advance?outcome=failed`);
    expect(typesOf(failed.json.events)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    expect(failed.json.invoice).toMatchObject({ status: "open", attempt_count: 1 });
    expect(failed.json.subscription.status).toBe("past_due");
    expect(dataOf(failed.json.events[1]).previous_attributes).toMatchObject({ status: "active" });

    const recovered = await control(`/__invoices/${failed.json.invoice.id}/pay`);
    expect(typesOf(recovered.json.events)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    expect(recovered.json.subscription.status).toBe("active");
    expect((await eventsOf(session.id)).length).toBe(9);
  });

  it("cancels at period end through the billing portal, then ends", async () => {
    const { session, subscription } = await paidSubscription();
    const missing = await api<object>("POST", "/v1/billing_portal/sessions", { customer: "cus_unknown" });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatchObject({
      type: "invalid_request_error",
      param: "customer",
      code: "resource_missing",
    });

    const portal = await api<Stripe.BillingPortal.Session>("POST", "/v1/billing_portal/sessions", {
      customer: String(session.customer),
      return_url: "http://example.com/billing",
    });
    expect(portal.json).toMatchObject({ object: "billing_portal.session", customer: session.customer });
    expect(portal.json.url).toBe(`${base()}/portal/${portal.json.id}`);
    expectFixtureShape(portal.json, "billing_portal.session");
    const page = await (await fetch(portal.json.url)).text();
    expect(page).toContain("Test billing portal");
    expect(page).toContain('href="http://example.com/billing"');
    const action = /action="([^"]+\/cancel)"/.exec(page)?.[1];
    const cancelled = await fetch(`${base()}${action}`, { method: "POST", redirect: "manual" });
    await cancelled.arrayBuffer();
    expect(cancelled.status).toBe(303);

    const [update] = (await eventsOf(session.id)).slice(3);
    expect(update?.type).toBe("customer.subscription.updated");
    expect(dataOf(update).object).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: subscription.items.data[0]?.current_period_end,
      status: "active",
    });

    const ended = await control(`/__subscriptions/${subscription.id}/end`);
    expect(typesOf(ended.json.events)).toEqual(["customer.subscription.deleted"]);
    expect(ended.json.subscription.status).toBe("canceled");
    expect(ended.json.subscription.ended_at).toEqual(expect.any(Number));
    expect((await control(`/__subscriptions/${subscription.id}/end`)).status).toBe(400);
  });

  it("cancels at once: customer.subscription.deleted", async () => {
    const { subscription } = await paidSubscription();
    const res = await control(`/__subscriptions/${subscription.id}/cancel?at_period_end=false`);
    expect(typesOf(res.json.events)).toEqual(["customer.subscription.deleted"]);
    expect(res.json.subscription).toMatchObject({ status: "canceled", canceled_at: expect.any(Number) });
  });
});

describe("stand-in: test outcomes on the payment page", () => {
  async function paymentSession() {
    const form = {
      mode: "payment",
      success_url: "http://example.com/checkout/success?session_id={CHECKOUT_SESSION_ID}",
      ...line(0, 2_000, { currency: "kes" }),
    };
    return (await api<Stripe.Checkout.Session>("POST", "/v1/checkout/sessions", form)).json;
  }

  async function choose(url: string, outcome: string) {
    const res = await fetch(url, { method: "POST", redirect: "manual", body: new URLSearchParams({ outcome }) });
    return { status: res.status, html: await res.text() };
  }

  it("card declined: the page says so, the session stays open, no event", async () => {
    const session = await paymentSession();
    const res = await choose(session.url ?? "", "card_declined");
    expect(res.status).toBe(402);
    expect(res.html).toContain('role="alert"');
    const after = await api<Stripe.Checkout.Session>("GET", `/v1/checkout/sessions/${session.id}`);
    expect(after.json.status).toBe("open");
    expect(await eventsOf(session.id)).toEqual([]);
  });

  it.each([
    ["bank_debit_succeeds", "checkout.session.async_payment_succeeded", "paid"],
    ["bank_debit_fails", "checkout.session.async_payment_failed", "unpaid"],
  ])("%s: completed unpaid, then %s", async (outcome, type, paymentStatus) => {
    const session = await paymentSession();
    expect((await choose(session.url ?? "", outcome)).status).toBe(303);
    const [completed] = await eventsOf(session.id);
    expect(dataOf(completed).object).toMatchObject({ status: "complete", payment_status: "unpaid" });
    const settled = await control(`/__sessions/${session.id}/settle`);
    expect(settled.status).toBe(200);
    expect(typesOf(await eventsOf(session.id))).toEqual(["checkout.session.completed", type]);
    expect(settled.json.session.payment_status).toBe(paymentStatus);
  });
});

describe("stand-in: webhook controls", () => {
  it("redelivers an event with the same id and payload", async () => {
    const { session } = await paidSubscription();
    const [first] = await eventsOf(session.id);
    const res = await control(`/__events/${first?.id}/redeliver`);
    expect(res.json.event).toMatchObject({ id: first?.id, payload: first?.payload, deliveries: 2 });
    expect((await control("/__events/evt_unknown/redeliver")).status).toBe(404);
  });

  it("holds events and releases them newest first", async () => {
    const { subscription } = await paidSubscription();
    await control("/__webhooks/hold");
    await control(`/__subscriptions/${subscription.id}/cancel?at_period_end=true`);
    await control(`/__subscriptions/${subscription.id}/end`);
    const released = await control("/__webhooks/release?order=reverse");
    const mine = released.json.events.filter((e) => dataOf(e).object.id === subscription.id);
    expect(typesOf(mine)).toEqual(["customer.subscription.deleted", "customer.subscription.updated"]);
  });

  it("control endpoints answer 404 for unknown ids", async () => {
    for (const path of ["/__subscriptions/sub_x/advance", "/__invoices/in_x/pay", "/__sessions/cs_x/settle"]) {
      expect((await control(path)).status).toBe(404);
    }
  });
});

describe("stand-in: refusals Stripe makes", () => {
  const payment = { mode: "payment", success_url: "http://example.com/ok" };
  const many = (n: number, from: number, recurring: boolean) =>
    Object.assign({}, ...Array.from({ length: n }, (_, i) => line(from + i, 100, { recurring })));

  it.each([
    [
      "an unknown currency",
      { ...payment, ...line(0, 2_000, { currency: "xyz" }) },
      "line_items[0][price_data][currency]",
    ],
    [
      "an upper-case currency",
      { ...payment, ...line(0, 2_000, { currency: "USD" }) },
      "line_items[0][price_data][currency]",
    ],
    ["mixed currencies", { ...payment, ...line(0, 2_000), ...line(1, 2_000, { currency: "eur" }) }, "line_items"],
    ["no recurring item", { ...payment, mode: "subscription", ...line(0, 2_000) }, "line_items"],
    ["21 recurring items", { ...subscriptionForm(), ...many(21, 0, true) }, "line_items"],
    ["21 one-time items", { ...subscriptionForm(), ...many(21, 1, false) }, "line_items"],
    [
      "an unknown parameter",
      { ...subscriptionForm(), "subscription_data[trial_period_days]": "7" },
      "subscription_data[trial_period_days]",
    ],
  ])("%s: 400 invalid_request_error", async (_name, form, param) => {
    const res = await api<object>("POST", "/v1/checkout/sessions", form);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ type: "invalid_request_error", param });
  });
});
