/** The back office's Subscriptions: search, filter by Stripe's status and date, monthly revenue. */

import { hasEnded } from "../billing/subscription-status.ts";
import type { SubscriptionRow } from "../db/schema.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import type { Page } from "./admin-listing-queries.ts";
import type { AdminQuery } from "./admin-query.ts";
import { subscriptionsPage } from "./subscription-search-queries.ts";

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

/** What the Subscriptions page shows: a page of subscriptions and the filter's monthly revenue. */
export type SubscriptionsView = {
  section: "subscriptions";
  rows: BackOfficeSubscription[];
  monthlyRevenue: MonthlyRevenue[];
};

type ListedSubscription = Omit<BackOfficeSubscription, "renews_at" | "ends_at">;

function withDates(row: ListedSubscription): BackOfficeSubscription {
  const canceled = hasEnded(row.status);
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
  const found = await subscriptionsPage<ListedSubscription>(db, query);
  return {
    rows: found.rows.map(withDates),
    total: found.total,
    page: found.page,
    pages: found.pages,
    monthlyRevenue: found.revenue.map((r) => ({
      currency: r.currency,
      monthly_cents: Number(r.monthly_cents),
      subscriptions: Number(r.subscriptions),
    })),
  };
}
