import { enterHeldInvoices, onInvoiceEvent, onSubscriptionEvent } from "../billing/billing-events.ts";
import { onScheduleEvent } from "../billing/plan-changes.ts";
import { applySubscriptionState, recordPayment } from "../billing/subscription-queries.ts";
import { notifyOrderPaid, notifyOrderReview } from "../mail/order-notices.ts";
import { amountMismatch, type OrderStatus, type SessionState, statusFromSession } from "../orders/order-status.ts";
import {
  getOrder,
  getOrderByStripeSession,
  getOrderItems,
  type OrderRow,
  setStripeCustomer,
  type TransitionResult,
  transitionOrder,
} from "../orders/order-transitions.ts";
import { receiptFor } from "../payments/settle-payment.ts";
import type { ReceiptRef } from "../receipts/issue-receipt.ts";
import type { FulfilmentContext, FulfilmentOutcome, StripeEventLike } from "./fulfilment-types.ts";
import { isEventHandled, recordHandledEvent } from "./stripe-event-queries.ts";
import { checkoutSessionObject } from "./stripe-objects.ts";

/** What a Checkout Session says beyond its status: the figures to verify and what it created. */
export type SessionFacts = Pick<SessionState, "amount_total" | "currency"> & {
  subscription?: string | null | undefined;
  customer?: string | null | undefined;
};

/** The Checkout Session events the site acts on, and the status each one asserts. */
const sessionClaims: Record<string, (session: SessionState) => OrderStatus | null> = {
  "checkout.session.completed": statusFromSession,
  "checkout.session.async_payment_succeeded": () => "paid",
  "checkout.session.async_payment_failed": () => "payment_failed",
  "checkout.session.expired": () => "expired",
};

type EventHandler = (context: FulfilmentContext, event: StripeEventLike) => Promise<FulfilmentOutcome>;

const handlers: Record<string, EventHandler> = {
  ...Object.fromEntries(Object.keys(sessionClaims).map((type) => [type, onSessionEvent])),
  "invoice.paid": onInvoiceEvent,
  "invoice.payment_failed": onInvoiceEvent,
  "customer.subscription.created": onSubscriptionEvent,
  "customer.subscription.updated": onSubscriptionEvent,
  "customer.subscription.deleted": onSubscriptionEvent,
  ...Object.fromEntries(
    ["created", "updated", "released", "canceled", "completed"].map((what) => [
      `subscription_schedule.${what}`,
      onScheduleEvent,
    ]),
  ),
};

/** Every event type the webhook acts on: what `npm run setup` subscribes the site's endpoint to. */
export const HANDLED_STRIPE_EVENTS: readonly string[] = Object.keys(handlers);

/**
 * Brings an order in line with what Stripe says about its session. The one place fulfilment
 * happens: the webhook and the success page both call it, and calling it again changes nothing.
 * A claim of payment counts only when Stripe's amount and currency are there and are the order's;
 * otherwise the order waits for the owner (needs_review). A paid order has its e-mails queued here
 * (once: the outbox drops repeats).
 */
export async function fulfilSession(
  context: FulfilmentContext,
  stripeSessionId: string,
  observed: OrderStatus | null,
  figures: SessionFacts = {},
): Promise<TransitionResult> {
  const { DB } = context.env;
  const order = await getOrderByStripeSession(DB, stripeSessionId);
  if (!order) return { found: false };
  const orderId = order.order_id;
  if (!observed) return { found: true, changed: false, status: order.status, previous: order.status };

  const claimsPayment = observed === "paid" || observed === "awaiting_payment";
  const mismatch = claimsPayment ? amountMismatch(order, figures) : null;
  const target: OrderStatus = mismatch ? "needs_review" : observed;
  const reason =
    mismatch ?? (observed === "no_payment_required" ? "Stripe reported that no payment was required" : null);
  const result = await transitionOrder(DB, orderId, target, reason);
  if (!result.found) return result;
  await linkSubscription(context, orderId, figures, result.status);

  if (result.status === "paid") await announcePaid(context, order, figures);
  if (result.changed && reason && (result.status === "needs_review" || result.status === "no_payment_required")) {
    context.log.error(`Order ${orderId} held for review: ${reason}`, {
      orderId,
      orderTotalCents: order.total_cents,
      orderCurrency: order.currency,
      stripeAmountTotal: figures.amount_total ?? null,
      stripeCurrency: figures.currency ?? null,
    });
    await safely(context, orderId, "review e-mail", () =>
      notifyOrderReview(context.env, order, reason, context.origin, context.log),
    );
  }
  return result;
}

/**
 * Queues the paid order's e-mails and, for a one-off order, its ledger line and receipt (a
 * subscription's payments are its invoices: billing-events.ts); never undoes the payment.
 */
async function announcePaid(context: FulfilmentContext, order: OrderRow, figures: SessionFacts): Promise<void> {
  const { env, origin, log } = context;
  const orderId = order.order_id;
  let receipt: ReceiptRef | null = null;
  if (order.mode === "payment") {
    await safely(context, orderId, "ledger line", () =>
      recordPayment(env.DB, {
        paymentId: orderId,
        orderId,
        subscriptionId: null,
        status: "paid",
        amountCents: figures.amount_total ?? order.total_cents,
        currency: figures.currency ?? order.currency,
        billingReason: "checkout",
        periodStart: null,
        periodEnd: null,
      }),
    );
    receipt = await receiptFor(context, orderId);
  }
  await safely(context, orderId, "e-mails", async () => {
    const fresh = (await getOrder(env.DB, orderId)) ?? order;
    await notifyOrderPaid(env, { ...fresh, items: await getOrderItems(env.DB, orderId) }, origin, log, { receipt });
  });
}

async function safely(
  { log }: FulfilmentContext,
  orderId: string,
  what: string,
  work: () => Promise<unknown>,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    log.error(`The order's ${what} could not be recorded`, { orderId, error });
  }
}

async function onSessionEvent(context: FulfilmentContext, event: StripeEventLike): Promise<FulfilmentOutcome> {
  const parsed = checkoutSessionObject().safeParse(event.data.object);
  if (!parsed.success) return { kind: "ignored", reason: `${event.type} without a Checkout Session it can read` };
  const session = parsed.data;
  const claim = sessionClaims[event.type] ?? (() => null);
  const observed = claim({ status: session.status ?? null, payment_status: session.payment_status ?? null });
  const result = await fulfilSession(context, session.id, observed, session);
  if (!result.found) return { kind: "unknown-session", orderId: session.id };
  return { kind: "applied", orderId: session.id, result };
}

/**
 * A completed subscription checkout names its subscription and customer: the order is tied to
 * them here, so renewals and the billing portal find it, and invoices that came first are entered.
 * What the checkout implies ('active' once paid) is recorded with the oldest timestamp, so any
 * subscription event overrides it.
 */
async function linkSubscription(
  context: FulfilmentContext,
  orderId: string,
  session: SessionFacts,
  status: OrderStatus,
): Promise<void> {
  const { env } = context;
  if (session.customer) await setStripeCustomer(env.DB, orderId, session.customer);
  if (!session.subscription) return;
  await applySubscriptionState(env.DB, {
    subscriptionId: session.subscription,
    orderId,
    customerId: session.customer ?? null,
    status: status === "paid" ? "active" : "incomplete",
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    stateAt: 0,
  });
  await enterHeldInvoices(context, session.subscription);
}

/** Applies one verified Stripe event, at most once per event id. */
export async function handleStripeEvent(
  context: FulfilmentContext,
  event: StripeEventLike,
): Promise<FulfilmentOutcome> {
  const db = context.env.DB;
  const handler = handlers[event.type];
  if (!handler) return { kind: "ignored", reason: `event type ${event.type} is not handled` };
  if (await isEventHandled(db, event.id)) return { kind: "duplicate" };

  const outcome = await handler(context, event);
  // Recorded after applying: if applying failed, Stripe's retry gets another go (each step is idempotent).
  const objectId = (event.data.object as { id?: unknown }).id;
  const orderId =
    outcome.kind === "applied" || outcome.kind === "billing" || outcome.kind === "unknown-session"
      ? outcome.orderId
      : typeof objectId === "string"
        ? objectId
        : null;
  await recordHandledEvent(db, event.id, event.type, orderId);
  return outcome;
}
