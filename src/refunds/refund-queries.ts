/**
 * Refunds' SQL (migrations/0020): the guarded INSERT that takes a refund, the guarded UPDATEs that
 * settle it, and what the pages and the providers' answers read. The guards are raw SQL, one
 * statement each: D1 runs a statement alone, so two refunds (or two answers) at once are decided
 * one after the other by the rows as they stand.
 */
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { database, type Statement } from "../db/client.ts";
import { etimsSales } from "../db/etims-tables.ts";
import { type RefundChannel, type RefundRow, refunds } from "../db/refund-tables.ts";

export type NewRefund = {
  refundId: string;
  paymentId: string;
  amountCents: number;
  currency: string;
  reason: string;
  channel: RefundChannel;
  /** A refund the owner records (money sent back by hand) succeeds at once; the others wait for the provider. */
  status: "pending" | "succeeded";
  reference: string | null;
  paymentIntent: string | null;
  stripeRefundId: string | null;
  idempotencyKey: string;
  createdBy: string;
  at: string;
  /** The owner's refunds wait for none pending; one Stripe reports happened, whatever ours are doing. */
  alonePending: boolean;
};

/** What is pending or done of the payment's refunds, in its minor units (SQL, `p` the payment row). */
const committed = sql.raw(`(SELECT COALESCE(SUM(r.amount_cents), 0) FROM refunds r
  WHERE r.payment_id = p.payment_id AND r.status IN ('pending', 'succeeded'))`);

/**
 * The refund, taken only while its payment is paid (in the same currency), no refund of it is
 * pending (when asked), and what is pending or done plus this one stays within the payment: else
 * nothing is written and no row is returned. A second use of an idempotency key writes nothing.
 */
export function insertRefundStatement(r: NewRefund): Statement {
  const settledAt = r.status === "succeeded" ? r.at : null;
  const alone = r.alonePending
    ? sql`AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.payment_id AND r.status = 'pending')`
    : sql``;
  return sql`INSERT INTO refunds (refund_id, payment_id, order_id, amount_cents, currency, reason, channel, status,
        reference, payment_intent, stripe_refund_id, idempotency_key, created_by, created_at, updated_at, settled_at)
      SELECT ${r.refundId}, p.payment_id, p.order_id, ${r.amountCents}, p.currency, ${r.reason}, ${r.channel},
        ${r.status}, ${r.reference}, ${r.paymentIntent}, ${r.stripeRefundId}, ${r.idempotencyKey}, ${r.createdBy},
        ${r.at}, ${r.at}, ${settledAt}
      FROM payments p
      WHERE p.payment_id = ${r.paymentId} AND p.status = 'paid' AND lower(p.currency) = lower(${r.currency})
        ${alone}
        AND ${r.amountCents} <= p.amount_cents - ${committed}
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING refund_id`;
}

/** The owner's audit row of a refund, written only when the refund's row was (the statement before it). */
export function refundAuditStatement(refundId: string, actor: string, at: string, detail: string): Statement {
  return sql`INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
      SELECT ${at}, ${actor}, 'payment.refund', 'payment', payment_id, ${detail} FROM refunds
      WHERE refund_id = ${refundId}`;
}

export type SettledIds = { stripeRefundId?: string | null; mpesaTransactionId?: string | null };

/**
 * The refund succeeded: from pending, or (a result that came after a timeout marked it failed)
 * from failed while the payment still has room for it. Returns the row when it moved now.
 */
export function refundSucceededStatement(refundId: string, at: string, ids: SettledIds): Statement {
  return sql`UPDATE refunds SET status = 'succeeded', settled_at = ${at}, updated_at = ${at}, failure_reason = NULL,
        stripe_refund_id = COALESCE(${ids.stripeRefundId ?? null}, stripe_refund_id),
        mpesa_transaction_id = COALESCE(${ids.mpesaTransactionId ?? null}, mpesa_transaction_id)
      WHERE refund_id = ${refundId} AND (status = 'pending' OR (status = 'failed' AND amount_cents <=
        (SELECT p.amount_cents - ${committed} FROM payments p WHERE p.payment_id = refunds.payment_id)))
      RETURNING refund_id`;
}

/** The refund failed (only a pending one moves); true when it did now. */
export async function markRefundFailed(db: D1Database, refundId: string, reason: string, at: string) {
  const moved = await database(db)
    .update(refunds)
    .set({ status: "failed", failure_reason: reason.slice(0, 500), settled_at: at, updated_at: at })
    .where(and(eq(refunds.refund_id, refundId), eq(refunds.status, "pending")))
    .returning({ refund_id: refunds.refund_id });
  return moved.length > 0;
}

/** What the owner should know of a pending refund (a provider that did not answer); null clears it. */
export async function noteOnPendingRefund(db: D1Database, refundId: string, note: string | null, at: string) {
  await database(db)
    .update(refunds)
    .set({ failure_reason: note?.slice(0, 500) ?? null, updated_at: at })
    .where(and(eq(refunds.refund_id, refundId), eq(refunds.status, "pending")));
}

/** Daraja took the reversal: the ids its result must name. */
export async function setReversalIds(
  db: D1Database,
  refundId: string,
  ids: { conversation: string; originator: string },
) {
  await database(db)
    .update(refunds)
    .set({ conversation_id: ids.conversation, originator_conversation_id: ids.originator })
    .where(and(eq(refunds.refund_id, refundId), eq(refunds.status, "pending")));
}

/** Stripe took a card refund but has not finished it: its id, so its later events find it. */
export async function setStripeRefundId(db: D1Database, refundId: string, stripeRefundId: string) {
  await database(db)
    .update(refunds)
    .set({ stripe_refund_id: stripeRefundId, failure_reason: null })
    .where(and(eq(refunds.refund_id, refundId), eq(refunds.status, "pending")));
}

const one = async (query: Promise<RefundRow | undefined>) => (await query) ?? null;

export const refundById = (db: D1Database, refundId: string) =>
  one(database(db).select().from(refunds).where(eq(refunds.refund_id, refundId)).get());

export const refundByKey = (db: D1Database, key: string) =>
  one(database(db).select().from(refunds).where(eq(refunds.idempotency_key, key)).get());

export const refundByConversation = (db: D1Database, conversationId: string) =>
  one(database(db).select().from(refunds).where(eq(refunds.conversation_id, conversationId)).get());

export const refundByStripeId = (db: D1Database, stripeRefundId: string) =>
  one(database(db).select().from(refunds).where(eq(refunds.stripe_refund_id, stripeRefundId)).get());

/** A payment's refunds, oldest first. */
export function refundsOfPayment(db: D1Database, paymentId: string): Promise<RefundRow[]> {
  return database(db)
    .select()
    .from(refunds)
    .where(eq(refunds.payment_id, paymentId))
    .orderBy(asc(refunds.created_at), asc(refunds.refund_id));
}

/** A refund as the back office shows it: with its KRA credit note's number and whether KRA accepted it. */
export type RefundView = RefundRow & { credit_note_number: string | null; credit_note_status: string | null };

/** The refunds with their credit notes, those of these orders or this one refund, oldest first. */
function refundViews(db: D1Database, where: SQL | undefined): Promise<RefundView[]> {
  return database(db)
    .select({
      ...getTableColumns(refunds),
      credit_note_number: etimsSales.trader_invoice_no,
      credit_note_status: etimsSales.status,
    })
    .from(refunds)
    .leftJoin(
      etimsSales,
      and(eq(etimsSales.branch_id, refunds.credit_note_branch), eq(etimsSales.invc_no, refunds.credit_note_invc_no)),
    )
    .where(where)
    .orderBy(asc(refunds.created_at), asc(refunds.refund_id));
}

export function refundViewsOfOrders(db: D1Database, orderIds: readonly string[]): Promise<RefundView[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return refundViews(db, inArray(refunds.order_id, [...orderIds]));
}

export async function refundViewById(db: D1Database, refundId: string): Promise<RefundView | null> {
  return (await refundViews(db, eq(refunds.refund_id, refundId)))[0] ?? null;
}

/**
 * The card refunds made on a payment intent, newest first (the webhook's look-up).
 * Plan at 100k: SEARCH refunds USING INDEX refunds_by_payment_intent (payment_intent=?)
 *   (migrations/0028; SCAN refunds before)
 */
export function refundsOfPaymentIntent(db: D1Database, paymentIntent: string): Promise<RefundRow[]> {
  return database(db)
    .select()
    .from(refunds)
    .where(eq(refunds.payment_intent, paymentIntent))
    .orderBy(desc(refunds.created_at));
}
