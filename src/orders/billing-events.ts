import { type FailedRenewal, notifyRenewalFailed, notifySubscriptionChange } from "../mail/notify.ts";
import { BILLING_OPEN_PATH } from "../paths.ts";
import { createBillingLink, describeTtl, RENEWAL_LINK_TTL_SECONDS } from "./billing-links.ts";
import type { FulfilmentContext, FulfilmentOutcome, StripeEventLike } from "./fulfilment-types.ts";
import { type OrderRow, orderForSubscription, setStripeCustomer } from "./repository.ts";
import {
  invoiceObject,
  invoicePeriod,
  invoiceSubscription,
  isoFromUnix,
  subscriptionObject,
  subscriptionPeriodEnd,
} from "./stripe-objects.ts";
import { applySubscriptionState, recordPayment } from "./subscriptions.ts";

/**
 * customer.subscription.created / updated / deleted: the subscription's state as of the event.
 * An older event than the stored state changes nothing (Stripe delivers out of order); the owner
 * hears of a scheduled cancellation and of the end, once each.
 */
export async function onSubscriptionEvent(
  context: FulfilmentContext,
  event: StripeEventLike,
): Promise<FulfilmentOutcome> {
  const parsed = subscriptionObject.safeParse(event.data.object);
  if (!parsed.success) return { kind: "ignored", reason: `${event.type} without a subscription it can read` };
  const sub = parsed.data;
  const db = context.env.DB;
  const order = await orderForSubscription(db, sub.id, sub.metadata?.order_ref);
  if (!order) return { kind: "unknown-subscription", subscriptionId: sub.id };
  if (sub.customer) await setStripeCustomer(db, order.session_id, sub.customer);

  const deleted = event.type === "customer.subscription.deleted";
  const applied = await applySubscriptionState(db, {
    subscriptionId: sub.id,
    sessionId: order.session_id,
    customerId: sub.customer ?? null,
    status: deleted ? "canceled" : sub.status,
    currentPeriodEnd: subscriptionPeriodEnd(sub),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    cancelAt: isoFromUnix(sub.cancel_at),
    canceledAt: isoFromUnix(sub.canceled_at) ?? (deleted ? isoFromUnix(event.created) : null),
    stateAt: event.created ?? 0,
  });
  const sessionId = order.session_id;
  if (!applied) return { kind: "billing", sessionId, summary: `subscription ${sub.id}: older state, ignored` };

  const { before, after } = applied;
  const facts = {
    subscriptionId: sub.id,
    periodEnd: after.cancel_at ?? after.current_period_end,
    canceledAt: after.canceled_at,
  };
  const { env, origin, log } = context;
  if (after.status === "canceled" && before?.status !== "canceled") {
    await notifySubscriptionChange(env, order, "owner-subscription-canceled", facts, origin, log);
  } else if (after.cancel_at_period_end === 1 && before?.cancel_at_period_end !== 1 && after.status !== "canceled") {
    await notifySubscriptionChange(env, order, "owner-cancel-scheduled", facts, origin, log);
  }
  const cancel = after.cancel_at_period_end === 1 ? ", cancels at period end" : "";
  return {
    kind: "billing",
    sessionId,
    summary: `subscription ${sub.id} ${before?.status ?? "new"} → ${after.status}${cancel}`,
  };
}

/**
 * invoice.paid / invoice.payment_failed: a line in the order's payments ledger. A failed renewal
 * tells the owner and sends the buyer a one-time link to update their card.
 */
export async function onInvoiceEvent(context: FulfilmentContext, event: StripeEventLike): Promise<FulfilmentOutcome> {
  const parsed = invoiceObject.safeParse(event.data.object);
  if (!parsed.success) return { kind: "ignored", reason: `${event.type} without an invoice it can read` };
  const invoice = parsed.data;
  const { id: subscriptionId, orderRef } = invoiceSubscription(invoice);
  if (!subscriptionId) return { kind: "ignored", reason: `invoice ${invoice.id} is not for a subscription` };
  const db = context.env.DB;
  const order = await orderForSubscription(db, subscriptionId, orderRef);
  if (!order) return { kind: "unknown-subscription", subscriptionId };
  if (invoice.customer) await setStripeCustomer(db, order.session_id, invoice.customer);

  const paid = event.type === "invoice.paid";
  const period = invoicePeriod(invoice);
  const { row, changed } = await recordPayment(db, {
    paymentId: invoice.id,
    sessionId: order.session_id,
    subscriptionId,
    status: paid ? "paid" : "failed",
    amountCents: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    billingReason: invoice.billing_reason ?? "unknown",
    periodStart: period.start,
    periodEnd: period.end,
  });
  // The first invoice's failure is the checkout's own (the buyer is still on Stripe's page).
  const renewal = invoice.billing_reason !== "subscription_create";
  if (changed && row.status === "failed" && renewal) {
    await tellFailedRenewal(
      context,
      order,
      {
        invoiceId: invoice.id,
        subscriptionId,
        amountCents: invoice.amount_due,
        currency: invoice.currency,
      },
      invoice.customer ?? order.stripe_customer_id,
    );
  }
  return {
    kind: "billing",
    sessionId: order.session_id,
    summary: `invoice ${invoice.id} (${row.billing_reason}) ${row.status}`,
  };
}

async function tellFailedRenewal(
  { env, origin, log }: FulfilmentContext,
  order: OrderRow,
  renewal: FailedRenewal,
  customerId: string | null,
): Promise<void> {
  let link: { url: string; validFor: string } | null = null;
  if (customerId) {
    const token = await createBillingLink(env.DB, customerId, order.customer_email, RENEWAL_LINK_TTL_SECONDS);
    link = {
      url: `${origin}${BILLING_OPEN_PATH}?token=${encodeURIComponent(token)}`,
      validFor: describeTtl(RENEWAL_LINK_TTL_SECONDS),
    };
  }
  await notifyRenewalFailed(env, order, renewal, link, origin, log);
}
