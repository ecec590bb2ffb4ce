/** The back office's Subscriptions: search, filter by Stripe's status and date, monthly revenue. */
import type { OrderStatus } from "../orders/order-status.ts";
import type { SubscriptionRow } from "../orders/subscriptions.ts";
import type { AdminQuery } from "./query.ts";
import { anyOf, dateClauses, fetchPage, type Listing, type Page, phoneSearch, textSearch, whereAll } from "./sql.ts";

/** A subscription with its order's buyer, what it bills a month, and when it renews or ends. */
export type BackOfficeSubscription = SubscriptionRow & {
  order_ref: string | null;
  order_status: OrderStatus;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_company: string | null;
  currency: string;
  /** The order's recurring lines (unit price × quantity), as ordered. */
  monthly_cents: number;
  /** The next renewal (the period's end) of a subscription that goes on; null otherwise. */
  renews_at: string | null;
  /** When it ends or ended: cancelled, or set to cancel (at a date or at the period's end); null otherwise. */
  ends_at: string | null;
};

/** Monthly revenue of the active subscriptions a filter selects, per currency (all pages). */
export type MonthlyRevenue = { currency: string; monthly_cents: number; subscriptions: number };

export type SubscriptionsPage = Page<BackOfficeSubscription> & { monthlyRevenue: MonthlyRevenue[] };

/**
 * What a subscription bills a month: its order's recurring lines. A plan changed later in Stripe's
 * portal is not seen here (the order keeps what was bought).
 */
const MONTHLY_CENTS = `(SELECT COALESCE(SUM(i.unit_amount_cents * i.quantity), 0)
  FROM order_items i WHERE i.session_id = s.session_id AND i.recurring = 1)`;

const SEARCHED = [
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
    from: "FROM subscriptions s JOIN orders o ON o.session_id = s.session_id",
    where: whereAll([
      query.q ? anyOf(textSearch(query.q, SEARCHED), phoneSearch(query.q, "o.customer_phone")) : null,
      query.status ? { sql: "s.status = ?", params: [query.status] } : null,
      ...dateClauses(query, "s.created_at"),
    ]),
    orderBy: "s.created_at DESC, s.subscription_id DESC",
  };
}

type ListedSubscription = Omit<BackOfficeSubscription, "renews_at" | "ends_at">;

function withDates(row: ListedSubscription): BackOfficeSubscription {
  const canceled = row.status === "canceled" || row.status === "incomplete_expired";
  const ends_at = canceled
    ? (row.canceled_at ?? row.cancel_at ?? row.current_period_end)
    : (row.cancel_at ?? (row.cancel_at_period_end ? row.current_period_end : null));
  return { ...row, renews_at: canceled || ends_at ? null : row.current_period_end, ends_at };
}

/**
 * One page of subscriptions for a query, newest first, and the monthly revenue of every active
 * subscription the filter selects (not only this page's), per currency. 'active' includes one set
 * to cancel at the period's end: it still pays until then.
 */
export async function searchSubscriptions(
  db: D1Database,
  query: AdminQuery<"subscriptions">,
): Promise<SubscriptionsPage> {
  const listing = subscriptionsListing(query);
  const revenue = db
    .prepare(
      `SELECT o.currency AS currency, SUM(${MONTHLY_CENTS}) AS monthly_cents, COUNT(*) AS subscriptions
       ${listing.from} ${listing.where.sql} ${listing.where.sql ? "AND" : "WHERE"} s.status = 'active'
       GROUP BY o.currency ORDER BY o.currency`,
    )
    .bind(...listing.where.params);
  const found = await fetchPage<ListedSubscription>(db, listing, query.page, [revenue]);
  return {
    rows: found.rows.map(withDates),
    total: found.total,
    page: found.page,
    pages: found.pages,
    monthlyRevenue: ((found.extra[0]?.results ?? []) as MonthlyRevenue[]).map((r) => ({
      currency: r.currency,
      monthly_cents: Number(r.monthly_cents),
      subscriptions: Number(r.subscriptions),
    })),
  };
}
