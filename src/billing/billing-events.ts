import type { FulfilmentOutcome, StripeEventLike } from "../checkout/fulfilment-types.ts";
import { readEventTime, subscriptionDates, subscriptionObject } from "../checkout/stripe-objects.ts";
import type { SubscriptionRow } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { type OrderRow, orderForSubscription, setStripeCustomer } from "../orders/orders.ts";
import { notifyBillingReview, notifyStatusReview, notifySubscriptionChange } from "./billing-notices.ts";
import { enterHeldInvoices } from "./invoice-events.ts";
import { holdPlanForReview, subscriptionPlan, tellPlanChanged } from "./plan-changes.ts";
import { statusReviewCopy } from "./status-review-copy.ts";
import { readSubscriptionStatus } from "./subscription-status.ts";
import { addSubscriptionReview, applySubscriptionState, flagSubscription } from "./subscriptions.ts";

/**
 * customer.subscription.created / updated / deleted: the subscription's state as of the event.
 * An older event than the stored state changes nothing (Stripe delivers out of order), and nothing
 * revives a canceled subscription; the owner hears of a scheduled cancellation and of the end, once
 * each. Dates no calendar has are left out, and the subscription is held for the owner's review; so
 * is a status we do not know, which keeps the status stored (subscription-status.ts).
 */
export async function onSubscriptionEvent(context: WorkContext, event: StripeEventLike): Promise<FulfilmentOutcome> {
  const parsed = subscriptionObject().safeParse(event.data.object);
  if (!parsed.success) return { kind: "ignored", reason: `${event.type} without a subscription it can read` };
  const sub = parsed.data;
  const db = context.env.DB;
  const order = await orderForSubscription(db, sub.id, sub.metadata?.order_ref);
  if (!order) return { kind: "unknown-subscription", subscriptionId: sub.id };
  if (sub.customer) await setStripeCustomer(db, order.order_id, sub.customer);

  const deleted = event.type === "customer.subscription.deleted";
  const dates = subscriptionDates(sub);
  const time = readEventTime(event.created);
  const checked = subscriptionPlan(sub);
  // Stripe's text, narrowed: a status we do not know (null) keeps the stored one and is reviewed.
  const status = deleted ? "canceled" : readSubscriptionStatus(sub.status);
  const applied = await applySubscriptionState(db, {
    subscriptionId: sub.id,
    orderId: order.order_id,
    customerId: sub.customer ?? null,
    status,
    currentPeriodEnd: dates.currentPeriodEnd,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    cancelAt: dates.cancelAt,
    canceledAt: dates.canceledAt ?? (deleted ? time.iso : null),
    // An event whose time cannot be trusted is the weakest claim, as the checkout's: it fills in a
    // new subscription but never outranks a state Stripe stamped.
    stateAt: time.seconds === null ? 0 : Math.floor(time.seconds),
    // Only a plan of our catalogue is recorded; anything else keeps the stored plan and is reviewed.
    plan: checked.plan,
  });
  const problems = time.problem ? [...dates.problems, time.problem] : dates.problems;
  if (problems.length > 0) await holdSubscriptionForReview(context, order, sub.id, problems);
  // Even an older event: Stripe did bill it at some point, and the owner should know.
  if (checked.problem) await holdPlanForReview(context, order, sub.id, checked.problem);
  if (status === null) await holdStatusForReview(context, order, sub.id, sub.status);
  await enterHeldInvoices(context, sub.id);

  const orderId = order.order_id;
  if (!applied) return { kind: "billing", orderId, summary: `subscription ${sub.id}: older state, ignored` };
  const { before, after } = applied;
  await tellSubscriptionChange(context, order, before, after);
  await tellPlanChanged(context, order, before, after);
  const cancel = after.cancel_at_period_end === 1 ? ", cancels at period end" : "";
  return {
    kind: "billing",
    orderId,
    summary: `subscription ${sub.id} ${before?.status ?? "new"} → ${after.status}${cancel}`,
  };
}

/** The owner hears of a scheduled cancellation and of the end, each once. */
async function tellSubscriptionChange(
  context: WorkContext,
  order: OrderRow,
  before: SubscriptionRow | null,
  after: SubscriptionRow,
): Promise<void> {
  const facts = {
    subscriptionId: after.subscription_id,
    periodEnd: after.cancel_at ?? after.current_period_end,
    canceledAt: after.canceled_at,
  };
  if (after.status === "canceled" && before?.status !== "canceled") {
    await notifySubscriptionChange(context, order, "owner-subscription-canceled", facts);
  } else if (after.cancel_at_period_end === 1 && before?.cancel_at_period_end !== 1 && after.status !== "canceled") {
    await notifySubscriptionChange(context, order, "owner-cancel-scheduled", facts);
  }
}

/** Logs why, marks the subscription and tells the owner (once per subscription). */
async function holdSubscriptionForReview(
  context: WorkContext,
  order: OrderRow,
  subscriptionId: string,
  problems: string[],
): Promise<void> {
  const reason = `Stripe sent dates that cannot be right: ${problems.join("; ")}`;
  context.log.error(`Subscription ${subscriptionId} held for review: ${reason}`, {
    orderId: order.order_id,
    subscriptionId,
  });
  await flagSubscription(context.env.DB, subscriptionId, reason);
  await notifyBillingReview(context, order, { subscriptionId, invoiceId: null, reason });
}

/**
 * Stripe named a status we do not know (it may add one): the stored status was kept, a new
 * subscription recorded as incomplete. Logged, added to the subscription's review and told to the
 * owner once per subscription and status; the buyer hears nothing.
 */
async function holdStatusForReview(
  context: WorkContext,
  order: OrderRow,
  subscriptionId: string,
  status: string,
): Promise<void> {
  const reason = statusReviewCopy.reason(status);
  context.log.error(`Subscription ${subscriptionId} held for review: ${reason}`, {
    orderId: order.order_id,
    subscriptionId,
  });
  await addSubscriptionReview(context.env.DB, subscriptionId, reason);
  await notifyStatusReview(context, order, { subscriptionId, status, reason });
}

/**
 * What a completed subscription checkout implies for its subscription (checkout/fulfilment.ts
 * calls it once the order's status is settled): the subscription is tied to the order and its
 * customer, so renewals and the billing portal find it, 'active' once paid (else 'incomplete'),
 * with the oldest timestamp so any subscription event overrides it; then the invoices that came
 * before the checkout are entered.
 */
export async function recordSubscriptionCheckout(
  context: WorkContext,
  checkout: { subscriptionId: string; orderId: string; customerId: string | null; paid: boolean },
): Promise<void> {
  await applySubscriptionState(context.env.DB, {
    subscriptionId: checkout.subscriptionId,
    orderId: checkout.orderId,
    customerId: checkout.customerId,
    status: checkout.paid ? "active" : "incomplete",
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    stateAt: 0,
  });
  await enterHeldInvoices(context, checkout.subscriptionId);
}
