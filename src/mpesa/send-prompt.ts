/** One M-Pesa Express prompt: sent through Daraja and recorded with its callback token's hash. */

import type { MpesaRequestRow, OrderRow } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { base64url } from "../lib/base64url.ts";
import { accountReferenceOf } from "../orders/order-reference.ts";
import { MPESA_CALLBACK_PREFIX } from "../paths.ts";
import { type MpesaGateway, MpesaProviderError, MpesaRefusedError } from "../providers/daraja.ts";
import { sha256Hex } from "../security/sha256.ts";
import { insertMpesaRequest } from "./mpesa-request-queries.ts";

/** What Daraja shows the buyer beside the amount (at most 13 characters). */
const TRANSACTION_DESC = "Order payment";

type PromptResult =
  | { kind: "sent"; request: Pick<MpesaRequestRow, "checkout_request_id"> }
  | { kind: "refused" | "provider-failed" | "not-recorded" };

/** What the prompt shows beside the amount; an order's own unless a monthly plan's month names its own. */
type PromptLabels = { accountReference: string; description: string };

/**
 * Sends one PIN prompt for an order and records it. A prompt Daraja accepted but we could not record
 * is logged with its CheckoutRequestID: if the buyer pays it, the owner records the payment by hand.
 */
export async function sendPrompt(
  { env, origin, log }: WorkContext,
  gateway: MpesaGateway,
  order: OrderRow,
  amountKes: number,
  phone: string,
  labels: PromptLabels = { accountReference: accountReferenceOf(order), description: TRANSACTION_DESC },
): Promise<PromptResult> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const { accountReference } = labels;
  let accepted: Awaited<ReturnType<MpesaGateway["stkPush"]>>;
  try {
    accepted = await gateway.stkPush({
      amountKes,
      phone,
      accountReference,
      description: labels.description,
      callbackUrl: `${origin}${MPESA_CALLBACK_PREFIX}${token}`,
    });
  } catch (err) {
    if (!(err instanceof MpesaProviderError)) throw err;
    log.error(`STK push refused or failed: ${err.message}`, { orderId: order.order_id, error: err });
    return { kind: err instanceof MpesaRefusedError ? "refused" : "provider-failed" };
  }
  try {
    await insertMpesaRequest(env.DB, {
      checkoutRequestId: accepted.checkoutRequestId,
      merchantRequestId: accepted.merchantRequestId,
      orderId: order.order_id,
      callbackTokenHash: await sha256Hex(token),
      phone,
      amountKes,
      accountReference,
    });
  } catch (error) {
    log.error(`STK push ${accepted.checkoutRequestId} was sent but not recorded: record any payment by hand`, {
      orderId: order.order_id,
      checkoutRequestId: accepted.checkoutRequestId,
      error,
    });
    return { kind: "not-recorded" };
  }
  return { kind: "sent", request: { checkout_request_id: accepted.checkoutRequestId } };
}
