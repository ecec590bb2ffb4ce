/** The back office's Orders: search, filter by status and date, one page with everything the owner reads. */

import type { OrderNoteRow, OrderRow, PaymentRow, SubscriptionRow } from "../db/schema.ts";
import type { OrderWithItems } from "../orders/orders.ts";
import { fetchPage, type Page } from "./admin-listing-queries.ts";
import type { AdminQuery } from "./admin-query.ts";
import { orderChildren, ordersListing } from "./admin-search-queries.ts";

/** An order as the back office lists it: its lines, subscription(s), payments ledger and notes (newest first). */
export type BackOfficeOrder = OrderWithItems & {
  subscriptions: SubscriptionRow[];
  payments: PaymentRow[];
  notes: OrderNoteRow[];
};

/** Rows grouped by their order's session id, each group in the order the rows came. */
function bySession<T extends { order_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.order_id);
    if (list) list.push(row);
    else map.set(row.order_id, [row]);
  }
  return map;
}

/** One page of orders for a query, each with its lines, subscriptions, payments and notes. */
export async function searchOrders(db: D1Database, query: AdminQuery<"orders">): Promise<Page<BackOfficeOrder>> {
  const found = await fetchPage<OrderRow>(db, ordersListing(query), query.page);
  const ids = found.rows.map((o) => o.order_id);
  if (ids.length === 0) return { rows: [], total: found.total, page: found.page, pages: found.pages };

  const children = await orderChildren(db, ids);
  const itemsOf = bySession(children.items);
  const subscriptionsOf = bySession(children.subscriptions);
  const paymentsOf = bySession(children.payments);
  const notesOf = bySession(children.notes);
  return {
    rows: found.rows.map((o) => ({
      ...o,
      items: itemsOf.get(o.order_id) ?? [],
      subscriptions: subscriptionsOf.get(o.order_id) ?? [],
      payments: paymentsOf.get(o.order_id) ?? [],
      notes: notesOf.get(o.order_id) ?? [],
    })),
    total: found.total,
    page: found.page,
    pages: found.pages,
  };
}
