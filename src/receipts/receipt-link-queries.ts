/** Which ledger lines of a page of orders have a numbered receipt, for the back office's links. */
import { eq, inArray } from "drizzle-orm";
import { database } from "../db/client.ts";
import { receipts } from "../db/document-tables.ts";
import { payments } from "../db/schema.ts";

/**
 * Receipt numbers by payment id, for the payments of these orders: one query bound to the page's
 * order ids (50 at most, under D1's 100 parameters a statement), however many payments they hold.
 */
export async function receiptNumbersOfOrders(
  db: D1Database,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await database(db)
    .select({ payment_id: receipts.payment_id, number: receipts.number })
    .from(receipts)
    .innerJoin(payments, eq(payments.payment_id, receipts.payment_id))
    .where(inArray(payments.order_id, [...orderIds]));
  return new Map(rows.map((row) => [row.payment_id, row.number]));
}
