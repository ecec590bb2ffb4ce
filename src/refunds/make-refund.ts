/**
 * The owner's confirmed refund, end to end (docs/refunds.md): checked against what the payment
 * allows, taken by the guarded INSERT with its audit row, then sent: to Stripe (card), to Daraja (an
 * M-Pesa reversal, pending until its result), or nothing more (money the owner sent back, done at
 * once). The same confirmation pressed twice, or ten times at once, is one refund and one request.
 */
import type { RefundRow } from "../db/refund-tables.ts";
import type { WorkContext } from "../http/work-context.ts";
import { formatMoney } from "../lib/money.ts";
import { PaymentProviderError, PaymentsNotConfiguredError } from "../providers/stripe.ts";
import { paymentIntentOfCheckout, sendCardRefund } from "./card-refunds.ts";
import { sendReversal } from "./mpesa-reversals.ts";
import type { RefundAsk } from "./refund-form.ts";
import { type RefundOptions, refundOptions, refundProblem } from "./refund-options.ts";
import { refundById, refundByKey } from "./refund-queries.ts";
import { newRefundId, takeRefund } from "./refunds.ts";
import { refundsCopy } from "./refunds-copy.ts";

export type RefundOutcome =
  | { ok: true; refund: RefundRow }
  | { ok: false; status: 404 | 409; message: string; orderId: string | null };

const refusal = (status: 404 | 409, message: string, orderId: string | null): RefundOutcome => ({
  ok: false,
  status,
  message,
  orderId,
});

/** A card refund's payment intent (from the order's Checkout Session), or why it cannot be had now. */
async function cardPaymentIntent(
  env: Env,
  options: RefundOptions,
): Promise<{ paymentIntent: string } | { message: string }> {
  const copy = refundsCopy.refused;
  const sessionId = options.order?.stripe_session_id;
  if (!sessionId) return { message: copy.noPaymentIntent };
  try {
    const paymentIntent = await paymentIntentOfCheckout(env, sessionId);
    return paymentIntent ? { paymentIntent } : { message: copy.noPaymentIntent };
  } catch (err) {
    if (err instanceof PaymentsNotConfiguredError) return { message: copy.stripeNotConfigured };
    if (err instanceof PaymentProviderError) return { message: copy.stripeUnavailable };
    throw err;
  }
}

/** Refunds as the owner confirmed it; see the module's comment. */
export async function makeRefund(context: WorkContext, ask: RefundAsk, actor: string): Promise<RefundOutcome> {
  const { env } = context;
  const copy = refundsCopy.refused;
  const again = await refundByKey(env.DB, ask.key);
  if (again) return { ok: true, refund: again };
  const options = await refundOptions(env, ask.paymentId);
  if (!options) return refusal(404, copy.notFound, null);
  const orderId = options.payment.order_id;
  const problem = refundProblem(options, ask.way, ask.amountCents);
  if (problem) return refusal(409, problem, orderId);
  const card = ask.way === "card" ? await cardPaymentIntent(env, options) : null;
  if (card && "message" in card) return refusal(409, card.message, orderId);

  const amount = formatMoney(ask.amountCents, options.payment.currency);
  const refund = await takeRefund(context, {
    refundId: newRefundId(),
    paymentId: ask.paymentId,
    amountCents: ask.amountCents,
    currency: options.payment.currency,
    reason: ask.reason,
    channel: ask.way,
    status: ask.way === "bank" ? "succeeded" : "pending",
    reference: ask.reference,
    paymentIntent: card?.paymentIntent ?? null,
    stripeRefundId: null,
    idempotencyKey: ask.key,
    createdBy: actor,
    audit: { actor, detail: refundsCopy.auditDetail(amount, ask.way, ask.paymentId) },
  });
  if (!refund) {
    // Refused by the guard: the same confirmation won the race, or the payment changed meanwhile.
    const same = await refundByKey(env.DB, ask.key);
    if (same) return { ok: true, refund: same };
    const now = await refundOptions(env, ask.paymentId);
    const left = formatMoney(now?.leftCents ?? 0, options.payment.currency);
    return refusal(409, now && now.pendingCents > 0 ? copy.pending : copy.changed(left), orderId);
  }
  if (refund.channel === "card") await sendCardRefund(context, refund);
  if (refund.channel === "mpesa") await sendReversal(context, refund, options.payment);
  return { ok: true, refund: (await refundById(env.DB, refund.refund_id)) ?? refund };
}
