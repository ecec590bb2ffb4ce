/**
 * The payments ledger: one line per payment however it came (a card checkout, a subscription
 * invoice, M-Pesa Express, a bank transfer or paybill payment the owner recorded). settlePayment
 * writes it; the rest of the worker reads it.
 */
import { eq, sql } from "drizzle-orm";
import { database } from "../db/client.ts";
import { type PaymentRow, payments } from "../db/schema.ts";

/** A payment as its channel describes it. Amounts are in minor units of `currency`. */
export type LedgerLine = {
  paymentId: string;
  orderId: string;
  subscriptionId: string | null;
  status: PaymentRow["status"];
  amountCents: number;
  currency: string;
  billingReason: string;
  periodStart: string | null;
  periodEnd: string | null;
  /** Why the owner should look at this line; null when nothing is wrong. */
  reviewReason?: string | null;
  provider: PaymentRow["provider"];
  /** The M-Pesa receipt or bank reference: recorded once, whatever its case. */
  reference?: string | null;
  /** The day the money arrived (YYYY-MM-DD), when it is not the day it was recorded. */
  paidOn?: string | null;
  note?: string | null;
  phone?: string | null;
  /** A KES payment's worth in US cents. */
  usdCents?: number | null;
};

/**
 * The line's UPSERT, for settlePayment's batch. 'paid' is final for an invoice: a late failure
 * never overwrites it, a failure seen again counts one more attempt, and a review reason, once set,
 * stays. Its amount is kept once paid. The database decides each from the row as it stands, so
 * events arriving together cannot undo each other.
 */
export function ledgerLineStatement(db: D1Database, line: LedgerLine, at: string) {
  const paid = sql`${payments.status} = 'paid'`;
  return database(db)
    .insert(payments)
    .values({
      payment_id: line.paymentId,
      order_id: line.orderId,
      subscription_id: line.subscriptionId,
      status: line.status,
      amount_cents: line.amountCents,
      currency: line.currency,
      billing_reason: line.billingReason,
      period_start: line.periodStart,
      period_end: line.periodEnd,
      review_reason: line.reviewReason ?? null,
      provider: line.provider,
      reference: line.reference ?? null,
      paid_on: line.paidOn ?? null,
      note: line.note ?? null,
      phone: line.phone ?? null,
      usd_cents: line.usdCents ?? null,
      created_at: at,
      updated_at: at,
    })
    .onConflictDoUpdate({
      target: payments.payment_id,
      set: {
        status: sql`CASE WHEN ${paid} THEN 'paid' ELSE excluded.status END`,
        amount_cents: sql`CASE WHEN ${paid} THEN ${payments.amount_cents} ELSE excluded.amount_cents END`,
        attempts: sql`${payments.attempts} + CASE WHEN ${payments.status} = 'failed' AND excluded.status = 'failed' THEN 1 ELSE 0 END`,
        review_reason: sql`COALESCE(${payments.review_reason}, excluded.review_reason)`,
        updated_at: at,
      },
    })
    .returning();
}

// Plan at 100k: SEARCH payments USING INDEX sqlite_autoindex_payments_1 (payment_id=?)
export async function ledgerLineOf(db: D1Database, paymentId: string): Promise<PaymentRow | null> {
  return (await database(db).select().from(payments).where(eq(payments.payment_id, paymentId)).get()) ?? null;
}

/**
 * The ledger line with this reference, whatever its case; null when none has it.
 * Plan at 100k: SEARCH payments USING INDEX payments_by_reference (reference=?), the
 *   index's NOCASE collation being the comparison's
 */
export async function paymentByReference(db: D1Database, reference: string): Promise<PaymentRow | null> {
  const found = await database(db)
    .select()
    .from(payments)
    .where(sql`${payments.reference} = ${reference} COLLATE NOCASE AND ${payments.reference} IS NOT NULL`)
    .get();
  return found ?? null;
}
