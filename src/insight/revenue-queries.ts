/**
 * Revenue by channel for a period of the owner's view (docs/insight.md), from the payments ledger in
 * D1, never from events: what was paid, by how it came (card, M-Pesa Express, paybill, bank
 * transfer) and in what currency, in integer minor units (cents), with what has been refunded of
 * those payments since. A ledger line is recorded once (settlePayment), so each counts once.
 *
 * Read through `payments_paid_by_time` (migrations/0025): the paid lines of a time range, found by
 * created_at without reading the ledger through; each line's refunds through `refunds_by_payment`
 * (payment_id, status). tests/worker/insight/insight-revenue.test.ts checks the plan.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { database } from "../db/client.ts";
import type { PaymentRow } from "../db/schema.ts";
import { payments } from "../db/schema.ts";

export type RevenueRow = {
  provider: PaymentRow["provider"];
  currency: string;
  /** How many paid ledger lines. */
  payments: number;
  /** Their sum, in minor units of `currency`. */
  paidCents: number;
  /** What of them was refunded (refunds that succeeded), in the same units. */
  refundedCents: number;
};

/** The query itself, so its plan can be checked (EXPLAIN QUERY PLAN); run it with revenueByChannel. */
export function revenueQuery(db: D1Database, from: string, to: string | null) {
  // Written out with the tables named: drizzle leaves a one-table select's columns unqualified, and
  // inside the subquery an unqualified payment_id would be the refund's own (every refund would match).
  const refunded = sql<number>`COALESCE(SUM((SELECT SUM(r.amount_cents) FROM refunds AS r WHERE r.payment_id = payments.payment_id AND r.status = 'succeeded')), 0)`;
  const range =
    to === null ? gte(payments.created_at, from) : and(gte(payments.created_at, from), lt(payments.created_at, to));
  return database(db)
    .select({
      provider: payments.provider,
      currency: payments.currency,
      payments: sql<number>`COUNT(*)`,
      paidCents: sql<number>`COALESCE(SUM(${payments.amount_cents}), 0)`,
      refundedCents: refunded,
    })
    .from(payments)
    .where(and(eq(payments.status, "paid"), range))
    .groupBy(payments.provider, payments.currency)
    .orderBy(payments.provider, payments.currency);
}

/**
 * The paid ledger lines recorded from `from` (an ISO time, inclusive) to `to` (exclusive; null: up
 * to now), summed by channel and currency.
 */
export async function revenueByChannel(db: D1Database, from: string, to: string | null = null): Promise<RevenueRow[]> {
  const rows = await revenueQuery(db, from, to);
  return rows.map((row) => ({
    provider: row.provider,
    currency: row.currency,
    payments: Number(row.payments),
    paidCents: Number(row.paidCents),
    refundedCents: Number(row.refundedCents),
  }));
}
