import type { Logger } from "../http/log.ts";
import { notifyOrderPaid } from "../mail/notify.ts";
import { type OrderStatus, type SessionState, statusFromSession } from "./order-status.ts";
import { getOrder, getOrderItems, type TransitionResult, transitionOrder } from "./repository.ts";

/** What fulfilment needs beyond the database: the queue for e-mails, the site's origin for links, a logger. */
export type FulfilmentContext = { env: Env; origin: string; log: Logger };

/** The Checkout Session events the site acts on, and the status each one asserts. */
const eventStatus: Record<string, (session: SessionState) => OrderStatus | null> = {
  "checkout.session.completed": statusFromSession,
  "checkout.session.async_payment_succeeded": () => "paid",
  "checkout.session.async_payment_failed": () => "payment_failed",
  "checkout.session.expired": () => "expired",
};

export type StripeEventLike = {
  id: string;
  type: string;
  data: { object: { id?: string; object?: string; status?: string | null; payment_status?: string | null } };
};

export type FulfilmentOutcome =
  | { kind: "ignored"; reason: string }
  | { kind: "duplicate" }
  | { kind: "unknown-session"; sessionId: string }
  | { kind: "applied"; sessionId: string; result: TransitionResult };

/**
 * Brings an order in line with what Stripe says about its session. The one place fulfilment
 * happens: the webhook and the success page both call it, and calling it again changes nothing.
 * A paid order has its e-mails queued here (once: the outbox drops repeats).
 */
export async function fulfilSession(
  context: FulfilmentContext,
  sessionId: string,
  observed: OrderStatus | null,
): Promise<TransitionResult> {
  const { DB } = context.env;
  if (!observed) {
    const order = await getOrder(DB, sessionId);
    return order ? { found: true, changed: false, status: order.status, previous: order.status } : { found: false };
  }
  const result = await transitionOrder(DB, sessionId, observed);
  if (result.found && result.status === "paid") await announcePaid(context, sessionId);
  return result;
}

/** Queues the paid order's e-mails; a failure here is logged and never undoes or fails the payment. */
async function announcePaid({ env, origin, log }: FulfilmentContext, sessionId: string): Promise<void> {
  try {
    const order = await getOrder(env.DB, sessionId);
    if (order) await notifyOrderPaid(env, { ...order, items: await getOrderItems(env.DB, sessionId) }, origin, log);
  } catch (error) {
    log.error("The paid order's e-mails could not be queued", { sessionId, error });
  }
}

/** Applies one verified Stripe event, at most once per event id. */
export async function handleStripeEvent(
  context: FulfilmentContext,
  event: StripeEventLike,
): Promise<FulfilmentOutcome> {
  const db = context.env.DB;
  const statusOf = eventStatus[event.type];
  const session = event.data.object;
  if (!statusOf || session.object !== "checkout.session" || !session.id) {
    return { kind: "ignored", reason: `event type ${event.type} is not handled` };
  }
  const seen = await db.prepare("SELECT 1 FROM stripe_events WHERE event_id = ?").bind(event.id).first();
  if (seen) return { kind: "duplicate" };

  const observed = statusOf({ status: session.status ?? null, payment_status: session.payment_status ?? null });
  const result = await fulfilSession(context, session.id, observed);
  // Recorded after applying: if applying failed, Stripe's retry gets another go (transitions are idempotent).
  await db
    .prepare("INSERT OR IGNORE INTO stripe_events (event_id, type, session_id) VALUES (?, ?, ?)")
    .bind(event.id, event.type, session.id)
    .run();
  if (!result.found) return { kind: "unknown-session", sessionId: session.id };
  return { kind: "applied", sessionId: session.id, result };
}
