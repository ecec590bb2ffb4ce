/**
 * Refunds in the books (docs/refunds.md), one way for every channel: a refund is taken by one
 * guarded INSERT (with the owner's audit row in the same batch), settled once its provider confirms
 * it (its KRA credit note numbered in that same batch), or failed with why. Once it succeeded the
 * sender is nudged to report the credit note and the buyer is e-mailed, once (the outbox's key).
 */
import { runBatch } from "../db/client.ts";
import type { RefundRow } from "../db/refund-tables.ts";
import { creditNoteNumbering } from "../etims/credit-notes.ts";
import { nudgeSaleSender } from "../etims/sale-numbering.ts";
import type { WorkContext } from "../http/work-context.ts";
import { formatMoney } from "../lib/money.ts";
import { enqueueMail } from "../mail/enqueue.ts";
import { getOrder } from "../orders/orders.ts";
import { ledgerLineOf } from "../payments/ledger.ts";
import {
  insertRefundStatement,
  markRefundFailed,
  type NewRefund,
  refundAuditStatement,
  refundById,
  refundSucceededStatement,
  type SettledIds,
} from "./refund-queries.ts";

/** 32 random hex digits. */
export const randomKey = (): string => crypto.randomUUID().replaceAll("-", "");

export const newRefundId = (): string => `rf_${randomKey()}`;

export type RefundToTake = Omit<NewRefund, "at" | "alonePending"> & {
  /** The owner's refund: audited, and taken only while no other of the payment is pending. Null: Stripe reported it. */
  audit: { actor: string; detail: string } | null;
};

/**
 * Takes the refund (see insertRefundStatement's guard); a refund recorded as done has its credit
 * note numbered in the same batch. Null when the guard refused it or its key was used already.
 */
export async function takeRefund(context: WorkContext, refund: RefundToTake): Promise<RefundRow | null> {
  const { env } = context;
  const at = new Date().toISOString();
  const row: NewRefund = { ...refund, at, alonePending: refund.audit !== null };
  const audit = refund.audit
    ? [refundAuditStatement(refund.refundId, refund.audit.actor, at, refund.audit.detail)]
    : [];
  const numbering = refund.status === "succeeded" ? creditNoteNumbering(context, refund.refundId, at) : [];
  const results = await runBatch(env.DB, [insertRefundStatement(row), ...audit, ...numbering]);
  if ((results[0]?.length ?? 0) === 0) return null;
  if (refund.status === "succeeded") await afterSucceeded(context, refund.refundId, numbering.length > 0);
  return refundById(env.DB, refund.refundId);
}

/**
 * The provider confirmed the refund: succeeded, with its ids, and its credit note numbered in the
 * same batch. True when it moved now (a replayed confirmation changes nothing).
 */
export async function settleRefund(context: WorkContext, refundId: string, ids: SettledIds): Promise<boolean> {
  const at = new Date().toISOString();
  const numbering = creditNoteNumbering(context, refundId, at);
  const results = await runBatch(context.env.DB, [refundSucceededStatement(refundId, at, ids), ...numbering]);
  const moved = (results[0]?.length ?? 0) > 0;
  if (moved) await afterSucceeded(context, refundId, numbering.length > 0);
  return moved;
}

/** The provider said no (or gave up): the refund failed, and the amount is free to refund again. */
export async function failRefund(context: WorkContext, refundId: string, reason: string): Promise<boolean> {
  const moved = await markRefundFailed(context.env.DB, refundId, reason, new Date().toISOString());
  if (moved) context.log.warn("A refund failed", { refundId, reason });
  return moved;
}

/** An owner's action on a refund taken earlier (sending it again), in the audit trail of its payment. */
export async function auditRefund(
  context: WorkContext,
  refundId: string,
  actor: string,
  detail: string,
): Promise<void> {
  await runBatch(context.env.DB, [refundAuditStatement(refundId, actor, new Date().toISOString(), detail)]);
}

/** Once: the credit note to KRA (when one was numbered) and the buyer's e-mail. Neither undoes the refund. */
async function afterSucceeded(context: WorkContext, refundId: string, numbered: boolean): Promise<void> {
  context.log.info("A refund succeeded", { refundId });
  if (numbered) await nudgeSaleSender(context, `refund ${refundId}`);
  try {
    await mailRefund(context, refundId);
  } catch (error) {
    context.log.error("The refund's e-mail could not be queued", { refundId, error });
  }
}

/** The buyer's e-mail, to the order's own address, once per refund. */
async function mailRefund(context: WorkContext, refundId: string): Promise<void> {
  const { env } = context;
  const refund = await refundById(env.DB, refundId);
  if (!refund) return;
  const [order, payment] = await Promise.all([
    getOrder(env.DB, refund.order_id),
    ledgerLineOf(env.DB, refund.payment_id),
  ]);
  if (!order || !payment) return;
  await enqueueMail(context, {
    kind: "refund-made",
    dedupeKey: `refund-made:${refund.refund_id}`,
    to: order.customer_email,
    orderId: order.order_id,
    data: {
      customerName: order.customer_name,
      orderId: order.order_id,
      amount: formatMoney(refund.amount_cents, refund.currency),
      paymentAmount: formatMoney(payment.amount_cents, payment.currency),
      way: refund.channel,
    },
  });
}
