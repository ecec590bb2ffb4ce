import { env } from "cloudflare:workers";
import { fixture } from "../../../scripts/stripe-standin/fixtures.ts";
import type { PaymentRow, SubscriptionRow } from "../../../src/db/schema.ts";
import type { OutboxRow } from "../../../src/mail/outbox.ts";
import { makeOrder } from "./factories.ts";
import { deliverSigned, fakeSessionId, type WebhookAnswer } from "./orders.ts";

/** The Business plan (monthly) and a one-time Network Assessment: $375.00 + $150.00 on the first invoice. */
export const FIRST_INVOICE_CENTS = 37_500 + 15_000;
export const MONTHLY_CENTS = 37_500;

export type SubscriptionOrder = {
  sessionId: string;
  orderRef: string;
  subscriptionId: string;
  customerId: string;
  email: string;
};

/** A subscription order as the payment endpoint records it (pending), written straight to D1. */
export async function seedSubscriptionOrder(): Promise<SubscriptionOrder> {
  const sessionId = fakeSessionId();
  const orderRef = crypto.randomUUID();
  const email = `subscriber-${orderRef}@example.co.ke`;
  await makeOrder({
    order_id: sessionId,
    order_ref: orderRef,
    mode: "subscription",
    status: "pending",
    customer_name: "Wanjiru Kamau",
    customer_email: email,
    customer_phone: "+254 700 000 002",
    total_cents: FIRST_INVOICE_CENTS,
    items: [
      {
        item_id: "pricing-business",
        name: "Business",
        category: "Monthly Subscription",
        unit_amount_cents: 37500,
        recurring: 1,
      },
      { item_id: "s1", name: "Network Assessment", category: "Networking", unit_amount_cents: 15000 },
    ],
  });
  const suffix = orderRef.replaceAll("-", "").slice(0, 14);
  return { sessionId, orderRef, subscriptionId: `sub_test${suffix}`, customerId: `cus_test${suffix}`, email };
}

let clock = Math.floor(Date.now() / 1000);
/** Stripe's `created` times: strictly increasing, as Stripe stamps events that happen one after another. */
export function tick(): number {
  clock += 10;
  return clock;
}

const MONTH = 30 * 24 * 60 * 60;

export type Plan = "starter" | "business" | "enterprise";
export type PlanInterval = "month" | "year";

/** Our prices, as the sync makes them: monthly, and yearly at twelve months less 15%. */
const PLAN_CENTS: Record<Plan, Record<PlanInterval, number>> = {
  starter: { month: 15_000, year: 153_000 },
  business: { month: 37_500, year: 382_500 },
  enterprise: { month: 75_000, year: 765_000 },
};

/** A price of our catalogue as Stripe expands it on a subscription's item (Stripe's documented shape). */
export function planPrice(plan: Plan, interval: PlanInterval, id = `price_${plan}_${interval}`) {
  return {
    id,
    object: "price",
    active: true,
    currency: "usd",
    lookup_key: `plan-${plan}-${interval}`,
    metadata: { catalogue_id: `pricing-${plan}` },
    nickname: "Anything Stripe's dashboard says",
    product: `acacia-plan-${plan}`,
    recurring: { interval, interval_count: 1, usage_type: "licensed" },
    type: "recurring",
    unit_amount: PLAN_CENTS[plan][interval],
    unit_amount_decimal: String(PLAN_CENTS[plan][interval]),
  };
}

/** An event as Stripe sends it (Stripe's example event, with this object and time). */
export function event(type: string, object: object, created = tick()): string {
  const base = fixture("event");
  return JSON.stringify({
    ...base,
    id: `evt_test_${crypto.randomUUID().replaceAll("-", "")}`,
    type,
    created,
    api_version: "2026-10-28.clover",
    data: { object },
  });
}

export function sessionObject(
  order: SubscriptionOrder,
  overrides: Partial<{ amount_total: number; currency: string; payment_status: string; status: string }> = {},
) {
  return {
    ...fixture("checkout.session"),
    id: order.sessionId,
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    amount_total: FIRST_INVOICE_CENTS,
    currency: "usd",
    customer: order.customerId,
    subscription: order.subscriptionId,
    client_reference_id: order.orderRef,
    metadata: { order_ref: order.orderRef },
    ...overrides,
  };
}

export function subscriptionObject(
  order: SubscriptionOrder,
  overrides: Partial<{
    status: string;
    periodEnd: number;
    cancel_at_period_end: boolean;
    cancel_at: number | null;
    canceled_at: number | null;
  }> = {},
) {
  const sub = fixture("subscription");
  const periodEnd = overrides.periodEnd ?? clock + MONTH;
  const [item] = sub.items.data;
  return {
    ...sub,
    id: order.subscriptionId,
    customer: order.customerId,
    status: overrides.status ?? "active",
    metadata: { order_ref: order.orderRef },
    cancel_at_period_end: overrides.cancel_at_period_end ?? false,
    cancel_at: overrides.cancel_at ?? null,
    canceled_at: overrides.canceled_at ?? null,
    ended_at: null,
    // The plan the seeded order bought, as checkout by catalogue price subscribes it.
    items: {
      ...sub.items,
      data: [
        {
          ...item,
          quantity: 1,
          price: planPrice("business", "month"),
          current_period_start: periodEnd - MONTH,
          current_period_end: periodEnd,
        },
      ],
    },
  };
}

export function invoiceObject(
  order: SubscriptionOrder,
  invoiceId: string,
  overrides: Partial<{
    billing_reason: string;
    amount: number;
    currency: string;
    paid: boolean;
    periodStart: number;
  }> = {},
) {
  const invoice = fixture("invoice");
  const amount = overrides.amount ?? MONTHLY_CENTS;
  const paid = overrides.paid ?? true;
  const start = overrides.periodStart ?? clock;
  const [line] = invoice.lines.data;
  return {
    ...invoice,
    id: invoiceId,
    customer: order.customerId,
    customer_email: order.email,
    status: paid ? "paid" : "open",
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    currency: overrides.currency ?? "usd",
    billing_reason: overrides.billing_reason ?? "subscription_cycle",
    period_start: start - MONTH,
    period_end: start,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: order.subscriptionId, metadata: { order_ref: order.orderRef } },
    },
    lines: { ...invoice.lines, data: [{ ...line, amount, period: { start, end: start + MONTH } }] },
  };
}

export async function send(payload: string): Promise<WebhookAnswer> {
  return deliverSigned(payload);
}

export async function subscriptionRow(id: string): Promise<SubscriptionRow | null> {
  return env.DB.prepare("SELECT * FROM subscriptions WHERE subscription_id = ?").bind(id).first<SubscriptionRow>();
}

export async function ledger(sessionId: string): Promise<PaymentRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM payments WHERE order_id = ? ORDER BY created_at, payment_id")
    .bind(sessionId)
    .all<PaymentRow>();
  return results;
}

export async function outboxOf(orderId: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM outbox WHERE order_id = ? ORDER BY id")
    .bind(orderId)
    .all<OutboxRow>();
  return results;
}
