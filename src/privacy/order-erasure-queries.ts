/**
 * Erasing one order with everything that hangs off it (the retention sweep; shareable with any other
 * erasure). D1 enforces foreign keys, so children go first: receipts before payments, a
 * subscription's held invoices before the subscription, quote lines before their quote, the order last.
 * An M-Pesa plan and its months go with their subscription (ON DELETE CASCADE, migrations/0019).
 */
import { asc, eq, inArray, or } from "drizzle-orm";
import { c2bPayments } from "../db/c2b-tables.ts";
import { database, runBatch } from "../db/client.ts";
import { quoteLines, quotes, receipts } from "../db/document-tables.ts";
import { refunds } from "../db/refund-tables.ts";
import {
  mpesaRequests,
  orderItems,
  orderNotes,
  orders,
  outbox,
  payments,
  pendingInvoices,
  stripeEvents,
  subscriptions,
} from "../db/schema.ts";

/** The documents in R2 an order's erasure must also delete: its receipts' and its paid quote's PDFs. */
export type OrderDocuments = { receiptNumbers: string[]; quoteNumbers: string[] };

/** The receipts of the order's payments and the quote it paid (quotes.accepted_order), by number. */
export async function orderDocuments(db: D1Database, orderId: string): Promise<OrderDocuments> {
  const dz = database(db);
  const paymentIds = dz
    .select({ payment_id: payments.payment_id })
    .from(payments)
    .where(eq(payments.order_id, orderId));
  const [receiptRows, quoteRows] = await dz.batch([
    dz
      .select({ number: receipts.number })
      .from(receipts)
      .where(inArray(receipts.payment_id, paymentIds))
      .orderBy(asc(receipts.number)),
    dz
      .select({ number: quotes.number })
      .from(quotes)
      .where(eq(quotes.accepted_order, orderId))
      .orderBy(asc(quotes.number)),
  ]);
  return {
    receiptNumbers: receiptRows.map((row) => row.number),
    quoteNumbers: quoteRows.map((row) => row.number),
  };
}

/**
 * The statements that delete the order and every row about it, children first, for one batch (one
 * transaction: all or nothing): receipts, refunds, paybill payments, payments, M-Pesa prompts, held
 * invoices of its subscription, the subscription (its M-Pesa plan by cascade), lines, notes, handled
 * Stripe events of the session, its e-mails (outbox rows naming it), and the quote it paid with that
 * quote's lines. A paybill payment is the order's by its order_id or by its ledger line (a plan's
 * payment names its order only once the plan has taken it); it goes before the payments it is read
 * through. The audit log is not touched: it is the record of what was done. R2 documents are the
 * caller's (orderDocuments).
 */
function eraseOrderStatements(db: D1Database, orderId: string) {
  const dz = database(db);
  const paymentIds = dz
    .select({ payment_id: payments.payment_id })
    .from(payments)
    .where(eq(payments.order_id, orderId));
  const subscriptionIds = dz
    .select({ subscription_id: subscriptions.subscription_id })
    .from(subscriptions)
    .where(eq(subscriptions.order_id, orderId));
  const paidQuotes = dz.select({ number: quotes.number }).from(quotes).where(eq(quotes.accepted_order, orderId));
  return [
    dz.delete(receipts).where(inArray(receipts.payment_id, paymentIds)),
    dz.delete(refunds).where(eq(refunds.order_id, orderId)),
    dz.delete(c2bPayments).where(or(eq(c2bPayments.order_id, orderId), inArray(c2bPayments.payment_id, paymentIds))),
    dz.delete(payments).where(eq(payments.order_id, orderId)),
    dz.delete(mpesaRequests).where(eq(mpesaRequests.order_id, orderId)),
    dz.delete(pendingInvoices).where(inArray(pendingInvoices.subscription_id, subscriptionIds)),
    dz.delete(subscriptions).where(eq(subscriptions.order_id, orderId)),
    dz.delete(orderItems).where(eq(orderItems.order_id, orderId)),
    dz.delete(orderNotes).where(eq(orderNotes.order_id, orderId)),
    dz.delete(stripeEvents).where(eq(stripeEvents.order_id, orderId)),
    dz.delete(outbox).where(eq(outbox.order_id, orderId)),
    dz.delete(quoteLines).where(inArray(quoteLines.number, paidQuotes)),
    dz.delete(quotes).where(eq(quotes.accepted_order, orderId)),
    dz.delete(orders).where(eq(orders.order_id, orderId)),
  ];
}

/** Runs eraseOrderStatements as one transaction. */
export async function eraseOrderRows(db: D1Database, orderId: string): Promise<void> {
  await runBatch(db, eraseOrderStatements(db, orderId));
}
