/**
 * M-Pesa refunds: Daraja's Transaction Reversal of the whole payment (docs/refunds.md). The refund is
 * pending from the request until Daraja's asynchronous Result. The Result is not signed, so it is
 * a claim checked against what only the request knows: it must come to the secret result address,
 * name the ConversationID and OriginatorConversationID Daraja gave our request (in its answer to our
 * authenticated call, never sent anywhere else), and, to count as done, reverse the payment's own
 * M-Pesa receipt by the refund's own amount. Daraja's Transaction Status query cannot add proof:
 * it too answers asynchronously, by an unsigned callback.
 */
import type { RefundRow } from "../db/refund-tables.ts";
import type { PaymentRow } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { ledgerLineOf } from "../payments/ledger.ts";
import { MpesaProviderError, MpesaRefusedError } from "../providers/daraja.ts";
import { createReversalGateway, parseReversalResult, type ReversalResult } from "../providers/daraja-reversal.ts";
import { refundByConversation, setReversalIds } from "./refund-queries.ts";
import { failRefund, settleRefund } from "./refunds.ts";
import { refundsCopy } from "./refunds-copy.ts";
import { resultPathSecret, reversalUrls } from "./reversal-secret.ts";

/** What the buyer's M-Pesa statement shows beside the reversal: fixed words. */
const REMARKS = "Refund";

/** Asks Daraja to reverse the payment; a refusal or no answer fails the refund with why. */
export async function sendReversal(context: WorkContext, refund: RefundRow, payment: PaymentRow): Promise<void> {
  const { env, log } = context;
  const copy = refundsCopy.failure;
  const secret = resultPathSecret(env);
  const urls = "secret" in secret ? reversalUrls(context.origin, secret.secret) : secret;
  if ("problem" in urls) {
    log.error(`No reversal asked: ${urls.problem}`, { refundId: refund.refund_id });
    await failRefund(context, refund.refund_id, refundsCopy.refused.mpesaNotConfigured);
    return;
  }
  try {
    const accepted = await createReversalGateway(env).reverse({
      transactionId: (payment.reference ?? "").toUpperCase(),
      amountKes: refund.amount_cents / 100,
      resultUrl: urls.resultUrl,
      timeoutUrl: urls.timeoutUrl,
      remarks: REMARKS,
      occasion: refund.refund_id,
    });
    await setReversalIds(env.DB, refund.refund_id, {
      conversation: accepted.conversationId,
      originator: accepted.originatorConversationId,
    });
  } catch (err) {
    if (!(err instanceof MpesaProviderError)) throw err;
    log.error(`Reversal not taken: ${err.message}`, { refundId: refund.refund_id, error: err });
    await failRefund(
      context,
      refund.refund_id,
      err instanceof MpesaRefusedError ? copy.mpesaRefused : copy.mpesaUnreachable,
    );
  }
}

/** Why a successful Result is not this refund's reversal of this payment, or null. */
function mismatch(refund: RefundRow, payment: PaymentRow | null, result: ReversalResult): string | null {
  if (!payment) return "the refunded payment is no longer in the ledger";
  if (result.originalTransactionId !== (payment.reference ?? "").toUpperCase()) {
    return "it reverses another M-Pesa transaction";
  }
  if (result.amount === null || Math.round(result.amount * 100) !== refund.amount_cents) {
    return `amount ${result.amount} is not the refund's`;
  }
  if (!result.transactionId) return "it names no transaction id of the reversal";
  return null;
}

export type ReversalAnswer = "applied" | "ignored";

/**
 * Applies what Daraja posted to the result (or timeout) address. Anything that does not name a
 * reversal we asked for, by both of its ids, changes nothing; a result is applied once.
 */
export async function applyReversalAnswer(
  context: WorkContext,
  kind: "result" | "timeout",
  body: unknown,
): Promise<ReversalAnswer> {
  const { env, log } = context;
  const copy = refundsCopy.failure;
  const result = parseReversalResult(body);
  if (!result) return "ignored";
  const refund = await refundByConversation(env.DB, result.conversationId);
  if (refund?.channel !== "mpesa" || refund.originator_conversation_id !== result.originatorConversationId) {
    log.warn("A reversal answer names no reversal of ours: ignored", { kind });
    return "ignored";
  }
  const ids = { refundId: refund.refund_id };
  if (kind === "timeout")
    return (await failRefund(context, refund.refund_id, copy.mpesaTimedOut)) ? "applied" : "ignored";
  if (result.resultCode !== "0") {
    const failed = await failRefund(
      context,
      refund.refund_id,
      copy.mpesaResult(result.resultCode, result.resultDesc.slice(0, 200)),
    );
    return failed ? "applied" : "ignored";
  }
  const problem = mismatch(refund, await ledgerLineOf(env.DB, refund.payment_id), result);
  if (problem) {
    log.error(`A reversal result was not applied: ${problem}`, ids);
    return "ignored";
  }
  const settled = await settleRefund(context, refund.refund_id, { mpesaTransactionId: result.transactionId });
  return settled ? "applied" : "ignored";
}
