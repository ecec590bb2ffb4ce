/**
 * Payments the owner records by hand (a bank transfer, an M-Pesa paybill payment): each is written
 * in one D1 batch (one transaction) with everything it changes and its audit row, so either all of
 * it is in the books or none of it. A reference is recorded once, whatever its case: the unique
 * NOCASE index on payments.reference (migrations/0011) refuses a second one, and with it the whole
 * batch, however many submissions race.
 */

import type { PaymentRow } from "../db/schema.ts";
import { type NewOrder, orderStatements } from "../orders/order-queries.ts";
import { orderSettledSql } from "./order-balance-queries.ts";

/** A recorded payment's ledger line. Its amount is in minor units of its own currency. */
export type ManualPaymentRow = {
  paymentId: string;
  orderId: string;
  provider: "bank_transfer" | "mpesa_paybill";
  amountCents: number;
  currency: "usd" | "kes";
  reference: string;
  paidOn: string;
  note: string | null;
  /** A KES payment's worth in US cents at the rate of the day it was recorded; null for USD. */
  usdCents: number | null;
};

/** Who recorded it, when, and what the audit row says. */
type Recording = { actor: string; at: string; detail: string };

/** The statuses an order may become paid from (orders/order-status.ts `allowedFrom.paid`). */
type PayableFrom = readonly string[];

function paymentStatement(db: D1Database, p: ManualPaymentRow, at: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO payments (payment_id, order_id, status, amount_cents, currency, billing_reason, provider,
         reference, paid_on, note, usd_cents, created_at, updated_at)
       VALUES (?1, ?2, 'paid', ?3, ?4, 'manual', ?5, ?6, ?7, ?8, ?9, ?10, ?10)`,
    )
    .bind(p.paymentId, p.orderId, p.amountCents, p.currency, p.provider, p.reference, p.paidOn, p.note, p.usdCents, at);
}

/** SQL: order `sid` is the one that pays quote `q`: no other order accepted it or is paying it in parts. */
const ONLY_ORDER_OF_QUOTE = (q: string, sid: string) => `(${q}.accepted_order IS NULL OR ${q}.accepted_order = ${sid})
  AND NOT EXISTS (SELECT 1 FROM orders other JOIN payments p ON p.order_id = other.order_id
    WHERE other.quote_number = ${q}.number AND other.order_id <> ${sid} AND other.status <> 'paid' AND p.status = 'paid')`;

/** Marks the order paid when what was paid toward it now settles it (order-balance.ts), from `payableFrom`. */
function settleStatement(db: D1Database, orderId: string, payableFrom: PayableFrom, at: string) {
  const from = payableFrom.map((_, i) => `?${i + 3}`).join(", ");
  return db
    .prepare(
      `UPDATE orders SET status = 'paid', paid_at = ?1, updated_at = ?1
       WHERE order_id = ?2 AND status IN (${from}) AND ${orderSettledSql("orders")}
       RETURNING order_id`,
    )
    .bind(at, orderId, ...payableFrom);
}

/** Accepts the quote an order pays, once the order is paid (now or before) and nothing else accepted it. */
function acceptPaidQuoteStatement(db: D1Database, orderId: string, at: string) {
  return db
    .prepare(
      `UPDATE quotes SET accepted_at = ?1, accepted_order = ?2
       WHERE number = (SELECT quote_number FROM orders WHERE order_id = ?2 AND status = 'paid') AND accepted_at IS NULL`,
    )
    .bind(at, orderId);
}

/**
 * A quote paid by bank or paybill: its order (at the quoted lines and prices), the ledger line, and
 * the audit row, in one transaction. When the payment covers what the quote is due the order is
 * paid and the quote accepted by it; a smaller payment leaves both open (a part payment), and later
 * payments of the quote go to the same order. True when the order became paid.
 *
 * The audit row is the batch's guard: its actor is NULL (which the NOT NULL column refuses, failing
 * the batch) when another order accepted the quote meanwhile or is already paying it in parts (an
 * M-Pesa prompt answered, another tab), which rolls back the order and payment too rather than
 * leaving a second order for one quote.
 */
export async function recordQuotePayment(
  db: D1Database,
  order: NewOrder & { quoteNumber: string },
  payment: ManualPaymentRow,
  { actor, at, detail }: Recording,
): Promise<boolean> {
  const results = await db.batch([
    ...orderStatements(db, order),
    paymentStatement(db, payment, at),
    settleStatement(db, order.orderId, ["pending"], at),
    acceptPaidQuoteStatement(db, order.orderId, at),
    db
      .prepare(
        `INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
         SELECT ?1, CASE WHEN ${ONLY_ORDER_OF_QUOTE("q", "?2")} THEN ?3 END, 'payment.recorded', 'quote', ?4, ?5
         FROM (SELECT 1) LEFT JOIN quotes q ON q.number = ?4`,
      )
      .bind(at, order.orderId, actor, order.quoteNumber, detail),
  ]);
  const settled = results.at(-3);
  return (settled?.results.length ?? 0) > 0;
}

/**
 * An order paid by bank or paybill: the ledger line, the order marked paid when its status allows it
 * (an expired or failed M-Pesa order, one awaiting a bank debit) and what has been paid toward it
 * now settles it, the quote it pays accepted then, and the audit row, in one transaction. A smaller
 * payment is a part payment: the order stays as it was, with its balance. A paid order stays paid,
 * this being a further payment. True when the order became paid now. Every write selects from the
 * order, and the payment's foreign key needs it: a missing order fails the batch.
 */
export async function recordOrderPayment(
  db: D1Database,
  payment: ManualPaymentRow,
  payableFrom: PayableFrom,
  { actor, at, detail }: Recording,
): Promise<boolean> {
  const [, moved] = await db.batch([
    paymentStatement(db, payment, at),
    settleStatement(db, payment.orderId, payableFrom, at),
    acceptPaidQuoteStatement(db, payment.orderId, at),
    db
      .prepare(
        `INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
         SELECT ?, ?, 'payment.recorded', 'order', order_id, ? FROM orders WHERE order_id = ?`,
      )
      .bind(at, actor, detail, payment.orderId),
  ]);
  return (moved?.results.length ?? 0) > 0;
}

/** The ledger line with this reference, whatever its case; null when none has it. */
export function paymentByReference(db: D1Database, reference: string): Promise<PaymentRow | null> {
  return db
    .prepare("SELECT * FROM payments WHERE reference = ?1 COLLATE NOCASE AND reference IS NOT NULL")
    .bind(reference)
    .first<PaymentRow>();
}
