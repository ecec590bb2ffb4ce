/** Which ledger lines of a page of orders have a numbered receipt, for the back office's links. */
import { placeholders } from "../admin/admin-listing-queries.ts";

/**
 * Receipt numbers by payment id, for the payments of these orders: one query bound to the page's
 * session ids (50 at most, under D1's 100 parameters a statement), however many payments they hold.
 */
export async function receiptNumbersForOrders(
  db: D1Database,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  const numbers = new Map<string, string>();
  if (orderIds.length === 0) return numbers;
  const { results } = await db
    .prepare(
      `SELECT r.payment_id, r.number FROM receipts r JOIN payments p ON p.payment_id = r.payment_id
       WHERE p.order_id IN (${placeholders(orderIds.length)})`,
    )
    .bind(...orderIds)
    .all<{ payment_id: string; number: string }>();
  for (const row of results) numbers.set(row.payment_id, row.number);
  return numbers;
}
