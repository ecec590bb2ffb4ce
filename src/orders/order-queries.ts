/** The orders' SQL: orders and their lines (migrations/0001, 0003). */

import type { OrderItemRow, OrderRow, PaymentRow, SubscriptionRow } from "../db/schema.ts";
import type { OrderStatus } from "./order-status.ts";

export type NewOrder = {
  orderId: string;
  /** Ours, made before the Checkout Session (see checkout-session.ts): it ties renewals to the order. */
  orderRef: string;
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
  /** Who takes the money; a Checkout Session ('stripe') unless said otherwise. */
  provider?: "stripe" | "mpesa" | "manual";
  /** An M-Pesa order's whole shillings and the rate (KES per USD, hundredths) they came from. */
  kes?: { amount: number; rateX100: number };
  quoteNumber?: string;
  /** A card order's Checkout Session. */
  stripeSessionId?: string;
};

export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

/** An order as the owner sees it: its lines, its subscription(s) and its payments ledger. */
export type AdminOrder = OrderWithItems & { subscriptions: SubscriptionRow[]; payments: PaymentRow[] };

/** Records an order and its lines in one transaction (D1 batches are atomic): all or nothing. */
export async function insertOrder(db: D1Database, order: NewOrder): Promise<void> {
  await db.batch(orderStatements(db, order));
}

/** The statements that record an order and its lines, for a batch that does more in the same transaction. */
export function orderStatements(db: D1Database, order: NewOrder): D1PreparedStatement[] {
  const c = order.customer;
  return [
    db
      .prepare(
        `INSERT INTO orders (order_id, order_ref, mode, customer_name, customer_email, customer_phone,
           customer_company, address, city, state, zip, country, total_cents, provider, kes_amount, kes_rate_x100,
           quote_number, kes_priced_at, stripe_session_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        order.orderId,
        order.orderRef,
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
        order.provider ?? "stripe",
        order.kes?.amount ?? null,
        order.kes?.rateX100 ?? null,
        order.quoteNumber ?? null,
        order.kes ? new Date().toISOString() : null,
        order.stripeSessionId ?? null,
      ),
    ...order.items.map((item) =>
      db
        .prepare(
          `INSERT INTO order_items (order_id, item_id, name, category, unit_amount_cents, quantity, recurring)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          order.orderId,
          item.id,
          item.name,
          item.category,
          item.unitAmountCents,
          item.quantity,
          item.recurring ? 1 : 0,
        ),
    ),
  ];
}

export function getOrderByRef(db: D1Database, orderRef: string): Promise<OrderRow | null> {
  return db.prepare("SELECT * FROM orders WHERE order_ref = ?").bind(orderRef).first<OrderRow>();
}

/** The card order a Stripe Checkout Session paid (or is paying). */
export function getOrderByStripeSession(db: D1Database, stripeSessionId: string): Promise<OrderRow | null> {
  return db.prepare("SELECT * FROM orders WHERE stripe_session_id = ?").bind(stripeSessionId).first<OrderRow>();
}

export function getOrder(db: D1Database, orderId: string): Promise<OrderRow | null> {
  return db.prepare("SELECT * FROM orders WHERE order_id = ?").bind(orderId).first<OrderRow>();
}

export async function getOrderItems(db: D1Database, orderId: string): Promise<OrderItemRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM order_items WHERE order_id = ? ORDER BY rowid")
    .bind(orderId)
    .all<OrderItemRow>();
  return results;
}

/**
 * Sets an order's status only while it is one of `from`: the guard is in the UPDATE itself, so
 * concurrent deliveries cannot race an order backwards. True when the row changed.
 */
export async function updateOrderStatus(
  db: D1Database,
  orderId: string,
  to: OrderStatus,
  from: readonly OrderStatus[],
  reason: string | null,
): Promise<boolean> {
  const placeholders = from.map(() => "?").join(", ");
  const result = await db
    .prepare(
      `UPDATE orders
         SET status = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
             paid_at = CASE WHEN ? = 'paid' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ELSE paid_at END,
             review_reason = COALESCE(?, review_reason)
       WHERE order_id = ? AND status IN (${placeholders})`,
    )
    .bind(to, to, reason, orderId, ...from)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** The owner's view: newest first, each order with its lines, subscriptions and payments. */
export async function listOrders(db: D1Database, limit = 200): Promise<AdminOrder[]> {
  const newest = "SELECT order_id FROM orders ORDER BY created_at DESC, rowid DESC LIMIT ?1";
  // Lines are joined to the same subquery rather than bound as `IN (?, ?, …)`: D1 allows at most
  // 100 bound parameters in one statement, fewer than the orders one page shows.
  const joined = (table: string, order: string) =>
    db
      .prepare(`SELECT t.* FROM ${table} t JOIN (${newest}) o ON o.order_id = t.order_id ORDER BY ${order}`)
      .bind(limit);
  const [orders, items, subscriptions, payments] = await db.batch<
    OrderRow | OrderItemRow | SubscriptionRow | PaymentRow
  >([
    db.prepare("SELECT * FROM orders ORDER BY created_at DESC, rowid DESC LIMIT ?1").bind(limit),
    joined("order_items", "t.rowid"),
    joined("subscriptions", "t.created_at"),
    joined("payments", "COALESCE(t.period_start, t.created_at), t.created_at"),
  ]);
  const of = <T extends { order_id: string }>(rows: unknown[] | undefined, orderId: string): T[] =>
    ((rows ?? []) as T[]).filter((row) => row.order_id === orderId);
  return ((orders?.results ?? []) as OrderRow[]).map((o) => ({
    ...o,
    items: of<OrderItemRow>(items?.results, o.order_id),
    subscriptions: of<SubscriptionRow>(subscriptions?.results, o.order_id),
    payments: of<PaymentRow>(payments?.results, o.order_id),
  }));
}

/** The order a subscription belongs to: known from its checkout, or from our reference Stripe carries. */
export async function orderForSubscription(
  db: D1Database,
  subscriptionId: string,
  orderRef: string | null | undefined,
): Promise<OrderRow | null> {
  const linked = await db
    .prepare("SELECT o.* FROM orders o JOIN subscriptions s ON s.order_id = o.order_id WHERE s.subscription_id = ?")
    .bind(subscriptionId)
    .first<OrderRow>();
  if (linked || !orderRef) return linked;
  return db.prepare("SELECT * FROM orders WHERE order_ref = ?").bind(orderRef).first<OrderRow>();
}

export async function setStripeCustomer(db: D1Database, orderId: string, customerId: string): Promise<void> {
  await db
    .prepare("UPDATE orders SET stripe_customer_id = ? WHERE order_id = ? AND stripe_customer_id IS NULL")
    .bind(customerId, orderId)
    .run();
}

/**
 * Claims the right to ask Stripe about a session now: true at most once per `seconds` per order,
 * however many requests arrive together (the UPDATE is the lock).
 */
export async function claimStripeCheck(db: D1Database, orderId: string, seconds: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE orders SET stripe_checked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE order_id = ?1
         AND (stripe_checked_at IS NULL OR stripe_checked_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2))`,
    )
    .bind(orderId, `-${seconds} seconds`)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/**
 * The Stripe customer behind the newest subscription order of an address, if any, with the address
 * as the order holds it.
 */
export function subscriptionCustomerForEmail(
  db: D1Database,
  email: string,
): Promise<{ customer_id: string; email: string } | null> {
  return db
    .prepare(
      `SELECT o.stripe_customer_id AS customer_id, o.customer_email AS email FROM orders o
       JOIN subscriptions s ON s.order_id = o.order_id
       WHERE o.customer_email = ? COLLATE NOCASE AND o.stripe_customer_id IS NOT NULL
       ORDER BY o.created_at DESC LIMIT 1`,
    )
    .bind(email)
    .first<{ customer_id: string; email: string }>();
}
