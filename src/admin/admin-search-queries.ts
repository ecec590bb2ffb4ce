/**
 * The back office's sections as drizzle queries: what each searches, filters and sorts by (src/admin/
 * turns the rows into what the owner reads). Built from admin-listing-queries.ts's pieces, so
 * whatever the owner typed is always a bound parameter.
 */

import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { database, runBatch } from "../db/client.ts";
import { NOW } from "../db/column-values.ts";
import { quoteLines, quotes } from "../db/document-tables.ts";
import { keysetListing, type Listing } from "../db/keyset-listing.ts";
import {
  contactMessages,
  type OrderItemRow,
  type OrderNoteRow,
  orderItems,
  orderNotes,
  orders,
  outbox,
  type PaymentRow,
  payments,
  type SubscriptionRow,
  subscriptions,
} from "../db/schema.ts";
import { countedRows, dateClauses } from "./admin-listing-queries.ts";
import type { AdminQuery } from "./admin-query.ts";
import {
  messageSearch,
  orderSearch,
  outboxSearch,
  quoteSearch,
  type SearchCondition,
} from "./admin-search-index-queries.ts";

/** A section's search as the listing takes it: row by row, and through its index where one answers. */
const searchForms = (condition: SearchCondition) => ({ search: condition.scan, searchIndex: condition.index });

/** The orders a query selects, newest first: every column of each, or `fields`. */
export function ordersListing(
  db: D1Database,
  query: AdminQuery<"orders">,
  fields: SelectedFields = getTableColumns(orders),
): Listing {
  const dz = database(db);
  const sort = [orders.created_at, orders.order_id] as const;
  return keysetListing({
    from: (selected) => dz.select(selected).from(orders).$dynamic(),
    fields,
    filter: and(query.status ? eq(orders.status, query.status) : undefined, ...dateClauses(query, orders.created_at)),
    ...searchForms(orderSearch(query.q)),
    sort,
    names: ["created_at", "order_id"],
    kinds: ["text", "text"],
  });
}

/**
 * The orders a query selects as the CSV export lists them: each with its lines in one text
 * ("Network Assessment × 1; …", `items`) and its subscriptions' statuses (`subscription_status`).
 * The subqueries name the order's row by its table (`"orders"."order_id"`), nested where drizzle
 * leaves it qualified.
 */
export function orderExportListing(db: D1Database, query: AdminQuery<"orders">): Listing {
  const dz = database(db);
  const lines = dz
    .select({ line: sql<string>`${orderItems.name} || ' × ' || ${orderItems.quantity}`.as("line") })
    .from(orderItems)
    .where(eq(orderItems.order_id, orders.order_id))
    .orderBy(asc(sql`rowid`));
  const statuses = dz
    .select({ statuses: sql<string>`group_concat(${subscriptions.status}, '; ')` })
    .from(subscriptions)
    .where(eq(subscriptions.order_id, orders.order_id));
  return ordersListing(db, query, {
    ...getTableColumns(orders),
    items: sql<string | null>`(SELECT group_concat(line, '; ') FROM ${lines})`.as("items"),
    subscription_status: sql<string | null>`${statuses}`.as("subscription_status"),
  });
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
  const dz = database(db);
  const inPage = [...ids];
  const [items, subscriptionRows, paymentRows, notes] = await runBatch(db, [
    dz.select().from(orderItems).where(inArray(orderItems.order_id, inPage)).orderBy(asc(sql`rowid`)),
    dz
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.order_id, inPage))
      .orderBy(subscriptions.created_at, subscriptions.subscription_id),
    dz
      .select()
      .from(payments)
      .where(inArray(payments.order_id, inPage))
      .orderBy(
        sql`COALESCE(${payments.period_start}, ${payments.created_at})`,
        payments.created_at,
        payments.payment_id,
      ),
    dz
      .select()
      .from(orderNotes)
      .where(inArray(orderNotes.order_id, inPage))
      .orderBy(desc(orderNotes.at), desc(orderNotes.id)),
  ]);
  return {
    items: (items ?? []) as OrderItemRow[],
    subscriptions: (subscriptionRows ?? []) as SubscriptionRow[],
    payments: (paymentRows ?? []) as PaymentRow[],
    notes: (notes ?? []) as OrderNoteRow[],
  };
}

/** The quotes a query selects, newest first (numbers break ties), each with its line count. */
export function quotesListing(db: D1Database, query: AdminQuery<"quotes">): Listing {
  const dz = database(db);
  const status =
    query.status === "valid"
      ? gte(quotes.valid_until, NOW)
      : query.status === "expired"
        ? lt(quotes.valid_until, NOW)
        : undefined;
  const lineCount = dz.select(countedRows()).from(quoteLines).where(eq(quoteLines.number, quotes.number));
  const sort = [quotes.created_at, quotes.number] as const;
  return keysetListing({
    from: (selected) => dz.select(selected).from(quotes).$dynamic(),
    fields: { ...getTableColumns(quotes), line_count: sql<number>`${lineCount}`.as("line_count") },
    filter: and(status, ...dateClauses(query, quotes.created_at)),
    ...searchForms(quoteSearch(query.q)),
    sort,
    names: ["created_at", "number"],
    kinds: ["text", "text"],
  });
}

/** The contact messages a query selects, newest first ("#12" also finds message 12). Shared with the CSV export. */
export function messagesListing(db: D1Database, query: AdminQuery<"messages">): Listing {
  const dz = database(db);
  const sort = [contactMessages.created_at, contactMessages.id] as const;
  return keysetListing({
    from: (selected) => dz.select(selected).from(contactMessages).$dynamic(),
    fields: getTableColumns(contactMessages),
    filter: and(
      query.status === "answered"
        ? isNotNull(contactMessages.answered_at)
        : query.status === "unanswered"
          ? isNull(contactMessages.answered_at)
          : undefined,
      ...dateClauses(query, contactMessages.created_at),
    ),
    ...searchForms(messageSearch(query.q)),
    sort,
    names: ["created_at", "id"],
    kinds: ["text", "integer"],
  });
}

/** The e-mails a query selects, newest first ("#12" also finds e-mail 12). */
export function outboxListing(db: D1Database, query: AdminQuery<"outbox">): Listing {
  const dz = database(db);
  const sort = [outbox.created_at, outbox.id] as const;
  return keysetListing({
    from: (selected) => dz.select(selected).from(outbox).$dynamic(),
    fields: getTableColumns(outbox),
    filter: and(query.status ? eq(outbox.status, query.status) : undefined, ...dateClauses(query, outbox.created_at)),
    ...searchForms(outboxSearch(query.q)),
    sort,
    names: ["created_at", "id"],
    kinds: ["text", "integer"],
  });
}
