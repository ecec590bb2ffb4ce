/** What the owner's alerts read: payments left waiting longer than they should (src/mail/owner-alerts.ts). */

export type StuckOrder = { order_id: string; status: string; customer_name: string; created_at: string };
export type StuckPrompt = { checkout_request_id: string; order_id: string; amount_kes: number; created_at: string };

/** Card orders still pending or awaiting payment made between `after` and `before` (ISO), oldest first. */
export async function stuckStripeOrders(
  db: D1Database,
  { after, before }: { after: string; before: string },
  limit: number,
): Promise<StuckOrder[]> {
  const { results } = await db
    .prepare(
      `SELECT order_id, status, customer_name, created_at FROM orders
       WHERE provider = 'stripe' AND status IN ('pending', 'awaiting_payment') AND created_at < ? AND created_at >= ?
       ORDER BY created_at LIMIT ?`,
    )
    .bind(before, after, limit)
    .all<StuckOrder>();
  return results;
}

/** M-Pesa prompts still pending sent between `after` and `before` (ISO), oldest first. */
export async function stuckMpesaPrompts(
  db: D1Database,
  { after, before }: { after: string; before: string },
  limit: number,
): Promise<StuckPrompt[]> {
  const { results } = await db
    .prepare(
      `SELECT checkout_request_id, order_id, amount_kes, created_at FROM mpesa_requests
       WHERE status = 'pending' AND created_at < ? AND created_at >= ?
       ORDER BY created_at LIMIT ?`,
    )
    .bind(before, after, limit)
    .all<StuckPrompt>();
  return results;
}
