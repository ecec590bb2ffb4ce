/** An M-Pesa order as its waiting page tells it: the order, its newest prompt and what to show. */

import type { MpesaRequestRow, OrderRow } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { displaySafaricomNumber } from "../lib/safaricom.ts";
import { accountReferenceOf } from "../orders/order-reference.ts";
import { getOrderByRef } from "../orders/orders.ts";
import { mpesaOrderPath, paths, quotePagePath } from "../paths.ts";
import { mpesaStandinPromptUrl } from "../providers/daraja.ts";
import { getQuote } from "../quotes/quote-numbers.ts";
import { receiptRefOf } from "../receipts/issue-receipt.ts";
import { mpesaCopy, mpesaResultSentence } from "./mpesa-copy.ts";
import { latestMpesaRequest } from "./mpesa-request-queries.ts";
import { retryPrice } from "./mpesa-start.ts";

/** An M-Pesa order as its waiting page shows it to whoever holds its address. */
export type MpesaOrderView = {
  state: "pending" | "paid" | "failed";
  kes: number;
  /** The number the prompt went to, as a Kenyan writes it (0712 345 678). */
  phone: string;
  /** M-Pesa's receipt number, once paid. */
  mpesaReceipt: string | null;
  /** Our numbered receipt's PDF, once issued. */
  receiptHref: string | null;
  receiptNumber: string | null;
  /** Why the last prompt failed, for the buyer. */
  failure: string | null;
  accountReference: string;
  selfHref: string;
  statusHref: string;
  retryAction: string;
  /** Where to pay another way: /checkout, or the quote's page. */
  elsewhere: { href: string; label: string };
  /** The local stand-in's phone page (npm start and tests only). */
  testPhoneHref: string | null;
  /** The shillings "Send the prompt again" asks (today's rate once the order's has aged); null: none can be named. */
  retryKes: number | null;
  /** Why the page asks again (the amount changed), above the form. */
  notice: string | null;
};

export type MpesaOrderState = { order: OrderRow; request: MpesaRequestRow | null; view: MpesaOrderView };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** null for anything that is not an M-Pesa order's reference (the page then answers 404). */
export async function mpesaOrderState(
  { env, origin }: WorkContext,
  ref: string | undefined,
): Promise<MpesaOrderState | null> {
  if (!ref || !UUID.test(ref)) return null;
  const order = await getOrderByRef(env.DB, ref);
  if (order?.provider !== "mpesa" || order.kes_amount === null) return null;
  const request = await latestMpesaRequest(env.DB, order.order_id);
  // A paid prompt is money received, even while the owner reviews its order (a late confirmation).
  const state: MpesaOrderView["state"] =
    order.status === "paid" || request?.status === "paid"
      ? "paid"
      : request?.status === "pending"
        ? "pending"
        : "failed";
  const receipt = request?.status === "paid" ? await receiptRefOf(env.DB, request.checkout_request_id) : null;
  const selfHref = mpesaOrderPath(ref);
  const view: MpesaOrderView = {
    state,
    kes: order.kes_amount,
    phone: request ? displaySafaricomNumber(request.phone) : "",
    mpesaReceipt: request?.mpesa_receipt ?? null,
    receiptHref: receipt?.path ?? null,
    receiptNumber: receipt?.number ?? null,
    failure:
      state === "failed" ? (request ? mpesaResultSentence(request.result_code) : mpesaCopy.providerFailed) : null,
    accountReference: accountReferenceOf(order),
    selfHref,
    statusHref: `${selfHref}/status`,
    retryAction: `${selfHref}/retry`,
    elsewhere: await elsewhereOf(env, order),
    testPhoneHref: request && state === "pending" ? testPhoneOf(env, request, `${origin}${selfHref}`) : null,
    retryKes: state === "failed" ? ((await retryPrice(env, order))?.kes ?? null) : null,
    notice: null,
  };
  return { order, request, view };
}

/** Another way to pay: the quote's own page (its key from the quote), or the checkout with the cart still held. */
async function elsewhereOf(env: Env, order: OrderRow): Promise<MpesaOrderView["elsewhere"]> {
  const quote = order.quote_number ? await getQuote(env.DB, order.quote_number) : null;
  if (quote) return { href: quotePagePath(quote.number, quote.access_key), label: mpesaCopy.waiting.backToQuote };
  return { href: paths.checkout, label: mpesaCopy.waiting.payByCard };
}

/** The local stand-in's phone for this prompt, with a way back here (npm start and the tests only). */
function testPhoneOf(env: Env, request: MpesaRequestRow, back: string): string | null {
  const prompt = mpesaStandinPromptUrl(env, request.checkout_request_id);
  return prompt ? `${prompt}?return=${encodeURIComponent(back)}` : null;
}
