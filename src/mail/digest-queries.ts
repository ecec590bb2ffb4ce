/** What the owner's daily digest lists (src/mail/owner-digest.ts): each list oldest first, at most `limit` rows. */

type DigestOrder = { order_id: string; customer_name: string; total_cents: number; currency: string };
type DigestMessage = { id: number; name: string; email: string; created_at: string };
type DigestQuote = { number: string; customer_name: string; valid_until: string };
type DigestPayment = {
  payment_id: string;
  order_id: string;
  customer_name: string;
  amount_cents: number;
  currency: string;
};
type DigestReview = { what: "order" | "payment" | "subscription"; id: string; reason: string | null };

export type DigestRows = {
  paidOrders: DigestOrder[];
  messages: DigestMessage[];
  quotes: DigestQuote[];
  failedRenewals: DigestPayment[];
  review: DigestReview[];
};

/**
 * Paid since `since`, messages never answered, unaccepted quotes whose validity ends between `now`
 * and `until`, renewals that failed since `since`, and everything flagged for review (all ISO times).
 */
export async function digestRows(
  db: D1Database,
  window: { since: string; now: string; until: string },
  limit: number,
): Promise<DigestRows> {
  const [paidOrders, messages, quotes, failedRenewals, review] = await db.batch<unknown>([
    db
      .prepare(
        `SELECT order_id, customer_name, total_cents, currency FROM orders
         WHERE status = 'paid' AND paid_at >= ? ORDER BY paid_at LIMIT ?`,
      )
      .bind(window.since, limit),
    db
      .prepare(
        `SELECT id, name, email, created_at FROM contact_messages
         WHERE answered_at IS NULL ORDER BY created_at LIMIT ?`,
      )
      .bind(limit),
    db
      .prepare(
        `SELECT number, customer_name, valid_until FROM quotes
         WHERE accepted_at IS NULL AND valid_until >= ? AND valid_until < ? ORDER BY valid_until LIMIT ?`,
      )
      .bind(window.now, window.until, limit),
    db
      .prepare(
        `SELECT p.payment_id, p.order_id, o.customer_name, p.amount_cents, p.currency
         FROM payments p JOIN orders o ON o.order_id = p.order_id
         WHERE p.status = 'failed' AND p.subscription_id IS NOT NULL AND p.updated_at >= ?
         ORDER BY p.updated_at LIMIT ?`,
      )
      .bind(window.since, limit),
    db
      .prepare(
        `SELECT 'order' AS what, order_id AS id, review_reason AS reason FROM orders WHERE status = 'needs_review'
         UNION ALL
         SELECT 'payment', payment_id, review_reason FROM payments WHERE review_reason IS NOT NULL
         UNION ALL
         SELECT 'subscription', subscription_id, review_reason FROM subscriptions WHERE review_reason IS NOT NULL
         LIMIT ?`,
      )
      .bind(limit),
  ]);
  return {
    paidOrders: (paidOrders?.results ?? []) as DigestOrder[],
    messages: (messages?.results ?? []) as DigestMessage[],
    quotes: (quotes?.results ?? []) as DigestQuote[],
    failedRenewals: (failedRenewals?.results ?? []) as DigestPayment[],
    review: (review?.results ?? []) as DigestReview[],
  };
}
