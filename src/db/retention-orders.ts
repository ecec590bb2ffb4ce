/**
 * Orders past their retention (src/privacy/retention-orders.ts): client records 7 years (the
 * setting) after their last payment, and checkouts never paid after the enquiry period. Erasing one
 * is db/order-erasure.ts. Both lists leave out an order with a live subscription: its relationship
 * has not ended.
 */

/** A subscription that still bills or may bill again: anything Stripe has not ended for good. */
const LIVE_SUBSCRIPTION = `EXISTS (SELECT 1 FROM subscriptions s WHERE s.session_id = o.session_id
  AND s.status NOT IN ('canceled', 'incomplete_expired'))`;

/**
 * Client records past `cutoff`: money came in or a deal was agreed (a payments row, a paid date, or a
 * paid / in-review / nothing-to-pay status), and nothing about it is newer than the cutoff: no payment
 * (by when it was recorded, or the day it was paid, to that day's end), no paid date, and no change of
 * its ended subscription (a subscription ends after its last payment; the relationship with it).
 * `created_at < cutoff` is implied by the rest and lets orders_by_created narrow the scan.
 */
export async function expiredClientOrders(db: D1Database, cutoff: string, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT o.session_id FROM orders o
       WHERE o.created_at < ?1
         AND (o.status IN ('paid', 'needs_review', 'no_payment_required') OR o.paid_at IS NOT NULL
           OR EXISTS (SELECT 1 FROM payments p WHERE p.session_id = o.session_id))
         AND COALESCE(o.paid_at, '') < ?1
         AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.session_id = o.session_id
           AND (p.created_at >= ?1 OR p.paid_on || 'T23:59:59.999Z' >= ?1))
         AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.session_id = o.session_id AND s.updated_at >= ?1)
         AND NOT ${LIVE_SUBSCRIPTION}
       ORDER BY o.created_at, o.session_id LIMIT ?2`,
    )
    .bind(cutoff, limit)
    .all<{ session_id: string }>();
  return results.map((row) => row.session_id);
}

/**
 * Checkouts never paid, opened before `cutoff` (the enquiry period): an unpaid status, no paid date,
 * no payments row, no M-Pesa prompt that was paid, no quote accepted by it. Not client records.
 */
export async function expiredUnpaidOrders(db: D1Database, cutoff: string, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT o.session_id FROM orders o
       WHERE o.created_at < ?1
         AND o.status IN ('pending', 'awaiting_payment', 'payment_failed', 'expired') AND o.paid_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.session_id = o.session_id)
         AND NOT EXISTS (SELECT 1 FROM mpesa_requests m WHERE m.session_id = o.session_id AND m.status = 'paid')
         AND NOT EXISTS (SELECT 1 FROM quotes q WHERE q.accepted_order = o.session_id)
         AND NOT ${LIVE_SUBSCRIPTION}
       ORDER BY o.created_at, o.session_id LIMIT ?2`,
    )
    .bind(cutoff, limit)
    .all<{ session_id: string }>();
  return results.map((row) => row.session_id);
}
