/** The SQL of subscriptions (and their plan changes), the payments ledger and invoices held for a link (migrations/0003, 0008, 0010). */
import type { PaymentRow, PendingInvoiceRow, SubscriptionRow } from "../db/schema.ts";
import { ENDED_SUBSCRIPTION_STATUSES } from "./subscription-status.ts";

/** A subscription as one Stripe event describes it. */
export type SubscriptionState = {
  subscriptionId: string;
  orderId: string;
  customerId: string | null;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: string | null;
  canceledAt: string | null;
  /** The event's `created` (unix seconds); 0 for what the checkout alone implies. */
  stateAt: number;
  /** The plan the event bills, checked against our catalogue (billing/plan-check.ts); null keeps what is stored. */
  plan?: PlanState | null;
};

/** A plan of our catalogue as a Stripe price bills it. */
export type PlanState = {
  planId: string;
  interval: "month" | "year";
  /** What one interval bills (unit amount × quantity), in cents. */
  amountCents: number;
  priceId: string;
};

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function getSubscription(db: D1Database, id: string): Promise<SubscriptionRow | null> {
  return db.prepare("SELECT * FROM subscriptions WHERE subscription_id = ?").bind(id).first<SubscriptionRow>();
}

/**
 * Statuses Stripe never leaves: a subscription that ended stays ended, and a new one comes with a
 * new id. They are bound into the SQL below, so this list and the query cannot disagree.
 */
const FINAL_STATUSES = ENDED_SUBSCRIPTION_STATUSES;

/**
 * The plan columns of applySubscriptionState's update (?12 to ?15: the event's plan, or NULL to keep
 * the stored one). Only a plan of our catalogue ever reaches them (billing/plan-check.ts): an event
 * billing anything else keeps the last plan of ours, and its review reason says what it bills.
 * Reaching the change a schedule promised clears it, and stamps the pending change with this
 * event's time so the schedule's older events cannot bring it back. SQLite reads every right-hand
 * column as it was before the update, so the conditions all see the old row.
 */
const REACHES_PENDING = `(pending_plan_id = ?12 AND pending_interval = ?13 AND ?9 >= pending_state_at)`;
const PLAN_UPDATE = `
  plan_id = COALESCE(?12, plan_id),
  plan_interval = COALESCE(?13, plan_interval),
  plan_amount_cents = COALESCE(?14, plan_amount_cents),
  plan_price_id = COALESCE(?15, plan_price_id),
  pending_plan_id = CASE WHEN ${REACHES_PENDING} THEN NULL ELSE pending_plan_id END,
  pending_interval = CASE WHEN ${REACHES_PENDING} THEN NULL ELSE pending_interval END,
  pending_at = CASE WHEN ${REACHES_PENDING} THEN NULL ELSE pending_at END,
  pending_amount_cents = CASE WHEN ${REACHES_PENDING} THEN NULL ELSE pending_amount_cents END,
  pending_state_at = CASE WHEN ${REACHES_PENDING} THEN MAX(?9, pending_state_at) ELSE pending_state_at END,`;

/**
 * Records a subscription's state unless a newer one is stored. An equal timestamp applies (two
 * events in one second: the later delivery wins). A final status (canceled) wins whatever the
 * times say, since Stripe never undoes it, and once stored only another, newer final state replaces
 * it. Returns the row before and after, or null when the stored state was kept.
 */
export async function applySubscriptionState(
  db: D1Database,
  state: SubscriptionState,
): Promise<{ before: SubscriptionRow | null; after: SubscriptionRow } | null> {
  const before = await getSubscription(db, state.subscriptionId);
  const after = await db
    .prepare(
      `INSERT INTO subscriptions (subscription_id, order_id, customer_id, status, current_period_end,
         cancel_at_period_end, cancel_at, canceled_at, state_at,
         plan_id, plan_interval, plan_amount_cents, plan_price_id)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?12, ?13, ?14, ?15)
       ON CONFLICT (subscription_id) DO UPDATE SET
         ${PLAN_UPDATE}
         customer_id = COALESCE(excluded.customer_id, customer_id),
         status = excluded.status,
         current_period_end = COALESCE(excluded.current_period_end, current_period_end),
         cancel_at_period_end = excluded.cancel_at_period_end,
         cancel_at = excluded.cancel_at,
         canceled_at = COALESCE(excluded.canceled_at, canceled_at),
         state_at = MAX(excluded.state_at, subscriptions.state_at),
         updated_at = ${NOW}
       WHERE CASE
         WHEN subscriptions.status IN (?10, ?11)
           THEN excluded.status IN (?10, ?11) AND excluded.state_at > subscriptions.state_at
         WHEN excluded.status IN (?10, ?11) THEN 1
         ELSE excluded.state_at >= subscriptions.state_at
       END
       RETURNING *`,
    )
    .bind(
      state.subscriptionId,
      state.orderId,
      state.customerId,
      state.status,
      state.currentPeriodEnd,
      state.cancelAtPeriodEnd ? 1 : 0,
      state.cancelAt,
      state.canceledAt,
      state.stateAt,
      ...FINAL_STATUSES,
      state.plan?.planId ?? null,
      state.plan?.interval ?? null,
      state.plan?.amountCents ?? null,
      state.plan?.priceId ?? null,
    )
    .first<SubscriptionRow>();
  return after ? { before, after } : null;
}

/** A change a schedule promises, or null: nothing scheduled (released, canceled, completed). */
export type PendingChange = {
  planId: string | null;
  interval: "month" | "year" | null;
  amountCents: number | null;
  at: string;
} | null;

/**
 * Records (or clears) a subscription's scheduled change, unless a newer schedule event is stored.
 * On a tie a clearing wins, so a schedule created and released in one second ends cleared whatever
 * the order of delivery. A change the subscription has already reached, by an event not older than
 * this one, is not recorded. Returns the row before and after, or null when nothing was written.
 */
export async function applyPendingChange(
  db: D1Database,
  subscriptionId: string,
  pending: PendingChange,
  stateAt: number,
): Promise<{ before: SubscriptionRow; after: SubscriptionRow } | null> {
  const before = await getSubscription(db, subscriptionId);
  if (!before) return null;
  const after = await db
    .prepare(
      `UPDATE subscriptions SET pending_plan_id = ?2, pending_interval = ?3, pending_at = ?4, pending_state_at = ?5,
         pending_amount_cents = ?6
       WHERE subscription_id = ?1
         AND (?5 > pending_state_at OR (?5 = pending_state_at AND (?4 IS NULL OR pending_at IS NOT NULL)))
         AND NOT (?2 IS NOT NULL AND plan_id IS ?2 AND plan_interval IS ?3 AND state_at >= ?5)
       RETURNING *`,
    )
    .bind(
      subscriptionId,
      pending?.planId ?? null,
      pending?.interval ?? null,
      pending?.at ?? null,
      stateAt,
      pending?.amountCents ?? null,
    )
    .first<SubscriptionRow>();
  return after ? { before, after } : null;
}

/** The plan a Stripe price id was last seen billing on any subscription (a schedule names prices by id). */
export async function planOfPrice(db: D1Database, priceId: string): Promise<PlanState | null> {
  const row = await db
    .prepare(
      `SELECT plan_id, plan_interval, plan_amount_cents FROM subscriptions
       WHERE plan_price_id = ? AND plan_id IS NOT NULL ORDER BY state_at DESC LIMIT 1`,
    )
    .bind(priceId)
    .first<Pick<SubscriptionRow, "plan_id" | "plan_interval" | "plan_amount_cents">>();
  if (!row?.plan_id || !row.plan_interval) return null;
  return { planId: row.plan_id, interval: row.plan_interval, amountCents: row.plan_amount_cents ?? 0, priceId };
}

/** The most review text a subscription keeps; a reason past it is still e-mailed to the owner. */
const MAX_REVIEW_CHARS = 4000;

/**
 * Adds a reason to a subscription's review unless it already says it, so each different thing
 * Stripe billed that is not our plan stays visible, not only the first.
 */
export async function addSubscriptionReview(db: D1Database, subscriptionId: string, reason: string): Promise<void> {
  await db
    .prepare(
      `UPDATE subscriptions SET review_reason = CASE
         WHEN review_reason IS NULL THEN ?2
         WHEN instr(review_reason, ?2) > 0 OR length(review_reason) + length(?2) > ?3 THEN review_reason
         ELSE review_reason || '. ' || ?2
       END
       WHERE subscription_id = ?1`,
    )
    .bind(subscriptionId, reason, MAX_REVIEW_CHARS)
    .run();
}

/** Marks a subscription for the owner's review; the first reason stays. */
export async function flagSubscription(db: D1Database, subscriptionId: string, reason: string): Promise<void> {
  await db
    .prepare("UPDATE subscriptions SET review_reason = COALESCE(review_reason, ?2) WHERE subscription_id = ?1")
    .bind(subscriptionId, reason)
    .run();
}

/** An invoice event held until its subscription is linked to an order (migrations/0008_webhook_edges.sql). */
type HeldInvoice = Omit<PendingInvoiceRow, "received_at">;

/** Held invoices nothing claimed in this long are dropped: their subscription is not one of ours. */
const HELD_INVOICE_DAYS = 30;

/** Holds an invoice event for a subscription no order is linked to yet; a repeat of the event is one row. */
export async function holdInvoice(db: D1Database, held: HeldInvoice): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT OR IGNORE INTO pending_invoices (event_id, subscription_id, type, created, invoice)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .bind(held.event_id, held.subscription_id, held.type, held.created, held.invoice),
    db
      .prepare(`DELETE FROM pending_invoices WHERE received_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)`)
      .bind(`-${HELD_INVOICE_DAYS} days`),
  ]);
}

/** A subscription's held invoice events, oldest first. */
export async function heldInvoices(db: D1Database, subscriptionId: string): Promise<PendingInvoiceRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM pending_invoices WHERE subscription_id = ? ORDER BY created, received_at, event_id")
    .bind(subscriptionId)
    .all<PendingInvoiceRow>();
  return results;
}

/** Forgets a held invoice event once it is in the ledger. */
export async function releaseHeldInvoice(db: D1Database, eventId: string): Promise<void> {
  await db.prepare("DELETE FROM pending_invoices WHERE event_id = ?").bind(eventId).run();
}
