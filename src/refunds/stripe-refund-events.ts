/**
 * Stripe's refund events (charge.refunded, charge.refund.updated), verified by the webhook: each
 * names a payment intent, whose refunds are then read from Stripe and reconciled with the books
 * (refunds/card-refunds.ts). A refund made in Stripe's dashboard is recorded once, by its Stripe id,
 * with the buyer's e-mail and the credit note; ours are settled. A replay changes nothing.
 */
import type { FulfilmentOutcome, StripeEventLike } from "../checkout/fulfilment-types.ts";
import type { WorkContext } from "../http/work-context.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { z } from "../lib/zod.ts";
import { reconcileCardRefunds } from "./card-refunds.ts";

/** A charge or a refund: what names the payment intent, as an id or the expanded object. */
const refundedObject = lazyOnce(() => {
  const id = z.string().min(1).max(255);
  return z.object({
    object: z.enum(["charge", "refund"]),
    payment_intent: z.union([id, z.object({ id })]).nullish(),
  });
});

export async function onRefundEvent(context: WorkContext, event: StripeEventLike): Promise<FulfilmentOutcome> {
  const parsed = refundedObject().safeParse(event.data.object);
  if (!parsed.success) return { kind: "ignored", reason: `${event.type} without a charge or refund it can read` };
  const ref = parsed.data.payment_intent;
  const paymentIntent = typeof ref === "string" ? ref : (ref?.id ?? null);
  if (!paymentIntent) return { kind: "ignored", reason: `${event.type} of a charge without a payment intent` };
  const orderId = await reconcileCardRefunds(context, paymentIntent);
  if (!orderId)
    return { kind: "ignored", reason: `${event.type} of ${paymentIntent}, a payment the books do not hold` };
  return { kind: "billing", orderId, summary: "refunds reconciled with Stripe" };
}
