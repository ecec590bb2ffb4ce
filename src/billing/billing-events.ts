import type { FulfilmentContext, FulfilmentOutcome, StripeEventLike } from "../checkout/fulfilment-types.ts";
import {
  type InvoiceObject,
  invoiceObject,
  invoiceSubscription,
  readEventTime,
  subscriptionDates,
  subscriptionObject,
} from "../checkout/stripe-objects.ts";
import type { SubscriptionRow } from "../db/schema.ts";
import { type OrderRow, orderForSubscription, setStripeCustomer } from "../orders/orders.ts";
import { BILLING_OPEN_PATH } from "../paths.ts";
import { settlePayment } from "../payments/settle-payment.ts";
import { createBillingLink, describeTtl, RENEWAL_LINK_TTL_SECONDS } from "./billing-links.ts";
import {
  type FailedRenewal,
  notifyBillingReview,
  notifyRenewalFailed,
  notifyStatusReview,
  notifySubscriptionChange,
} from "./billing-notices.ts";
import { checkInvoice } from "./invoice-checks.ts";
import { holdPlanForReview, subscriptionPlan, tellPlanChanged } from "./plan-changes.ts";
import { statusReviewCopy } from "./status-review-copy.ts";
import { readSubscriptionStatus } from "./subscription-status.ts";
import {
  addSubscriptionReview,
  applySubscriptionState,
  flagSubscription,
  heldInvoices,
  holdInvoice,
  releaseHeldInvoice,
} from "./subscriptions.ts";

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * customer.subscription.created / updated / deleted: the subscription's state as of the event.
 * An older event than the stored state changes nothing (Stripe delivers out of order), and nothing
 * revives a canceled subscription; the owner hears of a scheduled cancellation and of the end, once
 * each. Dates no calendar has are left out, and the subscription is held for the owner's review; so
 * is a status we do not know, which keeps the status stored (subscription-status.ts).
 */
export async function onSubscriptionEvent(
  context: FulfilmentContext,
  event: StripeEventLike,
): Promise<FulfilmentOutcome> {
  const parsed = subscriptionObject().safeParse(event.data.object);
  if (!parsed.success) return { kind: "ignored", reason: `${event.type} without a subscription it can read` };
  const sub = parsed.data;
  const db = context.env.DB;
  const order = await orderForSubscription(db, sub.id, sub.metadata?.order_ref);
  if (!order) return { kind: "unknown-subscription", subscriptionId: sub.id };
  if (sub.customer) await setStripeCustomer(db, order.order_id, sub.customer);

  const deleted = event.type === "customer.subscription.deleted";
  const dates = subscriptionDates(sub);
  const time = readEventTime(event.created, nowSeconds());
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
  { env, origin, log }: FulfilmentContext,
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
    await notifySubscriptionChange(env, order, "owner-subscription-canceled", facts, origin, log);
  } else if (after.cancel_at_period_end === 1 && before?.cancel_at_period_end !== 1 && after.status !== "canceled") {
    await notifySubscriptionChange(env, order, "owner-cancel-scheduled", facts, origin, log);
  }
}

/** Logs why, marks the subscription and tells the owner (once per subscription). */
async function holdSubscriptionForReview(
  { env, origin, log }: FulfilmentContext,
  order: OrderRow,
  subscriptionId: string,
  problems: string[],
): Promise<void> {
  const reason = `Stripe sent dates that cannot be right: ${problems.join("; ")}`;
  log.error(`Subscription ${subscriptionId} held for review: ${reason}`, {
    orderId: order.order_id,
    subscriptionId,
  });
  await flagSubscription(env.DB, subscriptionId, reason);
  await notifyBillingReview(env, order, { subscriptionId, invoiceId: null, reason }, origin, log);
}

/**
 * Stripe named a status we do not know (it may add one): the stored status was kept, a new
 * subscription recorded as incomplete. Logged, added to the subscription's review and told to the
 * owner once per subscription and status; the buyer hears nothing.
 */
async function holdStatusForReview(
  { env, origin, log }: FulfilmentContext,
  order: OrderRow,
  subscriptionId: string,
  status: string,
): Promise<void> {
  const reason = statusReviewCopy.reason(status);
  log.error(`Subscription ${subscriptionId} held for review: ${reason}`, { orderId: order.order_id, subscriptionId });
  await addSubscriptionReview(env.DB, subscriptionId, reason);
  await notifyStatusReview(env, order, { subscriptionId, status, reason }, origin, log);
}

/**
 * What a completed subscription checkout implies for its subscription (checkout/fulfilment.ts
 * calls it once the order's status is settled): the subscription is tied to the order and its
 * customer, so renewals and the billing portal find it, 'active' once paid (else 'incomplete'),
 * with the oldest timestamp so any subscription event overrides it; then the invoices that came
 * before the checkout are entered.
 */
export async function recordSubscriptionCheckout(
  context: FulfilmentContext,
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

/**
 * invoice.paid / invoice.payment_failed: a line in the order's payments ledger. An invoice for a
 * subscription no order is linked to yet (it came before the checkout, without order_ref) is held
 * and entered when a checkout or subscription event links its subscription id.
 */
export async function onInvoiceEvent(context: FulfilmentContext, event: StripeEventLike): Promise<FulfilmentOutcome> {
  const parsed = invoiceObject().safeParse(event.data.object);
  if (!parsed.success) return { kind: "ignored", reason: `${event.type} without an invoice it can read` };
  const invoice = parsed.data;
  const { id: subscriptionId, orderRef } = invoiceSubscription(invoice);
  if (!subscriptionId) return { kind: "ignored", reason: `invoice ${invoice.id} is not for a subscription` };
  const db = context.env.DB;
  const order = await orderForSubscription(db, subscriptionId, orderRef);
  if (order) return enterInvoice(context, order, invoice, event.type, subscriptionId);

  await holdInvoice(db, {
    event_id: event.id,
    subscription_id: subscriptionId,
    type: event.type,
    created: Math.floor(readEventTime(event.created, nowSeconds()).seconds ?? 0),
    invoice: JSON.stringify(event.data.object),
  });
  // The checkout may have linked the subscription while this was being held: one more look, so
  // whichever of the two events is handled second enters the invoice.
  const entered = await enterHeldInvoices(context, subscriptionId);
  if (!entered) return { kind: "held-invoice", invoiceId: invoice.id, subscriptionId };
  return { kind: "billing", orderId: entered.order_id, summary: `invoice ${invoice.id} entered` };
}

/**
 * Enters the invoices held for a subscription once an order is linked to it, oldest event first,
 * each forgotten once it is in the ledger (entering one twice changes nothing: the ledger's key is
 * the invoice). Returns the order, or null when none is linked yet or nothing was held.
 */
async function enterHeldInvoices(context: FulfilmentContext, subscriptionId: string): Promise<OrderRow | null> {
  const db = context.env.DB;
  const held = await heldInvoices(db, subscriptionId);
  if (held.length === 0) return null;
  const order = await orderForSubscription(db, subscriptionId, null);
  if (!order) return null;
  for (const entry of held) {
    const parsed = invoiceObject().safeParse(JSON.parse(entry.invoice));
    if (parsed.success) await enterInvoice(context, order, parsed.data, entry.type, subscriptionId);
    await releaseHeldInvoice(db, entry.event_id);
    context.log.info(`Held invoice event ${entry.event_id} entered for order ${order.order_id}`, {
      orderId: order.order_id,
      subscriptionId,
    });
  }
  return order;
}

/**
 * One invoice into the ledger. A paid one is compared with the plan; a mismatch, or figures or a
 * period that cannot be read, is recorded as Stripe sent it, marked for review and told to the
 * owner (once per invoice). A failed renewal tells the owner and sends the buyer a one-time link
 * to update their card.
 */
async function enterInvoice(
  context: FulfilmentContext,
  order: OrderRow,
  invoice: InvoiceObject,
  type: string,
  subscriptionId: string,
): Promise<FulfilmentOutcome> {
  const db = context.env.DB;
  if (invoice.customer) await setStripeCustomer(db, order.order_id, invoice.customer);
  const paid = type === "invoice.paid";
  const { amount, currency, period, reviewReason } = await checkInvoice(db, order, invoice, paid, subscriptionId);
  const settled = await settlePayment(context, {
    channel: "invoice",
    order,
    line: {
      paymentId: invoice.id,
      orderId: order.order_id,
      subscriptionId,
      status: paid ? "paid" : "failed",
      amountCents: amount ?? 0,
      currency: currency ?? "",
      billingReason: invoice.billing_reason ?? "unknown",
      periodStart: period.start,
      periodEnd: period.end,
      reviewReason,
      provider: "stripe",
    },
    // The order stands for the subscription already; every paid invoice gets its numbered receipt,
    // renewals included (one held for review too: the money came in).
    settles: "nothing",
  });
  const row = settled.line;
  const changed = settled.lineChanged;
  if (!row) throw new Error(`Invoice ${invoice.id} was not entered in the ledger`);
  if (reviewReason) {
    await holdInvoiceForReview(context, order, { subscriptionId, invoiceId: invoice.id, reason: reviewReason });
  }
  // The first invoice's failure is the checkout's own (the buyer is still on Stripe's page).
  const renewal = invoice.billing_reason !== "subscription_create";
  if (changed && row.status === "failed" && renewal) {
    const failed = { invoiceId: invoice.id, subscriptionId, amountCents: amount ?? 0, currency: currency ?? "" };
    await tellFailedRenewal(context, order, failed, invoice.customer ?? order.stripe_customer_id);
  }
  return {
    kind: "billing",
    orderId: order.order_id,
    summary: `invoice ${invoice.id} (${row.billing_reason}) ${row.status}${reviewReason ? ", held for review" : ""}`,
  };
}

/** Logs why and tells the owner (once per invoice); the ledger line already carries the reason. */
async function holdInvoiceForReview(
  { env, origin, log }: FulfilmentContext,
  order: OrderRow,
  review: { subscriptionId: string; invoiceId: string; reason: string },
): Promise<void> {
  log.error(`Invoice ${review.invoiceId} held for review: ${review.reason}`, {
    orderId: order.order_id,
    subscriptionId: review.subscriptionId,
  });
  await notifyBillingReview(env, order, review, origin, log);
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
