/**
 * What a paybill payment's account number names, and what is still due on it in shillings
 * (docs/paybill.md): an open quote (Q-…), an unpaid order by its short reference (ORD-…), an M-Pesa
 * plan by its reference (SUB-…), or, for the owner assigning a kept payment, an order by its id.
 * A payment is only ever credited to what its account number names.
 *
 * Shillings due: a quote not yet paid toward is due at the rate its page shows today (the M-Pesa
 * offer, kesAmount at the owner's rate); its order is then priced in shillings at that rate, so a
 * later part is counted against the same figure. An order priced in shillings (M-Pesa) is due its
 * own balance; an order in dollars, its balance at today's rate.
 */
import { findMpesaPlanByAccount } from "../billing/mpesa-plan-payments.ts";
import { kesAmount } from "../lib/kes.ts";
import { newOrderIds, quoteOrder } from "../orders/new-order.ts";
import { accountReferenceOf } from "../orders/order-reference.ts";
import { allowedFrom } from "../orders/order-status.ts";
import { getOrder, type NewOrder, type OrderRow } from "../orders/orders.ts";
import { currentKesRate } from "../payments/kes-rate.ts";
import { orderBalance, quotePartPayment } from "../payments/order-balance.ts";
import { getQuote, isQuoteNumber, type Quote } from "../quotes/quote-numbers.ts";
import { ordersByRefPrefix } from "./paybill-queries.ts";

/** Why a payment was kept for the owner rather than settled (paybill-copy.ts words each). */
export type UnmatchedReason =
  | "unknown"
  | "quote-accepted"
  | "quote-expired"
  | "order-paid"
  | "order-held"
  | "ambiguous"
  | "no-rate"
  | "shortcode"
  | "failed";

/** Something a payment can pay, with what is still due on it in KES cents and the rate it is counted at. */
export type PaybillTarget =
  | {
      kind: "new-quote-order";
      quote: Quote;
      order: NewOrder & { quoteNumber: string };
      dueCents: number;
      rateX100: number;
    }
  | { kind: "order"; order: OrderRow; dueCents: number; rateX100: number }
  | { kind: "subscription"; subscriptionId: string; dueCents: number };

export type FoundTarget = { ok: true; target: PaybillTarget } | { ok: false; reason: UnmatchedReason };

/** A buyer's account number must name something payable now; the owner may also pay what has expired or been paid. */
export type Payer = "buyer" | "owner";

const none = (reason: UnmatchedReason): FoundTarget => ({ ok: false, reason });

const SHORT_REFERENCE = /^ORD-([0-9A-F]{8})$/;
/** Our order ids (mp_…, mn_…, a Stripe session's cs_…): only the owner types them. */
const ORDER_ID = /^[A-Za-z0-9_]{1,255}$/;

/** What the account number names, as found now. Case and surrounding spaces do not matter. */
export async function findTarget(env: Env, typed: string, payer: Payer, now = Date.now()): Promise<FoundTarget> {
  const account = typed.trim().toUpperCase();
  if (isQuoteNumber(account)) return quoteTarget(env, account, payer, now);
  const short = account.match(SHORT_REFERENCE)?.[1];
  if (short) return shortReferenceTarget(env, account, short, payer);
  const plan = await findMpesaPlanByAccount(env.DB, account);
  if (plan)
    return {
      ok: true,
      target: { kind: "subscription", subscriptionId: plan.subscriptionId, dueCents: plan.dueKes * 100 },
    };
  if (payer === "owner" && ORDER_ID.test(typed.trim())) {
    const order = await getOrder(env.DB, typed.trim());
    if (order) return orderTarget(env, order, payer);
  }
  return none("unknown");
}

async function quoteTarget(env: Env, number: string, payer: Payer, now: number): Promise<FoundTarget> {
  const quote = await getQuote(env.DB, number);
  if (!quote) return none("unknown");
  if (quote.accepted_at) return none("quote-accepted");
  // A quote being paid in parts has its order: the next part goes to it, even once the quote's date has passed.
  const paying = await quotePartPayment(env.DB, quote.number);
  const order = paying ? await getOrder(env.DB, paying.orderId) : null;
  if (order) return orderTarget(env, order, payer);
  // Its prices no longer hold: the owner decides, as with a payment recorded by hand.
  if (payer === "buyer" && !(Date.parse(quote.valid_until) > now)) return none("quote-expired");
  const rate = await currentKesRate(env);
  if (!rate) return none("no-rate");
  const kes = kesAmount(quote.due_cents, rate.rateX100);
  const made = { ...quoteOrder(quote, newOrderIds("mp"), "mpesa"), kes: { amount: kes, rateX100: rate.rateX100 } };
  return {
    ok: true,
    target: { kind: "new-quote-order", quote, order: made, dueCents: kes * 100, rateX100: rate.rateX100 },
  };
}

/**
 * ORD-XXXXXXXX: the order whose reference begins with those 8 hex digits and whose reference to the
 * buyer is exactly this (an order paying a quote goes by the quote's number). Two orders sharing the
 * 8 digits (one in about 4 billion) are not guessed between: the payment is kept for the owner.
 */
async function shortReferenceTarget(env: Env, account: string, hex: string, payer: Payer): Promise<FoundTarget> {
  const named = (await ordersByRefPrefix(env.DB, hex)).filter((o) => accountReferenceOf(o) === account);
  const payable = payer === "owner" ? named : named.filter((o) => allowedFrom.paid.includes(o.status));
  if (payable.length > 1) return none("ambiguous");
  const [order] = payable;
  if (order) return orderTarget(env, order, payer);
  const [closed] = named;
  if (!closed) return none("unknown");
  return none(closed.status === "paid" ? "order-paid" : "order-held");
}

/** An order and its balance in shillings. A buyer pays only an order still payable; the owner any. */
async function orderTarget(env: Env, order: OrderRow, payer: Payer): Promise<FoundTarget> {
  if (payer === "buyer" && !allowedFrom.paid.includes(order.status)) {
    return none(order.status === "paid" ? "order-paid" : "order-held");
  }
  const balance = await orderBalance(env.DB, order.order_id);
  if (!balance) return none("unknown");
  if (balance.currency === "kes" && order.kes_rate_x100 !== null) {
    return {
      ok: true,
      target: { kind: "order", order, dueCents: balance.balanceCents, rateX100: order.kes_rate_x100 },
    };
  }
  const rate = await currentKesRate(env);
  if (!rate || balance.currency !== "usd") return none("no-rate");
  const dueCents = kesAmount(balance.balanceCents, rate.rateX100) * 100;
  return { ok: true, target: { kind: "order", order, dueCents, rateX100: rate.rateX100 } };
}
