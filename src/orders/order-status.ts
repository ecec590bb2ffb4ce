import type { OrderRow } from "../db/schema.ts";

/**
 * The order state machine. Stripe may deliver events late, twice or out of order, so a status
 * only ever moves forward along this ranking, and 'paid' and 'needs_review' are final:
 *
 *   pending < expired < awaiting_payment < payment_failed < no_payment_required < needs_review | paid
 *
 * 'expired' ranks low because it is the weakest claim: a session that was ever completed was not
 * simply abandoned, so evidence of completion (awaiting, failed or paid) outranks it whatever order
 * the events arrive in. Nothing moves an order back to 'pending'. 'needs_review' (Stripe's amount
 * or currency is missing or differs from the order's) is left for the owner: no event makes such an order paid.
 */
export type OrderStatus = OrderRow["status"];

/** For each target status, the statuses an order may move to it from. */
export const allowedFrom: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: [],
  expired: ["pending"],
  awaiting_payment: ["pending", "expired"],
  payment_failed: ["pending", "expired", "awaiting_payment"],
  no_payment_required: ["pending", "expired", "awaiting_payment", "payment_failed"],
  needs_review: ["pending", "expired", "awaiting_payment", "payment_failed", "no_payment_required"],
  paid: ["pending", "expired", "awaiting_payment", "payment_failed"],
};

/** The minimal view of a Stripe Checkout Session that decides an order's status. */
export type SessionState = {
  status: string | null;
  payment_status: string | null;
  amount_total?: number | null;
  currency?: string | null;
};

/** What a Checkout Session says about its order: null when it says nothing new ('open'). */
export function statusFromSession(session: SessionState): OrderStatus | null {
  if (session.status === "complete") {
    if (session.payment_status === "paid") return "paid";
    // Stripe took no money (a 100% discount, a free trial): recorded as such, never as paid.
    if (session.payment_status === "no_payment_required") return "no_payment_required";
    return "awaiting_payment";
  }
  if (session.status === "expired") return "expired";
  return null;
}

/**
 * Why Stripe's figures do not match the order's, or null when they do. Called for every claim of
 * payment (paid, or awaiting a bank debit): a claim without an amount or a currency is not a match,
 * whatever its status says.
 */
export function amountMismatch(
  order: { total_cents: number; currency: string },
  session: Pick<SessionState, "amount_total" | "currency">,
): string | null {
  const amount = session.amount_total ?? null;
  const currency = session.currency?.toLowerCase() || null;
  if (amount === order.total_cents && currency === order.currency.toLowerCase()) return null;
  const said =
    amount === null
      ? `no amount${currency ? ` (currency ${currency})` : " and no currency"}`
      : `${amount} ${currency ?? "(no currency)"}`;
  return `Stripe reported ${said}; the order recorded ${order.total_cents} ${order.currency}`;
}
