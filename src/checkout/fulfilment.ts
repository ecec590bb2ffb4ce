import { eq } from "drizzle-orm";
import { onSubscriptionEvent, recordSubscriptionCheckout } from "../billing/billing-events.ts";
import { onInvoiceEvent } from "../billing/invoice-events.ts";
import { onScheduleEvent } from "../billing/plan-changes.ts";
import { database } from "../db/client.ts";
import { stripeEvents } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { recordPaymentOutcome } from "../insight/payment-events.ts";
import { notifyOrderReview } from "../mail/order-notices.ts";
import {
  allowedFrom,
  amountMismatch,
  type OrderStatus,
  type SessionState,
  statusFromSession,
} from "../orders/order-status.ts";
import {
  getOrderByStripeSession,
  type OrderRow,
  setStripeCustomer,
  type TransitionResult,
  transitionOrder,
} from "../orders/orders.ts";
import type { LedgerLine } from "../payments/ledger.ts";
import { settlePayment } from "../payments/settle-payment.ts";
import { onRefundEvent } from "../refunds/stripe-refund-events.ts";
import type { FulfilmentOutcome, StripeEventLike } from "./fulfilment-types.ts";
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

type EventHandler = (context: WorkContext, event: StripeEventLike) => Promise<FulfilmentOutcome>;

const handlers: Record<string, EventHandler> = {
  ...Object.fromEntries(Object.keys(sessionClaims).map((type) => [type, onSessionEvent])),
  "invoice.paid": onInvoiceEvent,
  "invoice.payment_failed": onInvoiceEvent,
  "customer.subscription.created": onSubscriptionEvent,
  "customer.subscription.updated": onSubscriptionEvent,
  "customer.subscription.deleted": onSubscriptionEvent,
  // Refunds, ours and those made in Stripe's dashboard (refunds/stripe-refund-events.ts).
  "charge.refunded": onRefundEvent,
  "charge.refund.updated": onRefundEvent,
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
  context: WorkContext,
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
  const payable = order.status === "paid" || allowedFrom.paid.includes(order.status);
  const result =
    target === "paid" && payable
      ? await settleCardPayment(context, order, figures)
      : await transitionOrder(DB, orderId, target, reason);
  if (!result.found) return result;
  if (result.changed && result.status === "payment_failed") {
    recordPaymentOutcome(context, { channel: "card", outcome: "failed" });
  }
  await linkSubscription(context, orderId, figures, result.status);

  if (result.changed && reason && (result.status === "needs_review" || result.status === "no_payment_required")) {
    context.log.error(`Order ${orderId} held for review: ${reason}`, {
      orderId,
      orderTotalCents: order.total_cents,
      orderCurrency: order.currency,
      stripeAmountTotal: figures.amount_total ?? null,
      stripeCurrency: figures.currency ?? null,
    });
    await safely(context, orderId, "review e-mail", () => notifyOrderReview(context, order, reason));
  }
  return result;
}

/**
 * Stripe took the order's own amount: settled as every payment is (payments/settle-payment.ts),
 * the order paid, its line (a one-off order's; a subscription's money is its invoices') numbered,
 * and its e-mails queued.
 */
async function settleCardPayment(
  context: WorkContext,
  order: OrderRow,
  figures: SessionFacts,
): Promise<TransitionResult> {
  const line: LedgerLine | null =
    order.mode === "payment"
      ? {
          paymentId: order.order_id,
          orderId: order.order_id,
          subscriptionId: null,
          status: "paid",
          amountCents: figures.amount_total ?? order.total_cents,
          currency: figures.currency ?? order.currency,
          billingReason: "checkout",
          periodStart: null,
          periodEnd: null,
          provider: "stripe",
        }
      : null;
  const settled = await settlePayment(context, { channel: "card", order, line, settles: "paid" });
  return { found: true, changed: settled.becamePaid, status: settled.order.status, previous: order.status };
}

async function safely(
  { log }: WorkContext,
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

async function onSessionEvent(context: WorkContext, event: StripeEventLike): Promise<FulfilmentOutcome> {
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
 * them here, and billing records what the checkout implies for the subscription (billing-events.ts).
 */
async function linkSubscription(
  context: WorkContext,
  orderId: string,
  session: SessionFacts,
  status: OrderStatus,
): Promise<void> {
  const { env } = context;
  if (session.customer) await setStripeCustomer(env.DB, orderId, session.customer);
  if (!session.subscription) return;
  await recordSubscriptionCheckout(context, {
    subscriptionId: session.subscription,
    orderId,
    customerId: session.customer ?? null,
    paid: status === "paid",
  });
}

/** Stripe events already handled (migrations/0001), so a replayed delivery changes nothing. */
async function isEventHandled(db: D1Database, eventId: string): Promise<boolean> {
  const found = await database(db)
    .select({ event_id: stripeEvents.event_id })
    .from(stripeEvents)
    .where(eq(stripeEvents.event_id, eventId))
    .get();
  return found !== undefined;
}

/** Records a handled event; recording one twice keeps the first. */
async function recordHandledEvent(
  db: D1Database,
  eventId: string,
  type: string,
  orderId: string | null,
): Promise<void> {
  await database(db).insert(stripeEvents).values({ event_id: eventId, type, order_id: orderId }).onConflictDoNothing();
}

/** Applies one verified Stripe event, at most once per event id. */
export async function handleStripeEvent(context: WorkContext, event: StripeEventLike): Promise<FulfilmentOutcome> {
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
