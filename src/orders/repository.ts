import { allowedFrom, type OrderStatus } from "./order-status.ts";

export type NewOrder = {
  sessionId: string;
  mode: "payment" | "subscription";
  customer: {
    name: string;
    email: string;
    phone: string;
    company?: string | undefined;
    address: string;
    city: string;
    state: string;
    zip: string;
    country: string;
  };
  items: {
    id: string;
    name: string;
    category: string;
    unitAmountCents: number;
    quantity: number;
    recurring: boolean;
  }[];
  totalCents: number;
};

export type OrderRow = {
  session_id: string;
  mode: string;
  status: OrderStatus;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_company: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  currency: string;
  total_cents: number;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
};

export type OrderItemRow = {
  session_id: string;
  item_id: string;
  name: string;
  category: string;
  unit_amount_cents: number;
  quantity: number;
  recurring: number;
};

/** Records an order and its lines in one transaction (D1 batches are atomic): all or nothing. */
export async function insertOrder(db: D1Database, order: NewOrder): Promise<void> {
  const c = order.customer;
  await db.batch([
    db
      .prepare(
        `INSERT INTO orders (session_id, mode, customer_name, customer_email, customer_phone, customer_company,
           address, city, state, zip, country, total_cents)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        order.sessionId,
        order.mode,
        c.name,
        c.email,
        c.phone,
        c.company || null,
        c.address,
        c.city,
        c.state,
        c.zip,
        c.country,
        order.totalCents,
      ),
    ...order.items.map((item) =>
      db
        .prepare(
          `INSERT INTO order_items (session_id, item_id, name, category, unit_amount_cents, quantity, recurring)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          order.sessionId,
          item.id,
          item.name,
          item.category,
          item.unitAmountCents,
          item.quantity,
          item.recurring ? 1 : 0,
        ),
    ),
  ]);
}

export function getOrder(db: D1Database, sessionId: string): Promise<OrderRow | null> {
  return db.prepare("SELECT * FROM orders WHERE session_id = ?").bind(sessionId).first<OrderRow>();
}

export async function getOrderItems(db: D1Database, sessionId: string): Promise<OrderItemRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM order_items WHERE session_id = ? ORDER BY rowid")
    .bind(sessionId)
    .all<OrderItemRow>();
  return results;
}

export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

export type TransitionResult =
  | { found: false }
  | { found: true; changed: boolean; status: OrderStatus; previous: OrderStatus };

/**
 * Moves an order to `to` if the state machine allows it from its current status. The guard is in
 * the UPDATE itself, so concurrent deliveries cannot race an order backwards.
 */
export async function transitionOrder(db: D1Database, sessionId: string, to: OrderStatus): Promise<TransitionResult> {
  const before = await getOrder(db, sessionId);
  if (!before) return { found: false };
  const from = allowedFrom[to];
  if (from.length === 0 || !from.includes(before.status)) {
    return { found: true, changed: false, status: before.status, previous: before.status };
  }
  const placeholders = from.map(() => "?").join(", ");
  const result = await db
    .prepare(
      `UPDATE orders
         SET status = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
             paid_at = CASE WHEN ? = 'paid' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ELSE paid_at END
       WHERE session_id = ? AND status IN (${placeholders})`,
    )
    .bind(to, to, sessionId, ...from)
    .run();
  const changed = (result.meta.changes ?? 0) > 0;
  const after = changed ? to : ((await getOrder(db, sessionId))?.status ?? before.status);
  return { found: true, changed, status: after, previous: before.status };
}

/** The owner's view: newest first, each order with its lines. */
export async function listOrders(db: D1Database, limit = 200): Promise<OrderWithItems[]> {
  const newest = "SELECT session_id FROM orders ORDER BY created_at DESC, rowid DESC LIMIT ?1";
  // Lines are joined to the same subquery rather than bound as `IN (?, ?, …)`: D1 allows at most
  // 100 bound parameters in one statement, fewer than the orders one page shows.
  const [orders, items] = await db.batch<OrderRow | OrderItemRow>([
    db.prepare("SELECT * FROM orders ORDER BY created_at DESC, rowid DESC LIMIT ?1").bind(limit),
    db
      .prepare(`SELECT i.* FROM order_items i JOIN (${newest}) o ON o.session_id = i.session_id ORDER BY i.rowid`)
      .bind(limit),
  ]);
  const lines = (items?.results ?? []) as OrderItemRow[];
  return ((orders?.results ?? []) as OrderRow[]).map((o) => ({
    ...o,
    items: lines.filter((i) => i.session_id === o.session_id),
  }));
}
