import { type OrderStatus, type SessionState, statusFromSession } from "./order-status.ts";
import { getOrder, type TransitionResult, transitionOrder } from "./repository.ts";

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
 */
export async function fulfilSession(
  db: D1Database,
  sessionId: string,
  observed: OrderStatus | null,
): Promise<TransitionResult> {
  if (!observed) {
    const order = await getOrder(db, sessionId);
    return order ? { found: true, changed: false, status: order.status, previous: order.status } : { found: false };
  }
  return transitionOrder(db, sessionId, observed);
}

/** Applies one verified Stripe event, at most once per event id. */
export async function handleStripeEvent(db: D1Database, event: StripeEventLike): Promise<FulfilmentOutcome> {
  const statusOf = eventStatus[event.type];
  const session = event.data.object;
  if (!statusOf || session.object !== "checkout.session" || !session.id) {
    return { kind: "ignored", reason: `event type ${event.type} is not handled` };
  }
  const seen = await db.prepare("SELECT 1 FROM stripe_events WHERE event_id = ?").bind(event.id).first();
  if (seen) return { kind: "duplicate" };

  const observed = statusOf({ status: session.status ?? null, payment_status: session.payment_status ?? null });
  const result = await fulfilSession(db, session.id, observed);
  // Recorded after applying: if applying failed, Stripe's retry gets another go (transitions are idempotent).
  await db
    .prepare("INSERT OR IGNORE INTO stripe_events (event_id, type, session_id) VALUES (?, ?, ?)")
    .bind(event.id, event.type, session.id)
    .run();
  if (!result.found) return { kind: "unknown-session", sessionId: session.id };
  return { kind: "applied", sessionId: session.id, result };
}
