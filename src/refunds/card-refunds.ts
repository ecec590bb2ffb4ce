/**
 * Card refunds through Stripe (docs/refunds.md). The owner's refund is sent with its idempotency key
 * and Stripe's answer settles it; an answer that never came leaves it pending, to send again (the
 * same key, after a look at what Stripe holds). Stripe's own list of a payment intent's refunds is
 * the truth the webhook (charge.refunded) and the retry reconcile with: ours are settled by it, and
 * one made in Stripe's dashboard is recorded once, by its Stripe id.
 */
import type { RefundRow } from "../db/refund-tables.ts";
import type { PaymentRow } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { getOrderByStripeSession } from "../orders/orders.ts";
import { ledgerLineOf } from "../payments/ledger.ts";
import { PaymentProviderError, PaymentsNotConfiguredError } from "../providers/stripe.ts";
import {
  createRefundGateway,
  type RefundGateway,
  RefundRefusedError,
  type StripeRefund,
} from "../providers/stripe-refunds.ts";
import {
  noteOnPendingRefund,
  refundById,
  refundByStripeId,
  refundsOfPaymentIntent,
  setStripeRefundId,
} from "./refund-queries.ts";
import { auditRefund, failRefund, newRefundId, settleRefund, takeRefund } from "./refunds.ts";
import { refundsCopy } from "./refunds-copy.ts";

/** The key Stripe sees: ours, prefixed, so it is never mistaken for a checkout's. */
const stripeKey = (refund: RefundRow): string => `refund-${refund.idempotency_key}`;

/** Settles our refund as Stripe holds it: done, failed, or still on its way. */
async function applyStripeRefund(context: WorkContext, ours: RefundRow, theirs: StripeRefund): Promise<void> {
  const copy = refundsCopy.failure;
  if (theirs.status === "succeeded") {
    await settleRefund(context, ours.refund_id, { stripeRefundId: theirs.id });
  } else if (theirs.status === "failed" || theirs.status === "canceled") {
    if (ours.status === "succeeded") {
      context.log.error("Stripe says a refund it had made failed: check it in Stripe's dashboard", {
        refundId: ours.refund_id,
        stripeRefundId: theirs.id,
      });
    }
    await failRefund(context, ours.refund_id, copy.stripeFailed(theirs.failureReason ?? theirs.status));
  } else {
    await setStripeRefundId(context.env.DB, ours.refund_id, theirs.id);
  }
}

/** Sends our pending refund to Stripe and applies the answer; no answer leaves it pending with a note. */
export async function sendCardRefund(context: WorkContext, refund: RefundRow): Promise<void> {
  const { env, log } = context;
  if (!refund.payment_intent) return;
  let made: StripeRefund;
  try {
    made = await createRefundGateway(env).createRefund(
      { paymentIntent: refund.payment_intent, amountCents: refund.amount_cents, refundId: refund.refund_id },
      stripeKey(refund),
    );
  } catch (err) {
    if (err instanceof RefundRefusedError) {
      log.warn(err.message, { refundId: refund.refund_id });
      await failRefund(context, refund.refund_id, refundsCopy.failure.stripeRefused(err.stripeMessage));
      return;
    }
    if (!(err instanceof PaymentProviderError || err instanceof PaymentsNotConfiguredError)) throw err;
    log.error(`A card refund got no answer from Stripe: ${err.message}`, { refundId: refund.refund_id, error: err });
    await noteOnPendingRefund(env.DB, refund.refund_id, refundsCopy.failure.stripeNoAnswer, new Date().toISOString());
    return;
  }
  await applyStripeRefund(context, refund, made);
}

/** The one-off card payment a payment intent paid: through our refunds of it, or its Checkout Session. */
async function paymentOfIntent(
  context: WorkContext,
  gateway: RefundGateway,
  paymentIntent: string,
): Promise<PaymentRow | null> {
  const { DB } = context.env;
  const known = (await refundsOfPaymentIntent(DB, paymentIntent))[0];
  if (known) return ledgerLineOf(DB, known.payment_id);
  const sessionId = await gateway.sessionOfPaymentIntent(paymentIntent);
  const order = sessionId ? await getOrderByStripeSession(DB, sessionId) : null;
  const payment = order ? await ledgerLineOf(DB, order.order_id) : null;
  return payment?.provider === "stripe" ? payment : null;
}

/** A refund Stripe made that our books do not hold (the dashboard's): recorded once, by its Stripe id. */
async function recordStripeRefund(context: WorkContext, payment: PaymentRow, theirs: StripeRefund): Promise<void> {
  const taken = await takeRefund(context, {
    refundId: newRefundId(),
    paymentId: payment.payment_id,
    amountCents: theirs.amountCents,
    currency: theirs.currency,
    reason: refundsCopy.dashboardReason(theirs.reason),
    channel: "card",
    status: theirs.status === "succeeded" ? "succeeded" : "pending",
    reference: null,
    paymentIntent: theirs.paymentIntent,
    stripeRefundId: theirs.id,
    idempotencyKey: `stripe:${theirs.id}`,
    createdBy: "stripe",
    audit: null,
  });
  // Refused by the guard although Stripe made it: a refund of ours still pending that Stripe never got.
  if (!taken && !(await refundByStripeId(context.env.DB, theirs.id))) {
    context.log.error("Stripe reports a refund the books have no room for: check the payment's refunds", {
      paymentId: payment.payment_id,
      stripeRefundId: theirs.id,
    });
  }
}

/**
 * Brings the books in line with Stripe's refunds of a payment intent; the order they belong to, or
 * null when the payment intent is none of ours. Calling it again changes nothing.
 */
export async function reconcileCardRefunds(context: WorkContext, paymentIntent: string): Promise<string | null> {
  const { DB } = context.env;
  const gateway = createRefundGateway(context.env);
  const theirs = (await gateway.refundsOf(paymentIntent)).reverse();
  let payment: PaymentRow | null | undefined;
  for (const refund of theirs) {
    const byId = await refundByStripeId(DB, refund.id);
    const byMetadata = !byId && refund.refundId ? await refundById(DB, refund.refundId) : null;
    const ours = byId ?? (byMetadata?.payment_intent === paymentIntent ? byMetadata : null);
    if (ours) {
      await applyStripeRefund(context, ours, refund);
      continue;
    }
    if (refund.status !== "succeeded" && refund.status !== "pending") continue;
    payment ??= await paymentOfIntent(context, gateway, paymentIntent);
    if (!payment) return null;
    await recordStripeRefund(context, payment, refund);
  }
  payment ??= await paymentOfIntent(context, gateway, paymentIntent);
  return payment?.order_id ?? null;
}

/**
 * The owner's "send again" of a card refund Stripe did not answer: what Stripe holds first (it may
 * have made it), then the same request with the same key. False when it is not such a refund.
 */
export async function retryCardRefund(context: WorkContext, refundId: string, actor: string): Promise<boolean> {
  const refund = await refundById(context.env.DB, refundId);
  if (refund?.status !== "pending" || refund.channel !== "card" || !refund.payment_intent) return false;
  await auditRefund(context, refundId, actor, refundsCopy.retryAudit(refundId));
  try {
    await reconcileCardRefunds(context, refund.payment_intent);
  } catch (error) {
    // Not sent blind: Stripe may hold it already, under a key that may have lapsed. It waits as it was.
    if (!(error instanceof PaymentProviderError || error instanceof PaymentsNotConfiguredError)) throw error;
    context.log.warn("Stripe's refunds could not be read: the refund was not sent again", { refundId, error });
    return true;
  }
  const now = await refundById(context.env.DB, refundId);
  if (now?.status === "pending" && !now.stripe_refund_id) await sendCardRefund(context, now);
  return true;
}

/** The payment intent a one-off card order's checkout charged; null when Stripe names none. */
export function paymentIntentOfCheckout(env: Env, stripeSessionId: string): Promise<string | null> {
  return createRefundGateway(env).paymentIntentOfSession(stripeSessionId);
}
