/**
 * Orders as every way of paying records them, and the state machine's guard on every change of
 * status (order-status.ts). Other features reach orders through here.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { database, runBatch, type Statement } from "../db/client.ts";
import { NOW } from "../db/column-values.ts";
import { type OrderItemRow, type OrderRow, orderItems, orders, subscriptions } from "../db/schema.ts";
import { allowedFrom, type OrderStatus } from "./order-status.ts";

export type { OrderItemRow, OrderRow } from "../db/schema.ts";

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
    /** The buyer's KRA PIN for their tax invoice, when they gave one. */
    kraPin?: string | undefined;
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
  provider?: OrderRow["provider"];
  /** An M-Pesa order's whole shillings and the rate (KES per USD, hundredths) they came from. */
  kes?: { amount: number; rateX100: number };
  quoteNumber?: string;
  /** A card order's Checkout Session. */
  stripeSessionId?: string;
};

export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

/** The statements that record an order and its lines, for a batch that may do more in the same transaction. */
export function orderStatements(db: D1Database, order: NewOrder): Statement[] {
  const c = order.customer;
  const dz = database(db);
  const row = dz.insert(orders).values({
    order_id: order.orderId,
    order_ref: order.orderRef,
    mode: order.mode,
    customer_name: c.name,
    customer_email: c.email,
    customer_phone: c.phone,
    customer_company: c.company || null,
    // The schemas upper-case it already; a caller that skipped them must not store a second spelling.
    customer_kra_pin: c.kraPin?.toUpperCase() || null,
    address: c.address,
    city: c.city,
    state: c.state,
    zip: c.zip,
    country: c.country,
    total_cents: order.totalCents,
    provider: order.provider ?? "stripe",
    kes_amount: order.kes?.amount ?? null,
    kes_rate_x100: order.kes?.rateX100 ?? null,
    kes_priced_at: order.kes ? new Date().toISOString() : null,
    quote_number: order.quoteNumber ?? null,
    stripe_session_id: order.stripeSessionId ?? null,
  });
  const lines = order.items.map((item) =>
    dz.insert(orderItems).values({
      order_id: order.orderId,
      item_id: item.id,
      name: item.name,
      category: item.category,
      unit_amount_cents: item.unitAmountCents,
      quantity: item.quantity,
      recurring: item.recurring ? 1 : 0,
    }),
  );
  return [row, ...lines];
}

/** Records an order and its lines in one transaction (D1 batches are atomic): all or nothing. */
export async function insertOrder(db: D1Database, order: NewOrder): Promise<void> {
  await runBatch(db, orderStatements(db, order));
}

// Plan at 100k: SEARCH orders USING INDEX sqlite_autoindex_orders_1 (order_id=?)
export async function getOrder(db: D1Database, orderId: string): Promise<OrderRow | null> {
  return (await database(db).select().from(orders).where(eq(orders.order_id, orderId)).get()) ?? null;
}

// Plan at 100k: SEARCH orders USING INDEX sqlite_autoindex_orders_2 (order_ref=?)
export async function getOrderByRef(db: D1Database, orderRef: string): Promise<OrderRow | null> {
  return (await database(db).select().from(orders).where(eq(orders.order_ref, orderRef)).get()) ?? null;
}

/**
 * The card order a Stripe Checkout Session paid (or is paying).
 * Plan at 100k: SEARCH orders USING INDEX orders_by_stripe_session (stripe_session_id=?)
 */
export async function getOrderByStripeSession(db: D1Database, stripeSessionId: string): Promise<OrderRow | null> {
  const found = await database(db).select().from(orders).where(eq(orders.stripe_session_id, stripeSessionId)).get();
  return found ?? null;
}

/**
 * The order's lines, in the order the buyer added them.
 * Plan at 100k: SEARCH order_items USING INDEX sqlite_autoindex_order_items_1 (order_id=?), its few lines sorted.
 */
export function getOrderItems(db: D1Database, orderId: string): Promise<OrderItemRow[]> {
  return database(db).select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(asc(sql`rowid`)).all();
}

/**
 * The order a subscription belongs to: known from its checkout, or from our reference Stripe carries.
 * Plan at 100k: SEARCH subscriptions USING INDEX sqlite_autoindex_subscriptions_1 (subscription_id=?),
 *   SEARCH orders USING INDEX sqlite_autoindex_orders_1 (order_id=?); else getOrderByRef's
 */
export async function orderForSubscription(
  db: D1Database,
  subscriptionId: string,
  orderRef: string | null | undefined,
): Promise<OrderRow | null> {
  const linked = await database(db)
    .select({ order: orders })
    .from(orders)
    .innerJoin(subscriptions, eq(subscriptions.order_id, orders.order_id))
    .where(eq(subscriptions.subscription_id, subscriptionId))
    .get();
  if (linked || !orderRef) return linked?.order ?? null;
  return getOrderByRef(db, orderRef);
}

/** Remembers the Stripe customer who paid the order, the first time one is named. */
export async function setStripeCustomer(db: D1Database, orderId: string, customerId: string): Promise<void> {
  await database(db)
    .update(orders)
    .set({ stripe_customer_id: customerId })
    .where(and(eq(orders.order_id, orderId), isNull(orders.stripe_customer_id)));
}

/**
 * Claims the right to ask Stripe about a session now: true at most once per `seconds` per order,
 * however many requests arrive together (the UPDATE is the lock).
 */
export async function claimStripeCheck(db: D1Database, orderId: string, seconds: number): Promise<boolean> {
  const claimed = await database(db)
    .update(orders)
    .set({ stripe_checked_at: NOW })
    .where(
      and(
        eq(orders.order_id, orderId),
        or(
          isNull(orders.stripe_checked_at),
          lte(orders.stripe_checked_at, sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${seconds} seconds`})`),
        ),
      ),
    )
    .returning({ order_id: orders.order_id });
  return claimed.length > 0;
}

/**
 * What the order's status becomes, and only from the statuses the state machine allows it from.
 * Plan at 100k: SEARCH orders USING INDEX sqlite_autoindex_orders_1 (order_id=?)
 */
export function statusStatement(
  db: D1Database,
  orderId: string,
  to: OrderStatus,
  reason: string | null = null,
  /** When it happened (ISO 8601); the database's now unless the caller's batch has its own time. */
  at?: string,
) {
  const when = at ?? NOW;
  return database(db)
    .update(orders)
    .set({
      status: to,
      updated_at: when,
      paid_at: to === "paid" ? when : sql`${orders.paid_at}`,
      review_reason: sql`COALESCE(${reason}, ${orders.review_reason})`,
    })
    .where(and(eq(orders.order_id, orderId), inArray(orders.status, [...allowedFrom[to]])))
    .returning({ order_id: orders.order_id });
}

export type TransitionResult =
  | { found: false }
  | { found: true; changed: boolean; status: OrderStatus; previous: OrderStatus };

/**
 * Moves an order to `to` if the state machine allows it from its current status. The guard is in
 * the UPDATE itself, so concurrent deliveries cannot race an order backwards.
 */
export async function transitionOrder(
  db: D1Database,
  orderId: string,
  to: OrderStatus,
  /** Why, for needs_review and no_payment_required: shown to the owner. */
  reason: string | null = null,
): Promise<TransitionResult> {
  const before = await getOrder(db, orderId);
  if (!before) return { found: false };
  if (!allowedFrom[to].includes(before.status)) {
    return { found: true, changed: false, status: before.status, previous: before.status };
  }
  const changed = (await statusStatement(db, orderId, to, reason)).length > 0;
  const after = changed ? to : ((await getOrder(db, orderId))?.status ?? before.status);
  return { found: true, changed, status: after, previous: before.status };
}
