/**
 * The order state machine. Stripe may deliver events late, twice or out of order, so a status
 * only ever moves forward along this ranking, and 'paid' is final:
 *
 *   pending < expired < awaiting_payment < payment_failed < paid
 *
 * 'expired' ranks low because it is the weakest claim: a session that was ever completed was not
 * simply abandoned, so evidence of completion (awaiting, failed or paid) outranks it whatever order
 * the events arrive in. Nothing moves an order back to 'pending'.
 */
const orderStatuses = ["pending", "awaiting_payment", "paid", "payment_failed", "expired"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** For each target status, the statuses an order may move to it from. */
export const allowedFrom: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: [],
  expired: ["pending"],
  awaiting_payment: ["pending", "expired"],
  payment_failed: ["pending", "expired", "awaiting_payment"],
  paid: ["pending", "expired", "awaiting_payment", "payment_failed"],
};

/** The minimal view of a Stripe Checkout Session that decides an order's status. */
export type SessionState = { status: string | null; payment_status: string | null };

/** What a Checkout Session says about its order: null when it says nothing new ('open'). */
export function statusFromSession(session: SessionState): OrderStatus | null {
  if (session.status === "complete") {
    return session.payment_status === "paid" || session.payment_status === "no_payment_required"
      ? "paid"
      : "awaiting_payment";
  }
  if (session.status === "expired") return "expired";
  return null;
}
