/** The SQL of subscriptions and the payments ledger (migrations/0003_billing.sql). */

export type SubscriptionRow = {
  subscription_id: string;
  session_id: string;
  customer_id: string | null;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: number;
  cancel_at: string | null;
  canceled_at: string | null;
  state_at: number;
  created_at: string;
  updated_at: string;
};

export type PaymentRow = {
  payment_id: string;
  session_id: string;
  subscription_id: string | null;
  status: "paid" | "failed";
  amount_cents: number;
  currency: string;
  billing_reason: string;
  period_start: string | null;
  period_end: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
};

/** A subscription as one Stripe event describes it. */
export type SubscriptionState = {
  subscriptionId: string;
  sessionId: string;
  customerId: string | null;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: string | null;
  canceledAt: string | null;
  /** The event's `created` (unix seconds); 0 for what the checkout alone implies. */
  stateAt: number;
};

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

function getSubscription(db: D1Database, id: string): Promise<SubscriptionRow | null> {
  return db.prepare("SELECT * FROM subscriptions WHERE subscription_id = ?").bind(id).first<SubscriptionRow>();
}

/**
 * Records a subscription's state unless a newer one is stored. An equal timestamp applies (two
 * events in one second: the later delivery wins), except over 'canceled', which Stripe never undoes.
 * Returns the row before and after, or null when the stored state was newer.
 */
export async function applySubscriptionState(
  db: D1Database,
  state: SubscriptionState,
): Promise<{ before: SubscriptionRow | null; after: SubscriptionRow } | null> {
  const before = await getSubscription(db, state.subscriptionId);
  const after = await db
    .prepare(
      `INSERT INTO subscriptions (subscription_id, session_id, customer_id, status, current_period_end,
         cancel_at_period_end, cancel_at, canceled_at, state_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
       ON CONFLICT (subscription_id) DO UPDATE SET
         customer_id = COALESCE(excluded.customer_id, customer_id),
         status = excluded.status,
         current_period_end = COALESCE(excluded.current_period_end, current_period_end),
         cancel_at_period_end = excluded.cancel_at_period_end,
         cancel_at = excluded.cancel_at,
         canceled_at = COALESCE(excluded.canceled_at, canceled_at),
         state_at = excluded.state_at,
         updated_at = ${NOW}
       WHERE excluded.state_at > subscriptions.state_at
          OR (excluded.state_at = subscriptions.state_at AND subscriptions.status <> 'canceled')
       RETURNING *`,
    )
    .bind(
      state.subscriptionId,
      state.sessionId,
      state.customerId,
      state.status,
      state.currentPeriodEnd,
      state.cancelAtPeriodEnd ? 1 : 0,
      state.cancelAt,
      state.canceledAt,
      state.stateAt,
    )
    .first<SubscriptionRow>();
  return after ? { before, after } : null;
}

/** A payment as an invoice (or a one-off checkout) describes it. */
export type PaymentRecord = {
  paymentId: string;
  sessionId: string;
  subscriptionId: string | null;
  status: "paid" | "failed";
  amountCents: number;
  currency: string;
  billingReason: string;
  periodStart: string | null;
  periodEnd: string | null;
};

/**
 * Records a payment in the ledger. 'paid' is final for an invoice: a late failure event never
 * overwrites it; a failure seen again counts one more attempt. Returns the row and whether its
 * status changed (so e-mails go out once per change).
 */
export async function recordPayment(
  db: D1Database,
  payment: PaymentRecord,
): Promise<{ row: PaymentRow; changed: boolean }> {
  const before = await db
    .prepare("SELECT * FROM payments WHERE payment_id = ?")
    .bind(payment.paymentId)
    .first<PaymentRow>();
  const row = await db
    .prepare(
      `INSERT INTO payments (payment_id, session_id, subscription_id, status, amount_cents, currency, billing_reason,
         period_start, period_end)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
       ON CONFLICT (payment_id) DO UPDATE SET
         status = CASE WHEN payments.status = 'paid' THEN 'paid' ELSE excluded.status END,
         amount_cents = CASE WHEN payments.status = 'paid' THEN payments.amount_cents ELSE excluded.amount_cents END,
         attempts = payments.attempts + CASE WHEN payments.status = 'failed' AND excluded.status = 'failed' THEN 1 ELSE 0 END,
         updated_at = ${NOW}
       RETURNING *`,
    )
    .bind(
      payment.paymentId,
      payment.sessionId,
      payment.subscriptionId,
      payment.status,
      payment.amountCents,
      payment.currency,
      payment.billingReason,
      payment.periodStart,
      payment.periodEnd,
    )
    .first<PaymentRow>();
  if (!row) throw new Error(`Payment ${payment.paymentId} was not recorded`);
  return { row, changed: before?.status !== row.status };
}
