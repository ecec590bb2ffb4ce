/**
 * The scale seeder's payments ledger: a paid order's payment as each channel records it (a Stripe
 * Checkout Session, an M-Pesa Express prompt, a transfer the owner recorded), a failed card payment,
 * and a Stripe subscription with one invoice a month until it ended or now.
 */
import { DAY, emitAudit, iso, type Row, type SeedContext, uniqueReference } from "./seed-context.ts";
import type { Person } from "./seed-people.ts";
import { ALNUM } from "./seed-random.ts";

/** An order's states, as orders.status CHECKs them. */
export type Status =
  | "paid"
  | "pending"
  | "awaiting_payment"
  | "expired"
  | "payment_failed"
  | "needs_review"
  | "no_payment_required";

const UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export type SeededOrder = {
  id: string;
  at: number;
  provider: string;
  status: Status;
  total: number;
  rate: number;
  person: Person;
  email: string;
  paidAt: number | null;
};

function ledgerRow(order: SeededOrder, at: number): Row {
  return {
    order_id: order.id,
    subscription_id: null,
    status: "paid",
    amount_cents: order.total,
    currency: "usd",
    billing_reason: "checkout",
    period_start: null,
    period_end: null,
    attempts: 1,
    created_at: iso(at),
    updated_at: iso(at),
    review_reason: null,
    provider: "stripe",
    reference: null,
    paid_on: null,
    note: null,
    phone: null,
    usd_cents: null,
  };
}

function paid(context: SeedContext, row: Row & { payment_id: string }, at: number): void {
  context.emit("payments", row);
  context.paidPayments.push([at, row.payment_id]);
}

export function seedPayment(context: SeedContext, order: SeededOrder, monthly: boolean): void {
  const at = order.paidAt ?? order.at;
  if (monthly) seedSubscription(context, order, at);
  else if (order.provider === "stripe") paid(context, { ...ledgerRow(order, at), payment_id: order.id }, at);
  else if (order.provider === "mpesa") mpesaPayment(context, order, at);
  else manualPayment(context, order, at);
}

/** An M-Pesa Express payment: its CheckoutRequestID, shillings, M-Pesa's receipt code and the phone. */
function mpesaPayment(context: SeedContext, order: SeededOrder, at: number): void {
  const { random } = context;
  const stamp = iso(at).replace(/\D/g, "").slice(0, 14);
  const kes = Math.max(1, Math.round((order.total * order.rate) / 10_000));
  const reference = uniqueReference(context, () => `S${random.chars(9, UPPER_DIGITS)}`);
  paid(
    context,
    {
      ...ledgerRow(order, at),
      payment_id: `ws_CO_${stamp}${random.chars(10, "0123456789")}`,
      ...{ amount_cents: kes * 100, currency: "kes", provider: "mpesa_express", reference },
      ...{ phone: order.person.phone.slice(1), usd_cents: order.total },
    },
    at,
  );
}

/** A bank transfer or paybill payment the owner recorded against a quote's order, and its audit row. */
function manualPayment(context: SeedContext, order: SeededOrder, at: number): void {
  const { random } = context;
  const bank = random.chance(0.6);
  const reference = uniqueReference(context, () =>
    bank ? `FT${random.chars(10, "0123456789")}` : `S${random.chars(9, UPPER_DIGITS)}`,
  );
  paid(
    context,
    {
      ...ledgerRow(order, at),
      payment_id: `manual_${random.chars(32)}`,
      ...{ billing_reason: "manual", provider: bank ? "bank_transfer" : "mpesa_paybill", reference },
      ...{ paid_on: iso(at).slice(0, 10), note: random.chance(0.3) ? "Paid against the quote" : null },
    },
    at,
  );
  emitAudit(context, { at: at + 60_000, action: "payment.recorded", kind: "order", id: order.id, detail: reference });
}

export function failedPayment(context: SeedContext, order: SeededOrder): void {
  const at = order.at + context.random.int(30_000, 600_000);
  context.emit("payments", { ...ledgerRow(order, at), payment_id: order.id, status: "failed", attempts: 2 });
}

/** A Stripe subscription and its invoices, one a month from the order until it ended or now. */
function seedSubscription(context: SeedContext, order: SeededOrder, start: number): void {
  const { random } = context;
  const status = random.weighted({ active: 62, canceled: 28, past_due: 5, unpaid: 2, trialing: 3 });
  const months = Math.max(1, Math.floor((context.now - start) / (30 * DAY)));
  const lived = status === "canceled" ? random.int(1, months) : months;
  const canceledAt = status === "canceled" ? start + lived * 30 * DAY : null;
  const subscriptionId = `sub_${random.chars(24, ALNUM)}`;
  const periodEnd = start + lived * 30 * DAY;
  context.emit("subscriptions", {
    subscription_id: subscriptionId,
    order_id: order.id,
    customer_id: `cus_${random.chars(14, ALNUM)}`,
    status,
    current_period_end: iso(periodEnd),
    cancel_at_period_end: status === "active" && random.chance(0.05) ? 1 : 0,
    cancel_at: null,
    canceled_at: canceledAt === null ? null : iso(Math.min(canceledAt, context.now)),
    state_at: Math.floor(Math.min(periodEnd, context.now) / 1000),
    created_at: iso(start),
    updated_at: iso(Math.min(periodEnd - 30 * DAY + 60_000, context.now)),
    plan_interval: "month",
    plan_amount_cents: order.total,
  });
  for (let month = 0; month < lived; month++) {
    const at = start + month * 30 * DAY;
    if (at > context.now) break;
    const row = {
      ...ledgerRow(order, at),
      payment_id: `in_${random.chars(24, ALNUM)}`,
      subscription_id: subscriptionId,
      billing_reason: month === 0 ? "subscription_create" : "subscription_cycle",
      period_start: iso(at),
      period_end: iso(at + 30 * DAY),
    };
    if (status === "past_due" && month === lived - 1) {
      context.emit("payments", { ...row, status: "failed", attempts: 3 });
    } else {
      paid(context, row, at);
    }
  }
}
