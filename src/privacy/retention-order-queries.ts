/**
 * Orders past their retention (src/privacy/retention-orders.ts): client records 7 years (the
 * setting) after the relationship's last activity, and checkouts never paid after the enquiry period.
 * Erasing one is db/order-erasure.ts. Both lists leave out an order with a live subscription: its
 * relationship has not ended. Which mailboxes are still in a relationship is activeAddresses here,
 * compared by mailbox key in src/privacy/retention-mailboxes.ts (SQL cannot compute one).
 */

import { ENDED_SUBSCRIPTIONS_SQL } from "../billing/subscription-status.ts";
import { AT_DOMAIN } from "./address-match.ts";

/** A subscription that still bills or may bill again: anything Stripe has not ended for good. */
const LIVE_SUBSCRIPTION = `EXISTS (SELECT 1 FROM subscriptions s WHERE s.order_id = o.order_id
  AND s.status NOT IN ${ENDED_SUBSCRIPTIONS_SQL})`;

/** A client record: money came in or a deal was agreed (a payments row, a paid date, or such a status). */
const CLIENT_RECORD = `(o.status IN ('paid', 'needs_review', 'no_payment_required') OR o.paid_at IS NOT NULL
  OR EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.order_id))`;

/**
 * Something about the order at or after the cutoff `?1`: made, paid (its paid date, or a payment by
 * when it was recorded or the day it was paid, to that day's end), or a change of its subscription
 * (a subscription ends after its last payment; the relationship with it).
 */
const ACTIVE_SINCE = `(o.created_at >= ?1 OR COALESCE(o.paid_at, '') >= ?1
  OR EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.order_id
    AND (p.created_at >= ?1 OR p.paid_on || 'T23:59:59.999Z' >= ?1))
  OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.order_id = o.order_id AND s.updated_at >= ?1))`;

/** One candidate client record: its key for the next page (created_at, order_id) and its address. */
export type OldRecord = { order_id: string; customer_email: string; created_at: string };

/**
 * Client records with nothing about them at or after `cutoff` and no live subscription, oldest first,
 * after the key `after`. Candidates only: the caller drops those whose mailbox is still a client's.
 * `created_at < cutoff` is implied by the rest and lets orders_by_created narrow the scan.
 */
export async function expiredClientOrders(
  db: D1Database,
  cutoff: string,
  after: { created_at: string; order_id: string } | null,
  limit: number,
): Promise<OldRecord[]> {
  const { results } = await db
    .prepare(
      `SELECT o.order_id, o.customer_email, o.created_at FROM orders o
       WHERE o.created_at < ?1 AND (?2 IS NULL OR o.created_at > ?2 OR (o.created_at = ?2 AND o.order_id > ?3))
         AND ${CLIENT_RECORD} AND NOT ${ACTIVE_SINCE} AND NOT ${LIVE_SUBSCRIPTION}
       ORDER BY o.created_at, o.order_id LIMIT ?4`,
    )
    .bind(cutoff, after?.created_at ?? null, after?.order_id ?? "", limit)
    .all<OldRecord>();
  return results;
}

/**
 * Addresses at any of `domains` still in a relationship at `cutoff`: an order of theirs is a client
 * record active since the cutoff, or has a live subscription. One statement per domain in one batch.
 */
export async function activeAddresses(db: D1Database, domains: readonly string[], cutoff: string): Promise<string[]> {
  if (domains.length === 0) return [];
  const statements = domains.map((domain) =>
    db
      .prepare(
        `SELECT DISTINCT o.customer_email AS email FROM orders o WHERE ${AT_DOMAIN("o.customer_email", "?2")}
           AND ((${CLIENT_RECORD} AND ${ACTIVE_SINCE}) OR ${LIVE_SUBSCRIPTION})`,
      )
      .bind(cutoff, `@${domain}`),
  );
  const results = await db.batch<{ email: string }>(statements);
  return results.flatMap((result) => result.results.map((row) => row.email));
}

/**
 * Checkouts never paid, opened before `cutoff` (the enquiry period): an unpaid status, no paid date,
 * no payments row, no M-Pesa prompt that was paid, no quote accepted by it. Not client records.
 */
export async function expiredUnpaidOrders(db: D1Database, cutoff: string, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT o.order_id FROM orders o
       WHERE o.created_at < ?1
         AND o.status IN ('pending', 'awaiting_payment', 'payment_failed', 'expired') AND o.paid_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.order_id)
         AND NOT EXISTS (SELECT 1 FROM mpesa_requests m WHERE m.order_id = o.order_id AND m.status = 'paid')
         AND NOT EXISTS (SELECT 1 FROM quotes q WHERE q.accepted_order = o.order_id)
         AND NOT ${LIVE_SUBSCRIPTION}
       ORDER BY o.created_at, o.order_id LIMIT ?2`,
    )
    .bind(cutoff, limit)
    .all<{ order_id: string }>();
  return results.map((row) => row.order_id);
}
