/**
 * Starting an M-Pesa Express payment: the order is recorded at the shillings the buyer was shown,
 * then Daraja sends the PIN prompt to the buyer's phone. Each prompt's callback address carries a
 * fresh unguessable token (only its hash is kept): Daraja's callbacks are not signed.
 */
import { insertMpesaRequest } from "../db/mpesa-requests.ts";
import { getOrderByRef, insertOrder, type NewOrder } from "../db/orders.ts";
import type { MpesaRequestRow, OrderRow } from "../db/schema.ts";
import type { Logger } from "../http/log.ts";
import { base64url } from "../lib/base64url.ts";
import { kesAmount, MPESA_MAX_KES } from "../lib/kes.ts";
import type { PricedCart } from "../orders/cart-pricing.ts";
import { cartOrderItems, newOrderIds, quoteOrder } from "../orders/new-order.ts";
import { MPESA_CALLBACK_PREFIX, mpesaOrderPath } from "../paths.ts";
import type { Quote } from "../quotes/repository.ts";
import type { CustomerInfo } from "../schemas/customer-info.ts";
import { sha256Hex } from "../security/sha256.ts";
import {
  createMpesaGateway,
  type MpesaGateway,
  MpesaNotConfiguredError,
  MpesaProviderError,
  MpesaRefusedError,
} from "../services/mpesa.ts";
import { currentKesRate } from "./kes-rate.ts";

export type MpesaStart =
  | { kind: "started"; path: string }
  | { kind: "over-limit"; kes: number }
  | { kind: "rate-changed"; kes: number }
  | {
      kind: "not-configured" | "recurring" | "refused" | "provider-failed" | "not-recorded";
    }
  /** A quote already paid, or past its date. */
  | { kind: "quote-accepted" | "quote-closed" };

export type MpesaContext = { origin: string; logger: Logger };

/** What Daraja shows the buyer beside the amount (at most 13 characters). */
const TRANSACTION_DESC = "Order payment";

/** What an order asks for: its lines at the prices it will be charged, in US cents. */
type Priced = { totalCents: number; recurring: boolean };

/** The shillings for a price at today's rate, or why M-Pesa cannot take it. */
async function shillings(env: Env, priced: Priced, shownKes: number) {
  if (priced.recurring) return { kind: "recurring" } as const;
  const rate = await currentKesRate(env);
  if (!rate) return { kind: "not-configured" } as const;
  const kes = kesAmount(priced.totalCents, rate.rateX100);
  if (kes !== shownKes) return { kind: "rate-changed", kes } as const;
  if (kes > MPESA_MAX_KES) return { kind: "over-limit", kes } as const;
  return { kind: "ok", kes, rateX100: rate.rateX100 } as const;
}

function gatewayOf(env: Env, logger: Logger): MpesaGateway | null {
  try {
    return createMpesaGateway(env);
  } catch (err) {
    if (!(err instanceof MpesaNotConfiguredError)) throw err;
    logger.error(`M-Pesa payment refused: ${err.message}`, { error: err });
    return null;
  }
}

/** Pays a cart by M-Pesa: card-only carts (a monthly plan) and amounts over the limit are refused first. */
export async function startMpesaCart(
  env: Env,
  cart: PricedCart,
  customer: CustomerInfo,
  phone: string,
  shownKes: number,
  context: MpesaContext,
): Promise<MpesaStart> {
  const price = await shillings(env, { totalCents: cart.totalCents, recurring: cart.subscription }, shownKes);
  if (price.kind !== "ok") return price;
  const gateway = gatewayOf(env, context.logger);
  if (!gateway) return { kind: "not-configured" };
  const order: NewOrder = {
    ...newOrderIds("mp"),
    mode: "payment",
    provider: "mpesa",
    kes: { amount: price.kes, rateX100: price.rateX100 },
    customer,
    items: cartOrderItems(cart),
    totalCents: cart.totalCents,
  };
  return recordAndPrompt(env, gateway, order, phone, context);
}

/** Pays a written quote by M-Pesa at its quoted prices, while it is valid and not yet paid. */
export async function startMpesaQuote(
  env: Env,
  quote: Quote,
  phone: string,
  shownKes: number,
  context: MpesaContext,
): Promise<MpesaStart> {
  if (quote.accepted_at) return { kind: "quote-accepted" };
  if (!(Date.parse(quote.valid_until) > Date.now())) return { kind: "quote-closed" };
  const price = await shillings(env, { totalCents: quote.due_cents, recurring: quote.monthly_cents > 0 }, shownKes);
  if (price.kind !== "ok") return price;
  const gateway = gatewayOf(env, context.logger);
  if (!gateway) return { kind: "not-configured" };
  const order: NewOrder = {
    ...quoteOrder(quote, newOrderIds("mp"), "mpesa"),
    kes: { amount: price.kes, rateX100: price.rateX100 },
  };
  return recordAndPrompt(env, gateway, order, phone, context);
}

async function recordAndPrompt(
  env: Env,
  gateway: MpesaGateway,
  order: NewOrder,
  phone: string,
  context: MpesaContext,
): Promise<MpesaStart> {
  try {
    await insertOrder(env.DB, order);
  } catch (error) {
    context.logger.error("M-Pesa order could not be recorded", { error });
    return { kind: "not-recorded" };
  }
  const row = await getOrderByRef(env.DB, order.orderRef);
  if (!row) return { kind: "not-recorded" };
  const prompted = await sendPrompt(env, gateway, row, phone, context);
  return prompted.kind === "sent" ? { kind: "started", path: mpesaOrderPath(order.orderRef) } : prompted;
}

/** What AccountReference names (at most 12 characters): the quote's number, or ORD- and our reference. */
export function accountReferenceOf(order: Pick<OrderRow, "quote_number" | "order_ref">): string {
  if (order.quote_number && order.quote_number.length <= 12) return order.quote_number;
  return `ORD-${(order.order_ref ?? "").replaceAll("-", "").slice(0, 8).toUpperCase()}`;
}

export type PromptResult =
  | { kind: "sent"; request: Pick<MpesaRequestRow, "checkout_request_id"> }
  | { kind: "refused" | "provider-failed" | "not-recorded" };

/**
 * Sends one PIN prompt for an order and records it. A prompt Daraja accepted but we could not record
 * is logged with its CheckoutRequestID: if the buyer pays it, the owner records the payment by hand.
 */
export async function sendPrompt(
  env: Env,
  gateway: MpesaGateway,
  order: OrderRow,
  phone: string,
  { origin, logger }: MpesaContext,
): Promise<PromptResult> {
  const amountKes = order.kes_amount;
  if (!amountKes) return { kind: "refused" };
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const accountReference = accountReferenceOf(order);
  let accepted: Awaited<ReturnType<MpesaGateway["stkPush"]>>;
  try {
    accepted = await gateway.stkPush({
      amountKes,
      phone,
      accountReference,
      description: TRANSACTION_DESC,
      callbackUrl: `${origin}${MPESA_CALLBACK_PREFIX}${token}`,
    });
  } catch (err) {
    if (!(err instanceof MpesaProviderError)) throw err;
    logger.error(`STK push refused or failed: ${err.message}`, { sessionId: order.session_id, error: err });
    return { kind: err instanceof MpesaRefusedError ? "refused" : "provider-failed" };
  }
  try {
    await insertMpesaRequest(env.DB, {
      checkoutRequestId: accepted.checkoutRequestId,
      merchantRequestId: accepted.merchantRequestId,
      sessionId: order.session_id,
      callbackTokenHash: await sha256Hex(token),
      phone,
      amountKes,
      accountReference,
    });
  } catch (error) {
    logger.error(`STK push ${accepted.checkoutRequestId} was sent but not recorded: record any payment by hand`, {
      sessionId: order.session_id,
      checkoutRequestId: accepted.checkoutRequestId,
      error,
    });
    return { kind: "not-recorded" };
  }
  return { kind: "sent", request: { checkout_request_id: accepted.checkoutRequestId } };
}
