/** Receipts' SQL: the per-year counter, one receipt per paid payment, and what a receipt shows (migrations/0011). */
import { sql } from "drizzle-orm";
import { runBatch, type Statement } from "../db/client.ts";
import type { OrderItemRow, OrderRow, PaymentRow, ReceiptRow } from "../db/schema.ts";

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

export function receiptByNumber(db: D1Database, number: string): Promise<ReceiptRow | null> {
  return db.prepare("SELECT * FROM receipts WHERE number = ?").bind(number).first<ReceiptRow>();
}

export function receiptOfPayment(db: D1Database, paymentId: string): Promise<ReceiptRow | null> {
  return db.prepare("SELECT * FROM receipts WHERE payment_id = ?").bind(paymentId).first<ReceiptRow>();
}

/** Notes that the receipt's PDF is in R2 (the first time only: later stores leave the date). */
export async function markReceiptStored(db: D1Database, number: string): Promise<void> {
  await db
    .prepare(
      "UPDATE receipts SET stored_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE number = ? AND stored_at IS NULL",
    )
    .bind(number)
    .run();
}

/** Receipts whose PDF is not in R2 yet, oldest first, at most `limit`. */
export async function unstoredReceipts(db: D1Database, limit: number): Promise<ReceiptRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM receipts WHERE stored_at IS NULL ORDER BY created_at, number LIMIT ?")
    .bind(limit)
    .all<ReceiptRow>();
  return results;
}

/** What a receipt shows: the receipt, its payment, the payment's order and the order's lines, in one batch. */
export async function receiptFacts(db: D1Database, number: string): Promise<ReceiptFacts | null> {
  const payment = "(SELECT payment_id FROM receipts WHERE number = ?1)";
  const session = `(SELECT order_id FROM payments WHERE payment_id = ${payment})`;
  const [receipts, payments, orders, lines] = await db.batch([
    db.prepare("SELECT * FROM receipts WHERE number = ?1").bind(number),
    db.prepare(`SELECT * FROM payments WHERE payment_id = ${payment}`).bind(number),
    db.prepare(`SELECT * FROM orders WHERE order_id = ${session}`).bind(number),
    db.prepare(`SELECT * FROM order_items WHERE order_id = ${session} ORDER BY rowid`).bind(number),
  ]);
  const receipt = receipts?.results[0] as ReceiptRow | undefined;
  const paymentRow = payments?.results[0] as PaymentRow | undefined;
  if (!receipt || !paymentRow) return null;
  return {
    receipt,
    payment: paymentRow,
    order: (orders?.results[0] as OrderRow | undefined) ?? null,
    lines: (lines?.results ?? []) as OrderItemRow[],
  };
}
