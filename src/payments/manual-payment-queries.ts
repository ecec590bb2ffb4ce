/**
 * The audit rows of a payment the owner recorded, written last in settlePayment's batch (one
 * transaction), so either the payment and everything it changed are in the books with their record,
 * or none of it is. A reference is recorded once, whatever its case: the unique NOCASE index on
 * payments.reference (migrations/0011) refuses a second one, and with it the whole batch, however
 * many submissions race.
 */
import { sql } from "drizzle-orm";
import type { Statement } from "../db/client.ts";
import type { NewOrder } from "../orders/orders.ts";
import type { LedgerLine } from "./ledger.ts";

/** Who recorded it, when, and what the audit row says. */
export type Recording = { actor: string; at: string; detail: string };

/**
 * A quote's payment, recorded with the order it made. Raw SQL: the row is the batch's guard. Its
 * actor is NULL (which the NOT NULL column refuses, failing the batch) unless this order is the
 * only one paying the quote: another order that accepted it meanwhile (an M-Pesa prompt answered,
 * another tab) or that is already paying it in parts rolls back this order and payment too, rather
 * than leave two orders for one quote.
 */
export function quoteAuditStatement(order: NewOrder & { quoteNumber: string }, r: Recording): Statement {
  const orderId = order.orderId;
  return sql`INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
        SELECT ${r.at},
          CASE WHEN (q.accepted_order IS NULL OR q.accepted_order = ${orderId})
            AND NOT EXISTS (SELECT 1 FROM orders other JOIN payments p ON p.order_id = other.order_id
              WHERE other.quote_number = q.number AND other.order_id <> ${orderId}
                AND other.status <> 'paid' AND p.status = 'paid')
          THEN ${r.actor} END,
          'payment.recorded', 'quote', ${order.quoteNumber}, ${r.detail}
        FROM (SELECT 1) LEFT JOIN quotes q ON q.number = ${order.quoteNumber}`;
}

/** An order's payment: its audit row names the order, and a missing order writes none. */
export function orderAuditStatement(line: LedgerLine, r: Recording): Statement {
  return sql`INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
        SELECT ${r.at}, ${r.actor}, 'payment.recorded', 'order', order_id, ${r.detail}
        FROM orders WHERE order_id = ${line.orderId}`;
}
