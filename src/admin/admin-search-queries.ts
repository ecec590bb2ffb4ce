/**
 * The back office's sections in SQL: what each searches, filters and sorts by (src/admin/ turns the
 * rows into what the owner reads). Built from admin-listing.ts's pieces, so whatever the owner typed
 * is always a bound parameter.
 */

import type { OrderItemRow, OrderNoteRow, PaymentRow, SubscriptionRow } from "../db/schema.ts";
import {
  anyOf,
  type Clause,
  dateClauses,
  fetchPage,
  idSearch,
  type Listing,
  type Page,
  phoneSearch,
  placeholders,
  textSearch,
  whereAll,
} from "./admin-listing-queries.ts";
import type { AdminQuery } from "./admin-query.ts";

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** Customer name, e-mail, company, phone and both references (Stripe's session id and ours). */
const ORDER_SEARCHED = [
  "o.customer_name",
  "o.customer_email",
  "o.customer_company",
  "o.customer_phone",
  "o.order_id",
  "o.order_ref",
] as const;

/** The orders a query selects, newest first. */
export function ordersListing(query: AdminQuery<"orders">, select = "o.*"): Listing {
  return {
    select,
    from: "FROM orders o",
    where: whereAll([
      query.q ? anyOf(textSearch(query.q, ORDER_SEARCHED), phoneSearch(query.q, "o.customer_phone")) : null,
      query.status ? { sql: "o.status = ?", params: [query.status] } : null,
      ...dateClauses(query, "o.created_at"),
    ]),
    orderBy: "o.created_at DESC, o.order_id DESC",
  };
}

/**
 * The orders a query selects as the CSV export lists them: each with its lines in one text
 * ("Network Assessment × 1; …", `items`) and its subscriptions' statuses (`subscription_status`).
 */
export function orderExportListing(query: AdminQuery<"orders">): Listing {
  return ordersListing(
    query,
    `o.*,
     (SELECT group_concat(line, '; ') FROM (SELECT i.name || ' × ' || i.quantity AS line FROM order_items i
       WHERE i.order_id = o.order_id ORDER BY i.rowid)) AS items,
     (SELECT group_concat(s.status, '; ') FROM subscriptions s WHERE s.order_id = o.order_id) AS subscription_status`,
  );
}

export type OrderChildren = {
  items: OrderItemRow[];
  subscriptions: SubscriptionRow[];
  payments: PaymentRow[];
  notes: OrderNoteRow[];
};

/**
 * The lines, subscriptions, payments and notes of a page's orders in one batch: four statements,
 * each bound to the page's ids (50 at most, under D1's 100 parameters a statement), never one query
 * per order.
 */
export async function orderChildren(db: D1Database, ids: readonly string[]): Promise<OrderChildren> {
  const inPage = `order_id IN (${placeholders(ids.length)})`;
  const [items, subscriptions, payments, notes] = await db.batch<
    OrderItemRow | SubscriptionRow | PaymentRow | OrderNoteRow
  >([
    db.prepare(`SELECT * FROM order_items WHERE ${inPage} ORDER BY rowid`).bind(...ids),
    db.prepare(`SELECT * FROM subscriptions WHERE ${inPage} ORDER BY created_at, subscription_id`).bind(...ids),
    db
      .prepare(
        `SELECT * FROM payments WHERE ${inPage} ORDER BY COALESCE(period_start, created_at), created_at, payment_id`,
      )
      .bind(...ids),
    db.prepare(`SELECT * FROM order_notes WHERE ${inPage} ORDER BY at DESC, id DESC`).bind(...ids),
  ]);
  return {
    items: (items?.results ?? []) as OrderItemRow[],
    subscriptions: (subscriptions?.results ?? []) as SubscriptionRow[],
    payments: (payments?.results ?? []) as PaymentRow[],
    notes: (notes?.results ?? []) as OrderNoteRow[],
  };
}

/**
 * What a subscription bills a month: the plan a subscription event last named (a plan changed in
 * the portal included), a yearly plan counting as a twelfth of its price, rounded to the nearest
 * cent, half up, per subscription, before any sum (integer division of amount + 6 by 12); until an
 * event names one of our prices, its order's recurring lines.
 */
const MONTHLY_CENTS = `(CASE
  WHEN s.plan_amount_cents IS NULL THEN (SELECT COALESCE(SUM(i.unit_amount_cents * i.quantity), 0)
    FROM order_items i WHERE i.order_id = s.order_id AND i.recurring = 1)
  WHEN s.plan_interval = 'year' THEN (s.plan_amount_cents + 6) / 12
  ELSE s.plan_amount_cents
END)`;

const SUBSCRIPTION_SEARCHED = [
  "o.customer_name",
  "o.customer_email",
  "o.customer_company",
  "o.customer_phone",
  "s.subscription_id",
  "o.order_ref",
] as const;

function subscriptionsListing(query: AdminQuery<"subscriptions">): Listing {
  return {
    select: `s.*, o.order_ref, o.status AS order_status, o.customer_name, o.customer_email, o.customer_phone,
      o.customer_company, o.currency, ${MONTHLY_CENTS} AS monthly_cents`,
    from: "FROM subscriptions s JOIN orders o ON o.order_id = s.order_id",
    where: whereAll([
      query.q ? anyOf(textSearch(query.q, SUBSCRIPTION_SEARCHED), phoneSearch(query.q, "o.customer_phone")) : null,
      subscriptionStatusClause(query.status),
      ...dateClauses(query, "s.created_at"),
    ]),
    orderBy: "s.created_at DESC, s.subscription_id DESC",
  };
}

/** Stripe's status, or ours: "needs_review" is any subscription the webhook flagged for the owner. */
function subscriptionStatusClause(status: AdminQuery<"subscriptions">["status"]): Clause | null {
  if (!status) return null;
  if (status === "needs_review") return { sql: "s.review_reason IS NOT NULL", params: [] };
  return { sql: "s.status = ?", params: [status] };
}

/** A revenue line as SQLite sums it (numbers may come back as text or floats). */
export type RevenueSum = { currency: string; monthly_cents: unknown; subscriptions: unknown };

/**
 * One page of subscriptions (each row with its order's buyer and what it bills a month), and in the
 * same batch the monthly revenue of every active subscription the filter selects, per currency.
 */
export async function subscriptionsPage<Row>(
  db: D1Database,
  query: AdminQuery<"subscriptions">,
): Promise<Page<Row> & { revenue: RevenueSum[] }> {
  const listing = subscriptionsListing(query);
  const revenue = db
    .prepare(
      `SELECT o.currency AS currency, SUM(${MONTHLY_CENTS}) AS monthly_cents, COUNT(*) AS subscriptions
       ${listing.from} ${listing.where.sql} ${listing.where.sql ? "AND" : "WHERE"} s.status = 'active'
       GROUP BY o.currency ORDER BY o.currency`,
    )
    .bind(...listing.where.params);
  const { extra, ...found } = await fetchPage<Row>(db, listing, query.page, [revenue]);
  return { ...found, revenue: (extra[0]?.results ?? []) as RevenueSum[] };
}

const QUOTE_SEARCHED = ["q.number", "q.customer_name", "q.customer_email", "q.customer_company"] as const;

/** The quotes a query selects, newest first (numbers break ties), each with its line count. */
export function quotesListing(query: AdminQuery<"quotes">): Listing {
  const status =
    query.status === "valid"
      ? { sql: `q.valid_until >= ${NOW}`, params: [] }
      : query.status === "expired"
        ? { sql: `q.valid_until < ${NOW}`, params: [] }
        : null;
  return {
    select: "q.*, (SELECT COUNT(*) FROM quote_lines l WHERE l.number = q.number) AS line_count",
    from: "FROM quotes q",
    where: whereAll([
      query.q ? textSearch(query.q, QUOTE_SEARCHED) : null,
      status,
      ...dateClauses(query, "q.created_at"),
    ]),
    orderBy: "q.created_at DESC, q.number DESC",
  };
}

const MESSAGE_SEARCHED = ["m.name", "m.email", "m.company", "m.phone"] as const;

/** The contact messages a query selects, newest first ("#12" also finds message 12). Shared with the CSV export. */
export function messagesListing(query: AdminQuery<"messages">): Listing {
  return {
    select: "m.*",
    from: "FROM contact_messages m",
    where: whereAll([
      query.q
        ? anyOf(textSearch(query.q, MESSAGE_SEARCHED), phoneSearch(query.q, "m.phone"), idSearch(query.q, "m.id"))
        : null,
      query.status === "answered"
        ? { sql: "m.answered_at IS NOT NULL", params: [] }
        : query.status === "unanswered"
          ? { sql: "m.answered_at IS NULL", params: [] }
          : null,
      ...dateClauses(query, "m.created_at"),
    ]),
    orderBy: "m.created_at DESC, m.id DESC",
  };
}

const OUTBOX_SEARCHED = ["e.recipient", "e.subject", "e.kind"] as const;

/** The e-mails a query selects, newest first ("#12" also finds e-mail 12). */
export function outboxListing(query: AdminQuery<"outbox">): Listing {
  return {
    select: "e.*",
    from: "FROM outbox e",
    where: whereAll([
      query.q ? anyOf(textSearch(query.q, OUTBOX_SEARCHED), idSearch(query.q, "e.id")) : null,
      query.status ? { sql: "e.status = ?", params: [query.status] } : null,
      ...dateClauses(query, "e.created_at"),
    ]),
    orderBy: "e.created_at DESC, e.id DESC",
  };
}
