/**
 * The parts of an exported order that came after its sale (src/privacy/person-export.ts): its
 * refunds, the paybill payments it received and its M-Pesa plan with each month billed.
 * docs/privacy-operations.md documents every field.
 */

import type { PersonRows } from "./person-queries.ts";

type SaleRows = Pick<PersonRows, "payments" | "subscriptions" | "refunds" | "paybillPayments" | "plans" | "planMonths">;

/** Rows grouped under a key, each group in the rows' order. */
function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

function plansByOrder(rows: SaleRows) {
  const monthsOf = groupBy(rows.planMonths, (m) => m.subscription_id);
  const subscriptionOf = new Map(rows.subscriptions.map((s) => [s.subscription_id, s]));
  return groupBy(
    rows.plans.map((p) => {
      const subscription = subscriptionOf.get(p.subscription_id);
      return {
        order_id: subscription?.order_id ?? null,
        plan: {
          subscription_id: p.subscription_id,
          reference: p.reference,
          phone: p.phone,
          status: subscription?.status ?? null,
          next_due_on: p.next_due_on,
          created_at: p.created_at,
          months: (monthsOf.get(p.subscription_id) ?? []).map((m) => ({
            period_start: m.period_start,
            period_end: m.period_end,
            amount_kes: m.kes_amount,
            usd_cents: m.usd_cents,
            status: m.status,
            paid_at: m.paid_at,
          })),
        },
      };
    }),
    (p) => p.order_id,
  );
}

/** For each order id, its refunds, paybill payments and M-Pesa plan (null when it has none). */
export function saleExport(rows: SaleRows) {
  const orderOfPayment = new Map(rows.payments.map((p) => [p.payment_id, p.order_id]));
  const refundsOf = groupBy(rows.refunds, (r) => r.order_id);
  // A plan's payment names its order once the plan has taken it; before, its ledger line does.
  const paybillOf = groupBy(
    rows.paybillPayments,
    (c) => c.order_id ?? (c.payment_id ? (orderOfPayment.get(c.payment_id) ?? null) : null),
  );
  const plansOf = plansByOrder(rows);
  return (orderId: string) => ({
    refunds: (refundsOf.get(orderId) ?? []).map((r) => ({
      payment_id: r.payment_id,
      amount_cents: r.amount_cents,
      currency: r.currency,
      reason: r.reason,
      status: r.status,
      channel: r.channel,
      reference: r.reference,
      created_at: r.created_at,
      settled_at: r.settled_at,
    })),
    paybill_payments: (paybillOf.get(orderId) ?? []).map((c) => ({
      trans_id: c.trans_id,
      payment_id: c.payment_id,
      amount_cents: c.amount_cents,
      msisdn: c.msisdn,
      payer_name: c.payer_name,
      bill_ref: c.bill_ref,
      trans_time: c.trans_time,
      status: c.status,
      received_at: c.received_at,
    })),
    // An order has one subscription at most once it is billed by M-Pesa (a plan starts only on an order without one).
    mpesa_plan: plansOf.get(orderId)?.[0]?.plan ?? null,
  });
}
