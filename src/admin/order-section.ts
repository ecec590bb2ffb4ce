/** The back office's Orders: search, filter by status and date, one page with everything the owner reads. */

import type { AuditRow, OrderNoteRow, OrderRow, PaymentRow, SubscriptionRow } from "../db/schema.ts";
import type { OrderWithItems } from "../orders/orders.ts";
import type { OrderBalance } from "../payments/order-balance-queries.ts";
import type { RefundView } from "../refunds/refund-views.ts";
import type { AdminQuery } from "./admin-query.ts";
import { orderChildren, ordersListing } from "./admin-search-queries.ts";
import { fetchKeysetPage, type KeysetPage } from "./keyset-page.ts";

/** An order as the back office lists it: its lines, subscription(s), payments ledger and notes (newest first). */
export type BackOfficeOrder = OrderWithItems & {
  subscriptions: SubscriptionRow[];
  payments: PaymentRow[];
  notes: OrderNoteRow[];
};

/** What the Orders page shows: a page of orders and what each one's row needs beside it. */
export type OrdersView = {
  section: "orders";
  rows: BackOfficeOrder[];
  audit: ReadonlyMap<string, AuditRow[]>;
  /** The longest note the owner may write. */
  noteMax: number;
  /** Receipt numbers of the page's payments, by payment id. */
  receipts: ReadonlyMap<string, string>;
  /** The refunds of the page's payments, by payment id (refunds/refund-views.ts). */
  refunds: ReadonlyMap<string, readonly RefundView[]>;
  /** What each order of the page is due and has been paid, by session id (payments/order-balance-queries.ts). */
  balances: ReadonlyMap<string, OrderBalance>;
  /** The owner's day (YYYY-MM-DD, Nairobi): the latest a recorded payment may be dated. */
  today: string;
  /** The owner just recorded a payment (the redirect after the form says so). */
  recorded: boolean;
  /** The page's orders whose tax invoice KRA accepted: their buyer's KRA PIN can no longer change. */
  kraPinReported: ReadonlySet<string>;
  /** The owner just saved a buyer's KRA PIN. */
  kraPinSaved: boolean;
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
export async function searchOrders(db: D1Database, query: AdminQuery<"orders">): Promise<KeysetPage<BackOfficeOrder>> {
  const found = await fetchKeysetPage<OrderRow>(db, ordersListing(db, query), query.cursor);
  const ids = found.rows.map((o) => o.order_id);
  if (ids.length === 0) return { ...found, rows: [] };

  const children = await orderChildren(db, ids);
  const itemsOf = bySession(children.items);
  const subscriptionsOf = bySession(children.subscriptions);
  const paymentsOf = bySession(children.payments);
  const notesOf = bySession(children.notes);
  return {
    ...found,
    rows: found.rows.map((o) => ({
      ...o,
      items: itemsOf.get(o.order_id) ?? [],
      subscriptions: subscriptionsOf.get(o.order_id) ?? [],
      payments: paymentsOf.get(o.order_id) ?? [],
      notes: notesOf.get(o.order_id) ?? [],
    })),
  };
}
