/**
 * Payments the owner records by hand (a bank transfer, an M-Pesa paybill payment): each is written
 * in one D1 batch (one transaction) with everything it changes and its audit row, so either all of
 * it is in the books or none of it. A reference is recorded once, whatever its case: the unique
 * NOCASE index on payments.reference (migrations/0011) refuses a second one, and with it the whole
 * batch, however many submissions race.
 */
import { type NewOrder, orderStatements } from "./orders.ts";
import { acceptQuoteStatement } from "./quotes.ts";
import type { PaymentRow } from "./schema.ts";

/** A recorded payment's ledger line. Its amount is in minor units of its own currency. */
export type ManualPaymentRow = {
  paymentId: string;
  sessionId: string;
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
      `INSERT INTO payments (payment_id, session_id, status, amount_cents, currency, billing_reason, provider,
         reference, paid_on, note, usd_cents, created_at, updated_at)
       VALUES (?1, ?2, 'paid', ?3, ?4, 'manual', ?5, ?6, ?7, ?8, ?9, ?10, ?10)`,
    )
    .bind(
      p.paymentId,
      p.sessionId,
      p.amountCents,
      p.currency,
      p.provider,
      p.reference,
      p.paidOn,
      p.note,
      p.usdCents,
      at,
    );
}

/**
 * A quote paid by bank or paybill: its order (at the quoted lines and prices, already paid), the
 * ledger line, the quote marked accepted by that order, and the audit row, in one transaction.
 *
 * The audit row is the batch's guard: it is written from the quote as the acceptance left it, its
 * actor NULL (which the NOT NULL column refuses, failing the batch) unless this order is the one
 * that accepted the quote. A quote accepted meanwhile (an M-Pesa prompt answered, another tab)
 * therefore rolls back the order and payment too, rather than leaving a second order for one quote.
 */
export async function recordQuotePayment(
  db: D1Database,
  order: NewOrder & { quoteNumber: string },
  payment: ManualPaymentRow,
  { actor, at, detail }: Recording,
): Promise<void> {
  await db.batch([
    ...orderStatements(db, order),
    db
      .prepare("UPDATE orders SET status = 'paid', paid_at = ?1, updated_at = ?1 WHERE session_id = ?2")
      .bind(at, order.sessionId),
    paymentStatement(db, payment, at),
    acceptQuoteStatement(db, order.quoteNumber, order.sessionId),
    db
      .prepare(
        `INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
         SELECT ?1, CASE WHEN q.accepted_order = ?2 THEN ?3 END, 'payment.recorded', 'quote', ?4, ?5
         FROM (SELECT 1) LEFT JOIN quotes q ON q.number = ?4`,
      )
      .bind(at, order.sessionId, actor, order.quoteNumber, detail),
  ]);
}

/**
 * An order paid by bank or paybill: the ledger line, the order marked paid when its status allows
 * it (an expired or failed M-Pesa order, one awaiting a bank debit; a paid one stays paid, this
 * being a further payment), and the audit row, in one transaction. True when the order became paid
 * now. Both writes select from the order, and the payment's foreign key needs it: a missing order
 * fails the batch.
 */
export async function recordOrderPayment(
  db: D1Database,
  payment: ManualPaymentRow,
  payableFrom: PayableFrom,
  { actor, at, detail }: Recording,
): Promise<boolean> {
  const from = payableFrom.map(() => "?").join(", ");
  const [, moved] = await db.batch([
    paymentStatement(db, payment, at),
    db
      .prepare(
        `UPDATE orders SET status = 'paid', paid_at = ?, updated_at = ?
         WHERE session_id = ? AND status IN (${from}) RETURNING session_id`,
      )
      .bind(at, at, payment.sessionId, ...payableFrom),
    db
      .prepare(
        `INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
         SELECT ?, ?, 'payment.recorded', 'order', session_id, ? FROM orders WHERE session_id = ?`,
      )
      .bind(at, actor, detail, payment.sessionId),
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
