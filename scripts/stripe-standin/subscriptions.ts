import type { SessionLine } from "./checkout-params.ts";
import { fixture } from "./fixtures.ts";
import type { PricedLine } from "./sessions.ts";

export type SubscriptionItem = PricedLine & {
  id: string;
  created: number;
  /** The catalogue price's lookup key and metadata; an ad-hoc `price_data` price has neither. */
  lookupKey?: string | null;
  priceMetadata?: Record<string, string>;
};

type Recurring = NonNullable<SessionLine["recurring"]>;

export type StoredSubscription = {
  id: string;
  created: number;
  customer: string;
  /** The Checkout Session that started it: its events are listed under that session too. */
  sessionId: string;
  currency: string;
  metadata: Record<string, string>;
  items: SubscriptionItem[];
  /** Checkout refuses mixed intervals, so one period serves every item. */
  interval: Recurring;
  periodStart: number;
  periodEnd: number;
  /** What monthly periods keep the day of: the start, or the moment an interval change reset it. */
  anchor: number;
  /** The subscription schedule managing it (a plan change waiting for the period end), if any. */
  schedule: string | null;
  status: "incomplete" | "active" | "past_due" | "canceled";
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  latestInvoice: string | null;
};

/**
 * The end of the period starting at `from`. Months keep the anchor's day of the month, falling
 * back to the month's last day (31 Jan, 28 Feb, 31 Mar), as Stripe's billing cycle does.
 */
export function periodEnd(from: number, { interval, interval_count: count }: Recurring, anchor: number): number {
  const day = 24 * 60 * 60;
  if (interval === "day") return from + count * day;
  if (interval === "week") return from + count * 7 * day;
  const start = new Date(from * 1000);
  const anchored = new Date(anchor * 1000);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + (interval === "year" ? 12 * count : count);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const time = [anchored.getUTCHours(), anchored.getUTCMinutes(), anchored.getUTCSeconds()] as const;
  return Date.UTC(year, month, Math.min(anchored.getUTCDate(), lastDay), ...time) / 1000;
}

/** What each renewal charges: the recurring items only (one-time items were on the first invoice). */
export function recurringTotal(subscription: StoredSubscription): number {
  return subscription.items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
}

export function subscriptionJson(subscription: StoredSubscription) {
  const example = fixture("subscription");
  return {
    ...example,
    id: subscription.id,
    billing_cycle_anchor: subscription.anchor,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: "classic" },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: subscription.cancelAt,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: subscription.canceledAt,
    cancellation_details: {
      comment: null,
      feedback: null,
      reason: subscription.canceledAt ? "cancellation_requested" : null,
    },
    created: subscription.created,
    currency: subscription.currency,
    customer: subscription.customer,
    ended_at: subscription.endedAt,
    items: {
      ...example.items,
      data: subscription.items.map((item) => subscriptionItemJson(subscription, item)),
      url: `/v1/subscription_items?subscription=${subscription.id}`,
    },
    latest_invoice: subscription.latestInvoice,
    livemode: false,
    managed_payments: { enabled: false },
    metadata: subscription.metadata,
    next_pending_invoice_item_invoice: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
    pending_invoice_item_interval: null,
    pending_update: null,
    schedule: subscription.schedule,
    start_date: subscription.created,
    status: subscription.status,
    transfer_data: null,
    trial_end: null,
    trial_start: null,
  };
}

function subscriptionItemJson(subscription: StoredSubscription, item: SubscriptionItem) {
  const example = fixture("subscription_item");
  const recurring = item.recurring ?? subscription.interval;
  return {
    ...example,
    id: item.id,
    created: item.created,
    current_period_end: subscription.periodEnd,
    current_period_start: subscription.periodStart,
    metadata: {},
    plan: {
      ...example.plan,
      id: item.price,
      amount: item.unitAmount,
      amount_decimal: String(item.unitAmount),
      billing_scheme: "per_unit",
      created: item.created,
      currency: item.currency,
      interval: recurring.interval,
      interval_count: recurring.interval_count,
      livemode: false,
      metadata: {},
      product: item.product,
      transform_usage: null,
    },
    price: {
      ...example.price,
      id: item.price,
      created: item.created,
      currency: item.currency,
      custom_unit_amount: null,
      lookup_key: item.lookupKey ?? null,
      metadata: item.priceMetadata ?? {},
      product: item.product,
      recurring: { ...example.price.recurring, ...recurring },
      transform_quantity: null,
      unit_amount: item.unitAmount,
      unit_amount_decimal: String(item.unitAmount),
    },
    quantity: item.quantity,
    subscription: subscription.id,
  };
}
