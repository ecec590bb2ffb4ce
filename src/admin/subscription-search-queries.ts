/** The back office's Subscriptions section as a drizzle query: its search, filters and monthly revenue. */

import { and, count, eq, getTableColumns, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { SelectedFields, SQLiteColumn } from "drizzle-orm/sqlite-core";
import { database } from "../db/client.ts";
import { keysetListing } from "../db/keyset-listing.ts";
import { mpesaPlans } from "../db/mpesa-plan-tables.ts";
import { orderItems, orders, subscriptions } from "../db/schema.ts";
import { dateClauses, phoneSearch, textSearch } from "./admin-listing-queries.ts";
import type { AdminQuery } from "./admin-query.ts";
import { fetchKeysetPage, type KeysetPage } from "./keyset-page.ts";

/**
 * What a subscription bills a month: the plan a subscription event last named (a plan changed in
 * the portal included), a yearly plan counting as a twelfth of its price, rounded to the nearest
 * cent, half up, per subscription, before any sum (integer division of amount + 6 by 12); until an
 * event names one of our prices, its order's recurring lines.
 */
function monthlyCents(db: D1Database): SQL<number> {
  const recurringLines = database(db)
    .select({ cents: sql<number>`COALESCE(SUM(${orderItems.unit_amount_cents} * ${orderItems.quantity}), 0)` })
    .from(orderItems)
    .where(and(eq(orderItems.order_id, subscriptions.order_id), eq(orderItems.recurring, 1)));
  const plan = subscriptions.plan_amount_cents;
  return sql<number>`(CASE
    WHEN ${plan} IS NULL THEN ${recurringLines}
    WHEN ${subscriptions.plan_interval} = 'year' THEN (${plan} + 6) / 12
    ELSE ${plan}
  END)`;
}

const SUBSCRIPTION_SEARCHED = [
  orders.customer_name,
  orders.customer_email,
  orders.customer_company,
  orders.customer_phone,
  subscriptions.subscription_id,
  orders.order_ref,
];

/**
 * An M-Pesa plan's column (migrations/0019: its reference, its next due date), NULL for a card plan:
 * a subquery, as the listing's joins are typed for one.
 */
const planColumn = (column: SQLiteColumn): SQL<string | null> =>
  sql<
    string | null
  >`(SELECT ${column} FROM ${mpesaPlans} WHERE ${mpesaPlans.subscription_id} = ${subscriptions.subscription_id})`;

/** A search also finds an M-Pesa plan by its reference (SUB-…). */
const planReferenceSearch = (q: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${mpesaPlans} WHERE ${mpesaPlans.subscription_id} = ${subscriptions.subscription_id}
    AND instr(lower(${mpesaPlans.reference}), lower(${q})) > 0)`;

/** Stripe's status, or ours: "needs_review" is any subscription the webhook flagged for the owner. */
function subscriptionStatusClause(status: AdminQuery<"subscriptions">["status"]): SQL | undefined {
  if (!status) return undefined;
  if (status === "needs_review") return isNotNull(subscriptions.review_reason);
  return eq(subscriptions.status, status);
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
): Promise<KeysetPage<Row> & { revenue: RevenueSum[] }> {
  const dz = database(db);
  const monthly = monthlyCents(db);
  const filter = and(subscriptionStatusClause(query.status), ...dateClauses(query, subscriptions.created_at));
  const search = query.q
    ? or(
        textSearch(query.q, SUBSCRIPTION_SEARCHED),
        phoneSearch(query.q, orders.customer_phone),
        planReferenceSearch(query.q),
      )
    : undefined;
  const withOrder = (fields: SelectedFields) =>
    dz.select(fields).from(subscriptions).innerJoin(orders, eq(orders.order_id, subscriptions.order_id)).$dynamic();
  const sort = [subscriptions.created_at, subscriptions.subscription_id] as const;
  const listing = keysetListing({
    from: withOrder,
    fields: {
      ...getTableColumns(subscriptions),
      order_ref: orders.order_ref,
      order_status: sql<string>`${orders.status}`.as("order_status"),
      customer_name: orders.customer_name,
      customer_email: orders.customer_email,
      customer_phone: orders.customer_phone,
      customer_company: orders.customer_company,
      currency: orders.currency,
      monthly_cents: monthly.as("monthly_cents"),
      mpesa_reference: planColumn(mpesaPlans.reference).as("mpesa_reference"),
      mpesa_next_due_on: planColumn(mpesaPlans.next_due_on).as("mpesa_next_due_on"),
    },
    filter,
    search,
    searchIndex: undefined,
    sort,
    names: ["created_at", "subscription_id"],
    kinds: ["text", "text"],
  });
  // Every active subscription the filter selects, not only this page's: a few per buyer, so this
  // reads the subscriptions table (thousands at 100,000 orders), never the orders one.
  const revenue = withOrder({
    currency: orders.currency,
    monthly_cents: sql`SUM(${monthly})`.as("monthly_cents"),
    subscriptions: count().as("subscriptions"),
  })
    .where(and(filter, search, eq(subscriptions.status, "active")))
    .groupBy(orders.currency)
    .orderBy(orders.currency);
  const { extra, ...found } = await fetchKeysetPage<Row>(db, listing, query.cursor, [revenue]);
  return { ...found, extra: [], revenue: (extra[0] ?? []) as RevenueSum[] };
}
