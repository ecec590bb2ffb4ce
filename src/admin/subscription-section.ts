/**
 * The back office's Subscriptions: search, filter by status and date, monthly revenue; card plans
 * (Stripe's) and M-Pesa plans (ours to bill: their next due date and months, docs/mpesa-plans.md).
 */

import { mpesaPlanHistories, type PlanMonthHistory } from "../billing/mpesa-plan-history.ts";
import { hasEnded } from "../billing/subscription-status.ts";
import type { SubscriptionRow } from "../db/schema.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import type { AdminQuery } from "./admin-query.ts";
import type { KeysetPage } from "./keyset-page.ts";
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
  /** An M-Pesa plan's reference (SUB-…) and next due date (a Nairobi day); null for a card plan. */
  mpesa_reference: string | null;
  mpesa_next_due_on: string | null;
  /** An M-Pesa plan's months, newest first; empty for a card plan. */
  months: PlanMonthHistory[];
};

/** Monthly revenue of the active subscriptions a filter selects, per currency (all pages). */
export type MonthlyRevenue = { currency: string; monthly_cents: number; subscriptions: number };

export type SubscriptionsPage = KeysetPage<BackOfficeSubscription> & { monthlyRevenue: MonthlyRevenue[] };

/** What the Subscriptions page shows: a page of subscriptions and the filter's monthly revenue. */
export type SubscriptionsView = {
  section: "subscriptions";
  rows: BackOfficeSubscription[];
  monthlyRevenue: MonthlyRevenue[];
};

type ListedSubscription = Omit<BackOfficeSubscription, "renews_at" | "ends_at" | "months">;

function withDates(row: ListedSubscription): Omit<BackOfficeSubscription, "months"> {
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
  const plans = found.rows.filter((row) => row.mpesa_reference !== null).map((row) => row.subscription_id);
  const months = await mpesaPlanHistories(db, plans);
  return {
    ...found,
    rows: found.rows.map((row) => ({ ...withDates(row), months: months.get(row.subscription_id) ?? [] })),
    monthlyRevenue: found.revenue.map((r) => ({
      currency: r.currency,
      monthly_cents: Number(r.monthly_cents),
      subscriptions: Number(r.subscriptions),
    })),
  };
}
