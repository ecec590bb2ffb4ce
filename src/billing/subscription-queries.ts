/**
 * The one statement of subscriptions still written by hand: a Stripe event's state, applied in the
 * database by the rules of its order (migrations/0003, 0010). Everything else about subscriptions,
 * their plan changes and held invoices is drizzle's, in subscriptions.ts.
 */
import type { SubscriptionRow, SubscriptionStatus } from "../db/schema.ts";
import { ENDED_SUBSCRIPTION_STATUSES, UNKNOWN_STATUS_AT_FIRST } from "./subscription-status.ts";

/** A subscription as one Stripe event describes it. */
export type SubscriptionState = {
  subscriptionId: string;
  orderId: string;
  customerId: string | null;
  /**
   * Null: Stripe sent a status we do not know (subscription-status.ts). The stored status is kept;
   * a subscription not stored yet starts as UNKNOWN_STATUS_AT_FIRST.
   */
  status: SubscriptionStatus | null;
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

/**
 * Statuses Stripe never leaves: a subscription that ended stays ended, and a new one comes with a
 * new id. They are bound into the SQL below, so this list and the query cannot disagree.
 */
const FINAL_STATUSES = ENDED_SUBSCRIPTION_STATUSES;

/**
 * The plan columns of the update (?12 to ?15: the event's plan, or NULL to keep the stored one).
 * Only a plan of our catalogue ever reaches them (billing/plan-check.ts): an event billing anything
 * else keeps the last plan of ours, and its review reason says what it bills. Reaching the change a
 * schedule promised clears it, and stamps the pending change with this event's time so the
 * schedule's older events cannot bring it back. SQLite reads every right-hand column as it was
 * before the update, so the conditions all see the old row.
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
 * Records a subscription's state unless a newer one is stored (subscriptions.ts applySubscriptionState
 * says the rules). Returns the row written, or null when the stored state was kept.
 *
 * Raw SQL on purpose: the ordering by Stripe's `created`, the guard of final statuses and the plan
 * and pending columns are decided in one statement against the old row (SQLite reads the row before
 * the update on every right-hand side), so events delivered together cannot undo each other. Split
 * into drizzle's builder it would need a read and a write, and a race between them.
 */
export async function upsertSubscriptionState(
  db: D1Database,
  state: SubscriptionState,
): Promise<SubscriptionRow | null> {
  return db
    .prepare(
      `INSERT INTO subscriptions (subscription_id, order_id, customer_id, status, current_period_end,
         cancel_at_period_end, cancel_at, canceled_at, state_at,
         plan_id, plan_interval, plan_amount_cents, plan_price_id)
       VALUES (?1, ?2, ?3, COALESCE(?4, ?16), ?5, ?6, ?7, ?8, ?9, ?12, ?13, ?14, ?15)
       ON CONFLICT (subscription_id) DO UPDATE SET
         ${PLAN_UPDATE}
         customer_id = COALESCE(excluded.customer_id, customer_id),
         status = COALESCE(?4, subscriptions.status),
         current_period_end = COALESCE(excluded.current_period_end, current_period_end),
         cancel_at_period_end = excluded.cancel_at_period_end,
         cancel_at = excluded.cancel_at,
         canceled_at = COALESCE(excluded.canceled_at, canceled_at),
         state_at = MAX(excluded.state_at, subscriptions.state_at),
         updated_at = ${NOW}
       WHERE CASE
         WHEN subscriptions.status IN (?10, ?11)
           THEN ?4 IN (?10, ?11) AND excluded.state_at > subscriptions.state_at
         WHEN ?4 IN (?10, ?11) THEN 1
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
      UNKNOWN_STATUS_AT_FIRST,
    )
    .first<SubscriptionRow>();
}
