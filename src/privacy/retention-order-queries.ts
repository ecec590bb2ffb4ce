/**
 * Orders past their retention (src/privacy/retention-orders.ts): client records 7 years (the
 * setting) after the relationship's last activity, and checkouts never paid after the enquiry period.
 * Erasing one is privacy/order-erasure-queries.ts. Both lists leave out an order with a live
 * subscription: its relationship has not ended. Which mailboxes are still in a relationship is
 * activeAddresses here, compared by mailbox key in src/privacy/retention-mailboxes.ts (SQL cannot
 * compute one).
 */

import {
  and,
  asc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  not,
  notExists,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { ENDED_SUBSCRIPTION_STATUSES } from "../billing/subscription-status.ts";
import { type Database, database } from "../db/client.ts";
import { quotes } from "../db/document-tables.ts";
import { mpesaRequests, orders, payments, subscriptions } from "../db/schema.ts";
import { hasMailboxKey, type MailboxLookup, unkeyedAtDomain } from "./address-match.ts";
import { chunked } from "./retention-queries.ts";

const ONE = { one: sql`1` };

/** A subscription that still bills or may bill again: anything Stripe has not ended for good. */
const liveSubscription = (dz: Database) =>
  exists(
    dz
      .select(ONE)
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.order_id, orders.order_id),
          notInArray(subscriptions.status, [...ENDED_SUBSCRIPTION_STATUSES]),
        ),
      ),
  );

/** A client record: money came in or a deal was agreed (a payments row, a paid date, or such a status). */
const clientRecord = (dz: Database) =>
  or(
    inArray(orders.status, ["paid", "needs_review", "no_payment_required"]),
    isNotNull(orders.paid_at),
    exists(dz.select(ONE).from(payments).where(eq(payments.order_id, orders.order_id))),
  );

/**
 * Something about the order at or after `cutoff`: made, paid (its paid date, or a payment by when it
 * was recorded or the day it was paid, to that day's end), or a change of its subscription (a
 * subscription ends after its last payment; the relationship with it).
 */
const activeSince = (dz: Database, cutoff: string): SQL =>
  // or() of conditions is never undefined
  or(
    gte(orders.created_at, cutoff),
    sql`COALESCE(${orders.paid_at}, '') >= ${cutoff}`,
    exists(
      dz
        .select(ONE)
        .from(payments)
        .where(
          and(
            eq(payments.order_id, orders.order_id),
            or(gte(payments.created_at, cutoff), sql`${payments.paid_on} || 'T23:59:59.999Z' >= ${cutoff}`),
          ),
        ),
    ),
    exists(
      dz
        .select(ONE)
        .from(subscriptions)
        .where(and(eq(subscriptions.order_id, orders.order_id), gte(subscriptions.updated_at, cutoff))),
    ),
  )!;

/** One candidate client record: its key for the next page (created_at, order_id) and its address. */
export type OldRecord = { order_id: string; customer_email: string; created_at: string };

/**
 * Client records with nothing about them at or after `cutoff` and no live subscription, oldest first,
 * after the key `after`. Candidates only: the caller drops those whose mailbox is still a client's.
 * `created_at < cutoff` is implied by the rest and lets orders_by_created narrow the scan.
 * Plan at 100k: SEARCH orders USING INDEX orders_by_created (created_at>? AND created_at<?), each
 * EXISTS a SEARCH by order_id (payments_by_session, subscriptions_by_session).
 */
export function expiredClientOrders(
  db: D1Database,
  cutoff: string,
  after: { created_at: string; order_id: string } | null,
  limit: number,
): Promise<OldRecord[]> {
  const dz = database(db);
  // `created_at >= ?` first: one index range read in order. As a bare OR, SQLite reads both halves and sorts.
  const past = after
    ? and(
        gte(orders.created_at, after.created_at),
        or(gt(orders.created_at, after.created_at), gt(orders.order_id, after.order_id)),
      )
    : undefined;
  return dz
    .select({ order_id: orders.order_id, customer_email: orders.customer_email, created_at: orders.created_at })
    .from(orders)
    .where(
      and(
        lt(orders.created_at, cutoff),
        past,
        clientRecord(dz),
        not(activeSince(dz, cutoff)),
        not(liveSubscription(dz)),
      ),
    )
    .orderBy(asc(orders.created_at), asc(orders.order_id))
    .limit(limit)
    .all();
}

/** Keys a statement names: D1 binds at most 100 values a statement, the cutoff and statuses among them. */
const KEYS_PER_STATEMENT = 80;

/**
 * The stored addresses of these mailboxes still in a relationship at `cutoff`: an order of theirs is
 * a client record active since the cutoff, or has a live subscription. By the indexed mailbox key,
 * and by domain among the rows SQL gives no key; one batch.
 * Plan: SEARCH orders USING INDEX orders_by_mailbox (<expr>=?).
 */
export async function activeAddresses(db: D1Database, lookup: MailboxLookup, cutoff: string): Promise<string[]> {
  const dz = database(db);
  const where = (match: SQL) =>
    dz
      .selectDistinct({ email: orders.customer_email })
      .from(orders)
      .where(and(match, or(and(clientRecord(dz), activeSince(dz, cutoff)), liveSubscription(dz))));
  const statements = [
    ...chunked(lookup.keys, KEYS_PER_STATEMENT).map((keys) => where(hasMailboxKey(orders.customer_email, keys))),
    ...lookup.unkeyedDomains.map((domain) => where(unkeyedAtDomain(orders.customer_email, domain))),
  ];
  const [first, ...rest] = statements;
  if (!first) return [];
  const results = await dz.batch([first, ...rest]);
  return results.flatMap((rows) => rows.map((row) => row.email));
}

/**
 * Checkouts never paid, opened before `cutoff` (the enquiry period): an unpaid status, no paid date,
 * no payments row, no M-Pesa prompt that was paid, no quote accepted by it. Not client records.
 */
export async function expiredUnpaidOrders(db: D1Database, cutoff: string, limit: number): Promise<string[]> {
  const dz = database(db);
  const rows = await dz
    .select({ order_id: orders.order_id })
    .from(orders)
    .where(
      and(
        lt(orders.created_at, cutoff),
        inArray(orders.status, ["pending", "awaiting_payment", "payment_failed", "expired"]),
        isNull(orders.paid_at),
        notExists(dz.select(ONE).from(payments).where(eq(payments.order_id, orders.order_id))),
        notExists(
          dz
            .select(ONE)
            .from(mpesaRequests)
            .where(and(eq(mpesaRequests.order_id, orders.order_id), eq(mpesaRequests.status, "paid"))),
        ),
        notExists(dz.select(ONE).from(quotes).where(eq(quotes.accepted_order, orders.order_id))),
        not(liveSubscription(dz)),
      ),
    )
    .orderBy(asc(orders.created_at), asc(orders.order_id))
    .limit(limit);
  return rows.map((row) => row.order_id);
}
