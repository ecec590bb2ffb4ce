/** The back office's Orders: search, filter by status and date, one page with everything the owner reads. */
import type { AdminOrder, OrderItemRow, OrderRow } from "../orders/repository.ts";
import type { PaymentRow, SubscriptionRow } from "../orders/subscriptions.ts";
import type { AdminQuery } from "./query.ts";
import {
  anyOf,
  dateClauses,
  fetchPage,
  type Listing,
  type Page,
  phoneSearch,
  placeholders,
  textSearch,
  whereAll,
} from "./sql.ts";

/** A note the owner wrote on an order (migrations/0005_back_office.sql). */
export type OrderNoteRow = {
  id: number;
  session_id: string;
  at: string;
  actor: string;
  body: string;
};

/** An order as the back office lists it: its lines, subscription(s), payments ledger and notes (newest first). */
export type BackOfficeOrder = AdminOrder & { notes: OrderNoteRow[] };

/** Customer name, e-mail, company, phone and both references (Stripe's session id and ours). */
const SEARCHED = [
  "o.customer_name",
  "o.customer_email",
  "o.customer_company",
  "o.customer_phone",
  "o.session_id",
  "o.order_ref",
] as const;

/** The orders a query selects, newest first. Shared with the CSV export. */
export function ordersListing(query: AdminQuery<"orders">, select = "o.*"): Listing {
  return {
    select,
    from: "FROM orders o",
    where: whereAll([
      query.q ? anyOf(textSearch(query.q, SEARCHED), phoneSearch(query.q, "o.customer_phone")) : null,
      query.status ? { sql: "o.status = ?", params: [query.status] } : null,
      ...dateClauses(query, "o.created_at"),
    ]),
    orderBy: "o.created_at DESC, o.session_id DESC",
  };
}

/** One page of orders for a query, each with its lines, subscriptions, payments and notes. */
export async function searchOrders(db: D1Database, query: AdminQuery<"orders">): Promise<Page<BackOfficeOrder>> {
  const found = await fetchPage<OrderRow>(db, ordersListing(query), query.page);
  const ids = found.rows.map((o) => o.session_id);
  if (ids.length === 0) return { rows: [], total: found.total, page: found.page, pages: found.pages };

  // One batch for the page's children: four statements, each bound to the page's ids (50 at most,
  // under D1's 100 parameters a statement), never one query per order.
  const inPage = `session_id IN (${placeholders(ids.length)})`;
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
  const bySession = <T extends { session_id: string }>(rows: unknown[] | undefined): Map<string, T[]> => {
    const map = new Map<string, T[]>();
    for (const row of (rows ?? []) as T[]) {
      const list = map.get(row.session_id);
      if (list) list.push(row);
      else map.set(row.session_id, [row]);
    }
    return map;
  };
  const itemsOf = bySession<OrderItemRow>(items?.results);
  const subscriptionsOf = bySession<SubscriptionRow>(subscriptions?.results);
  const paymentsOf = bySession<PaymentRow>(payments?.results);
  const notesOf = bySession<OrderNoteRow>(notes?.results);
  return {
    rows: found.rows.map((o) => ({
      ...o,
      items: itemsOf.get(o.session_id) ?? [],
      subscriptions: subscriptionsOf.get(o.session_id) ?? [],
      payments: paymentsOf.get(o.session_id) ?? [],
      notes: notesOf.get(o.session_id) ?? [],
    })),
    total: found.total,
    page: found.page,
    pages: found.pages,
  };
}
