/**
 * Receipts' SQL: the per-year counter, one receipt per paid payment, and what a receipt shows
 * (migrations/0011). drizzle's builder, but for the numbering statements (receiptNumberStatements).
 */
import { and, asc, eq, inArray, isNull, not, sql } from "drizzle-orm";
import { database, runBatch, type Statement } from "../db/client.ts";
import { NOW } from "../db/column-values.ts";
import { type ReceiptRow, receipts } from "../db/document-tables.ts";
import { type OrderItemRow, type OrderRow, orderItems, orders, type PaymentRow, payments } from "../db/schema.ts";

/** The receipt, its payment, the payment's order (null if the ledger names none we hold) and its lines. */
export type ReceiptFacts = { receipt: ReceiptRow; payment: PaymentRow; order: OrderRow | null; lines: OrderItemRow[] };

/** Only a payment that is in the ledger as paid and has no receipt yet is given one. */
const needsReceipt = (paymentId: string) => sql`NOT EXISTS (SELECT 1 FROM receipts WHERE payment_id = ${paymentId})
  AND EXISTS (SELECT 1 FROM payments WHERE payment_id = ${paymentId} AND status = 'paid')`;

/**
 * Gives a paid payment its receipt, numbered R-<year>-<count> (five digits at least, more past
 * 99,999), and returns the payment's receipt, this one or the one it already had; null when the
 * payment is unknown or not paid. One batch, which D1 runs as one transaction: the counter moves
 * only when the receipt row is written in the same transaction, so concurrent calls for one payment
 * give one receipt and no number is ever skipped (quotes' counter, bumped apart from its row, may
 * skip one; receipts' numbers stay consecutive, as a ledger's should). The receipt row's
 * ON CONFLICT (payment_id) is a second guard for the same promise.
 */
export async function insertReceiptOnce(db: D1Database, receipt: NewReceipt): Promise<ReceiptRow | null> {
  await runBatch(db, receiptNumberStatements(receipt));
  return receiptOfPayment(db, receipt.paymentId);
}

/** A receipt to number: its payment, the Nairobi year it falls in, its access key and when it was made. */
export type NewReceipt = { paymentId: string; year: number; accessKey: string; createdAt: string };

/**
 * The two statements that number a receipt, for a batch that may do more in the same transaction
 * (settlePayment writes the ledger line first, in the same batch). Raw SQL: the counter moves only
 * when the receipt row is written, and both decide it from the same guard (needsReceipt).
 * Plan at 100k: the guards' SEARCH receipts USING COVERING INDEX sqlite_autoindex_receipts_2 (payment_id=?)
 *   and SEARCH payments USING INDEX sqlite_autoindex_payments_1 (payment_id=?)
 */
export function receiptNumberStatements({ paymentId, year, accessKey, createdAt }: NewReceipt): Statement[] {
  return [
    sql`INSERT INTO receipt_counters (year, last_number) SELECT ${year}, 1 WHERE ${needsReceipt(paymentId)}
        ON CONFLICT (year) DO UPDATE SET last_number = last_number + 1`,
    sql`INSERT INTO receipts (number, payment_id, access_key, created_at)
        SELECT printf('R-%d-%05d', year, last_number), ${paymentId}, ${accessKey}, ${createdAt} FROM receipt_counters
        WHERE year = ${year} AND ${needsReceipt(paymentId)}
        ON CONFLICT (payment_id) DO NOTHING`,
  ];
}

export async function receiptByNumber(db: D1Database, number: string): Promise<ReceiptRow | null> {
  return (await database(db).select().from(receipts).where(eq(receipts.number, number)).get()) ?? null;
}

export async function receiptOfPayment(db: D1Database, paymentId: string): Promise<ReceiptRow | null> {
  return (await database(db).select().from(receipts).where(eq(receipts.payment_id, paymentId)).get()) ?? null;
}

/** Notes that the receipt's PDF is in R2 (the first time only: later stores leave the date). */
export async function markReceiptStored(db: D1Database, number: string): Promise<void> {
  await database(db)
    .update(receipts)
    .set({ stored_at: NOW })
    .where(and(eq(receipts.number, number), isNull(receipts.stored_at)));
}

/**
 * Receipts whose PDF is not in R2 yet, oldest first, at most `limit`; not those whose payment's sale
 * waits for KRA (drawn as tax invoices once KRA accepts them).
 */
export function unstoredReceipts(db: D1Database, limit: number): Promise<ReceiptRow[]> {
  const waitsForKra = sql`EXISTS (SELECT 1 FROM etims_sales s WHERE s.payment_id = ${receipts.payment_id}
    AND s.receipt_type = 'S' AND s.status = 'pending')`;
  return database(db)
    .select()
    .from(receipts)
    .where(and(isNull(receipts.stored_at), not(waitsForKra)))
    .orderBy(asc(receipts.created_at), asc(receipts.number))
    .limit(limit)
    .all();
}

/**
 * What a receipt shows: the receipt, its payment, the payment's order and the order's lines, in one batch.
 * Plan at 100k: SEARCH receipts USING INDEX sqlite_autoindex_receipts_1 (number=?), then
 *   payments, orders and order_items each by its key (sqlite_autoindex_payments_1, _orders_1, _order_items_1)
 */
export async function receiptFacts(db: D1Database, number: string): Promise<ReceiptFacts | null> {
  const dz = database(db);
  const paymentId = dz.select({ payment_id: receipts.payment_id }).from(receipts).where(eq(receipts.number, number));
  const orderId = dz
    .select({ order_id: payments.order_id })
    .from(payments)
    .where(inArray(payments.payment_id, paymentId));
  const [receiptRows, paymentRows, orderRows, lines] = await dz.batch([
    dz.select().from(receipts).where(eq(receipts.number, number)),
    dz.select().from(payments).where(inArray(payments.payment_id, paymentId)),
    dz.select().from(orders).where(inArray(orders.order_id, orderId)),
    dz.select().from(orderItems).where(inArray(orderItems.order_id, orderId)).orderBy(asc(sql`rowid`)),
  ]);
  const receipt = receiptRows[0];
  const payment = paymentRows[0];
  if (!receipt || !payment) return null;
  return { receipt, payment, order: orderRows[0] ?? null, lines };
}
