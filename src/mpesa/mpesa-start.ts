/**
 * Starting an M-Pesa Express payment, in two steps with the prompt budgets between them (the routes
 * run them: mpesa/mpesa-answers.ts):
 *
 * 1. check: everything that can refuse the request without a prompt, for a cart, a written quote or
 *    a retry of a failed order. A retry is a new attempt: the order must still be unpaid, its quote
 *    open, its lines still sold at its prices, and after 15 minutes its shillings are priced again.
 * 2. start: the order is recorded (or, for a retry, claimed at the new price), then Daraja sends
 *    the PIN prompt. Each prompt's callback address carries a fresh unguessable token (only its
 *    hash is kept): Daraja's callbacks are not signed.
 */

import { findCatalogueEntry } from "../catalogue/catalogue.ts";
import type { PricedCart } from "../checkout/cart-pricing.ts";
import type { CustomerInfo } from "../checkout/customer-info-schema.ts";
import type { OrderRow } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { kesAmount, MPESA_MAX_KES } from "../lib/kes.ts";
import { cartOrderItems, newOrderIds, quoteOrder } from "../orders/new-order.ts";
import { allowedFrom } from "../orders/order-status.ts";
import { getOrderByRef, getOrderItems, insertOrder, type NewOrder } from "../orders/orders.ts";
import { mpesaOrderPath } from "../paths.ts";
import { currentKesRate } from "../payments/kes-rate.ts";
import { orderBalance, quotePartPayment } from "../payments/order-balance.ts";
import { createMpesaGateway, type MpesaGateway, MpesaNotConfiguredError } from "../providers/daraja.ts";
import { getQuote, type Quote } from "../quotes/quote-numbers.ts";
import { claimOrderPrompt, releaseOrderPrompt } from "./mpesa-request-queries.ts";
import { sendPrompt } from "./send-prompt.ts";

/** Why a payment did not start. The first group is the buyer's request; the rest is ours or Daraja's. */
export type MpesaRefusal =
  | { kind: "over-limit"; kes: number }
  | { kind: "rate-changed"; kes: number }
  | {
      kind: /** A quote with a monthly service: its page sends the buyer to checkout, where plans are paid by M-Pesa. */
        | "recurring"
        /** A cart whose monthly plan M-Pesa cannot bill: more than one plan, or more than one of it. */
        | "one-plan"
        /** A quote already paid, or past its date. */
        | "quote-accepted"
        | "quote-closed"
        /** Part of it was paid another way: the balance is not M-Pesa Express's to guess. */
        | "part-paid"
        /** A retry of an order paid meanwhile, or one no longer payable (held for review). */
        | "order-closed"
        /** A retry of a cart whose services are no longer sold at the order's prices. */
        | "order-changed";
    }
  | {
      kind:
        | "not-configured"
        | "refused"
        | "provider-failed"
        | "not-recorded"
        /** A retry while another prompt for the order is being sent or awaits the phone. */
        | "in-flight";
    };

/** The refusals a buyer's own request earns: they are counted against the network (promptBudgets.refused). */
export const REQUEST_REFUSALS: ReadonlySet<MpesaRefusal["kind"]> = new Set([
  "over-limit",
  "rate-changed",
  "recurring",
  "one-plan",
  "quote-accepted",
  "quote-closed",
  "part-paid",
  "order-closed",
  "order-changed",
]);

type Price = { kes: number; rateX100: number; pricedAt: string };

/** A payment that passed every check: what it charges, through which gateway, for which order. */
export type MpesaAttempt = {
  gateway: MpesaGateway;
  price: Price;
  order: { kind: "new"; order: NewOrder } | { kind: "retry"; order: OrderRow };
};

export type MpesaStart = { kind: "started"; path: string } | MpesaRefusal;

/** How long an order's shillings hold: a retry after this is charged at the day's rate. */
const PRICE_HOLDS_MS = 15 * 60 * 1000;

export const isRefusal = (checked: MpesaAttempt | MpesaRefusal): checked is MpesaRefusal => "kind" in checked;

function gatewayOf({ env, log }: WorkContext): MpesaGateway | null {
  try {
    return createMpesaGateway(env);
  } catch (err) {
    if (!(err instanceof MpesaNotConfiguredError)) throw err;
    log.error(`M-Pesa payment refused: ${err.message}`, { error: err });
    return null;
  }
}

/** Today's shillings for US cents, or why none can be named. */
async function priceToday(env: Env, usdCents: number): Promise<Price | null> {
  const rate = await currentKesRate(env);
  if (!rate) return null;
  return { kes: kesAmount(usdCents, rate.rateX100), rateX100: rate.rateX100, pricedAt: new Date().toISOString() };
}

/** The price, checked against the shillings the buyer was shown and M-Pesa's limit. */
function shownPrice(price: Price, shownKes: number): Price | MpesaRefusal {
  if (price.kes !== shownKes) return { kind: "rate-changed", kes: price.kes };
  if (price.kes > MPESA_MAX_KES) return { kind: "over-limit", kes: price.kes };
  return price;
}

async function attemptAt(
  context: WorkContext,
  usdCents: number,
  shownKes: number,
  order: MpesaAttempt["order"],
): Promise<MpesaAttempt | MpesaRefusal> {
  const today = await priceToday(context.env, usdCents);
  if (!today) return { kind: "not-configured" };
  const price = shownPrice(today, shownKes);
  if ("kind" in price) return price;
  const gateway = gatewayOf(context);
  return gateway ? { gateway, price, order } : { kind: "not-configured" };
}

/**
 * A cart paid by M-Pesa: the amount over the limit is refused, and so is a monthly plan M-Pesa cannot
 * bill (each M-Pesa plan is one plan, once). A cart with its plan pays the first month now; the plan
 * starts when it is paid (billing/mpesa-plan-start.ts).
 */
export function checkMpesaCart(
  context: WorkContext,
  cart: PricedCart,
  customer: CustomerInfo,
  shownKes: number,
): Promise<MpesaAttempt | MpesaRefusal> {
  const plans = cart.lines.filter((line) => line.entry.recurring);
  if (plans.length > 1 || plans.some((line) => line.quantity !== 1)) return Promise.resolve({ kind: "one-plan" });
  const order: NewOrder = {
    ...newOrderIds("mp"),
    mode: cart.subscription ? "subscription" : "payment",
    provider: "mpesa",
    customer,
    items: cartOrderItems(cart),
    totalCents: cart.totalCents,
  };
  return attemptAt(context, cart.totalCents, shownKes, { kind: "new", order });
}

/** Why a quote cannot be paid by M-Pesa now, or null: it must be open, unpaid, in date and one-off. */
async function quoteRefusal(env: Env, quote: Quote): Promise<MpesaRefusal | null> {
  if (quote.accepted_at) return { kind: "quote-accepted" };
  if (!(Date.parse(quote.valid_until) > Date.now())) return { kind: "quote-closed" };
  if (quote.monthly_cents > 0) return { kind: "recurring" };
  if (await quotePartPayment(env.DB, quote.number)) return { kind: "part-paid" };
  return null;
}

/** A written quote paid by M-Pesa at its quoted prices. */
export async function checkMpesaQuote(
  context: WorkContext,
  quote: Quote,
  shownKes: number,
): Promise<MpesaAttempt | MpesaRefusal> {
  const refused = await quoteRefusal(context.env, quote);
  if (refused) return refused;
  const order = { ...quoteOrder(quote, newOrderIds("mp"), "mpesa") };
  return attemptAt(context, quote.due_cents, shownKes, { kind: "new", order });
}

/**
 * The shillings a retry of this order asks: its own while they are fresh, else today's. Null when no
 * rate is configured. The waiting page shows this amount, and the retry charges exactly it.
 */
export async function retryPrice(env: Env, order: OrderRow, now = Date.now()): Promise<Price | null> {
  const pricedAt = order.kes_priced_at ?? order.created_at;
  if (order.kes_amount !== null && order.kes_rate_x100 !== null && now - Date.parse(pricedAt) < PRICE_HOLDS_MS) {
    return { kes: order.kes_amount, rateX100: order.kes_rate_x100, pricedAt };
  }
  return priceToday(env, order.total_cents);
}

/** True when every line of a cart order is still sold as ordered (one-off or monthly), at the price the order holds. */
async function stillSoldAsOrdered(env: Env, order: OrderRow): Promise<boolean> {
  const items = await getOrderItems(env.DB, order.order_id);
  return items.every((item) => {
    const entry = findCatalogueEntry(item.item_id);
    return (
      entry !== undefined && entry.recurring === (item.recurring === 1) && entry.unitAmount === item.unit_amount_cents
    );
  });
}

/** Why a failed order cannot be prompted again, or null. */
async function retryRefusal(env: Env, order: OrderRow): Promise<MpesaRefusal | null> {
  if (!allowedFrom.paid.includes(order.status)) return { kind: "order-closed" };
  if (order.quote_number) {
    const quote = await getQuote(env.DB, order.quote_number);
    const refused = quote ? await quoteRefusal(env, quote) : { kind: "quote-closed" as const };
    if (refused) return refused;
  } else if (!(await stillSoldAsOrdered(env, order))) {
    return { kind: "order-changed" };
  }
  const balance = await orderBalance(env.DB, order.order_id);
  if (balance && balance.paidCents > 0) return { kind: "part-paid" };
  return null;
}

/** "Send the prompt again" for a failed order: re-checked as a first attempt is, at retryPrice. */
export async function checkMpesaRetry(
  context: WorkContext,
  order: OrderRow,
  shownKes: number,
): Promise<MpesaAttempt | MpesaRefusal> {
  const { env } = context;
  const refused = await retryRefusal(env, order);
  if (refused) return refused;
  const fresh = await retryPrice(env, order);
  if (!fresh) return { kind: "not-configured" };
  const price = shownPrice(fresh, shownKes);
  if ("kind" in price) return price;
  const gateway = gatewayOf(context);
  if (!gateway) return { kind: "not-configured" };
  // Of two retries at once, one claims the order; the claim also writes the price it will ask.
  if (!(await claimOrderPrompt(env.DB, order.order_id, price, allowedFrom.paid))) return { kind: "in-flight" };
  return { gateway, price, order: { kind: "retry", order } };
}

/** An attempt that will not be started after all (a budget refused it): a retry's claim is let go. */
export async function abandonMpesaAttempt(env: Env, attempt: MpesaAttempt): Promise<void> {
  if (attempt.order.kind === "retry") await releaseOrderPrompt(env.DB, attempt.order.order.order_id);
}

/** Records the order (a retry's is already claimed) and sends its prompt. */
export async function startMpesaAttempt(
  context: WorkContext,
  attempt: MpesaAttempt,
  phone: string,
): Promise<MpesaStart> {
  const { env } = context;
  const { order, price } = attempt;
  let row: OrderRow | null;
  if (order.kind === "new") {
    try {
      await insertOrder(env.DB, { ...order.order, kes: { amount: price.kes, rateX100: price.rateX100 } });
    } catch (error) {
      context.log.error("M-Pesa order could not be recorded", { error });
      return { kind: "not-recorded" };
    }
    row = await getOrderByRef(env.DB, order.order.orderRef);
    if (!row) return { kind: "not-recorded" };
  } else {
    row = order.order;
  }
  const prompted = await sendPrompt(context, attempt.gateway, row, price.kes, phone);
  // Recorded, the prompt is pending and keeps other retries away; not sent, the order is free again.
  if (order.kind === "retry") await releaseOrderPrompt(env.DB, row.order_id);
  if (prompted.kind !== "sent") return prompted;
  return { kind: "started", path: mpesaOrderPath(row.order_ref ?? "") };
}
