/** Stripe's invoice events: each invoice a line in its order's ledger, or held until an order is linked. */
import type { FulfilmentOutcome, StripeEventLike } from "../checkout/fulfilment-types.ts";
import { type InvoiceObject, invoiceObject, invoiceSubscription, readEventTime } from "../checkout/stripe-objects.ts";
import type { WorkContext } from "../http/work-context.ts";
import { type OrderRow, orderForSubscription, setStripeCustomer } from "../orders/orders.ts";
import { BILLING_OPEN_PATH } from "../paths.ts";
import { settlePayment } from "../payments/settle-payment.ts";
import { createBillingLink, describeTtl, RENEWAL_LINK_TTL_SECONDS } from "./billing-links.ts";
import { type FailedRenewal, notifyBillingReview, notifyRenewalFailed } from "./billing-notices.ts";
import { checkInvoice } from "./invoice-checks.ts";
import { heldInvoices, holdInvoice, releaseHeldInvoice } from "./subscriptions.ts";

/**
 * invoice.paid / invoice.payment_failed: a line in the order's payments ledger. An invoice for a
 * subscription no order is linked to yet (it came before the checkout, without order_ref) is held
 * and entered when a checkout or subscription event links its subscription id.
 */
export async function onInvoiceEvent(context: WorkContext, event: StripeEventLike): Promise<FulfilmentOutcome> {
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
    created: Math.floor(readEventTime(event.created).seconds ?? 0),
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
export async function enterHeldInvoices(context: WorkContext, subscriptionId: string): Promise<OrderRow | null> {
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
  context: WorkContext,
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
  context: WorkContext,
  order: OrderRow,
  review: { subscriptionId: string; invoiceId: string; reason: string },
): Promise<void> {
  context.log.error(`Invoice ${review.invoiceId} held for review: ${review.reason}`, {
    orderId: order.order_id,
    subscriptionId: review.subscriptionId,
  });
  await notifyBillingReview(context, order, review);
}

async function tellFailedRenewal(
  context: WorkContext,
  order: OrderRow,
  renewal: FailedRenewal,
  customerId: string | null,
): Promise<void> {
  const { env, origin } = context;
  let link: { url: string; validFor: string } | null = null;
  if (customerId) {
    const token = await createBillingLink(env.DB, customerId, order.customer_email, RENEWAL_LINK_TTL_SECONDS);
    link = {
      url: `${origin}${BILLING_OPEN_PATH}?token=${encodeURIComponent(token)}`,
      validFor: describeTtl(RENEWAL_LINK_TTL_SECONDS),
    };
  }
  await notifyRenewalFailed(context, order, renewal, link);
}
