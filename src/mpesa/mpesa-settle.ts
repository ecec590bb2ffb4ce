/**
 * How an M-Pesa prompt ends. A callback is a hint, never proof: it must come to the prompt's own
 * token address and name the prompt, its amount and phone; even then the result is what an STK
 * query to Daraja says. The waiting page and a cron sweep ask Daraja too, so a prompt whose
 * callback never came still ends, paid or failed.
 */

import { isPlanPrompt, settlePlanPrompt } from "../billing/mpesa-plan-payments.ts";
import { planCheckoutOf, tellIfPlanStarted } from "../billing/mpesa-plan-start.ts";
import type { MpesaRequestRow, OrderRow } from "../db/schema.ts";
import { type StepTally, tally } from "../http/cron-step.ts";
import type { WorkContext } from "../http/work-context.ts";
import { recordPaymentOutcome } from "../insight/payment-events.ts";
import { notifyLateMpesaPayment } from "../mail/order-notices.ts";
import { getOrder, transitionOrder } from "../orders/orders.ts";
import type { LedgerLine } from "../payments/ledger.ts";
import { settlePayment } from "../payments/settle-payment.ts";
import { createMpesaGateway, parseStkCallback, type StkCallback } from "../providers/daraja.ts";
import { sha256Hex } from "../security/sha256.ts";
import {
  claimMpesaCheck,
  mpesaRequestByTokenHash,
  settleFailedMpesaRequestAsPaid,
  settleMpesaRequest,
  stalePendingMpesaRequests,
} from "./mpesa-request-queries.ts";

/** Daraja's code for a payment that went through. */
const PAID = 0;
/** Daraja's code when the phone never answered: what a prompt still unanswered after an hour is taken as. */
const NO_ANSWER = 1037;

/** The sweep asks about prompts older than this, and gives up on them (no answer) after GIVE_UP. */
const SWEEP_AFTER_SECONDS = 3 * 60;
const GIVE_UP_SECONDS = 60 * 60;
/**
 * Prompts asked about a run. A settled prompt leaves the sweep's WHERE; one still pending is asked
 * again next run by design, for at most GIVE_UP_SECONDS, so the set never grows past an hour's.
 */
const SWEEP_BUDGET = 50;
/** Daraja is asked about one prompt at most this often, whoever asks. */
const CHECK_EVERY_SECONDS = 20;

export type CallbackOutcome = "applied" | "pending" | "ignored";

/** A token as sendPrompt makes them; anything else is refused before the database is asked. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Applies a callback posted to /mpesa/callback/<token>. A wrong token, a callback naming another
 * prompt or other figures, and one for a prompt already settled change nothing.
 */
export async function applyMpesaCallback(context: WorkContext, token: string, body: unknown): Promise<CallbackOutcome> {
  if (!TOKEN.test(token)) return "ignored";
  const request = await mpesaRequestByTokenHash(context.env.DB, await sha256Hex(token));
  const callback = parseStkCallback(body);
  if (!request || !callback) return "ignored";
  const problem = mismatch(request, callback);
  if (problem) {
    context.log.error(`M-Pesa callback ignored: ${problem}`, { checkoutRequestId: request.checkout_request_id });
    return "ignored";
  }
  if (request.status === "failed" && callback.resultCode === PAID) return confirmLateMoney(context, request, callback);
  if (request.status !== "pending") return "ignored";
  return confirm(context, request, callback.resultCode === PAID ? callback.receipt : null);
}

/**
 * A callback says a prompt we had marked failed (no answer within the hour, or an earlier query)
 * was paid after all. Money that arrived is never dropped: once an STK query confirms it, the
 * payment is in the ledger marked for review, the order is held for the owner (it may have been
 * paid another way meanwhile) and the owner is told. The buyer hears from the owner.
 */
async function confirmLateMoney(
  context: WorkContext,
  request: MpesaRequestRow,
  callback: StkCallback,
): Promise<CallbackOutcome> {
  const { env, log } = context;
  const ids = { orderId: request.order_id, checkoutRequestId: request.checkout_request_id };
  const answer = await createMpesaGateway(env).stkQuery(request.checkout_request_id);
  if (answer.state === "pending" || answer.resultCode !== PAID) {
    log.warn("A callback claims a failed M-Pesa prompt was paid; Daraja does not confirm it", ids);
    return "ignored";
  }
  const settled = await settleFailedMpesaRequestAsPaid(env.DB, request.checkout_request_id, {
    resultCode: answer.resultCode,
    resultDesc: answer.resultDesc,
    receipt: callback.receipt,
  });
  if (!settled) return "ignored";
  if (isPlanPrompt(settled)) {
    // Money for a plan's month is credited to it however late it is confirmed.
    await settlePlanPrompt(context, settled);
    return "applied";
  }
  const order = await getOrder(env.DB, settled.order_id);
  if (!order) return "ignored";
  const reason = lateMoneyReason(settled);
  log.error(`M-Pesa confirmed a payment after its prompt was marked failed: held for review`, ids);
  await settlePayment(context, {
    channel: "mpesa",
    order,
    line: { ...mpesaLineOf(settled, order), reviewReason: reason },
    settles: { review: reason },
  });
  try {
    await notifyLateMpesaPayment(context, order, settled, reason);
  } catch (error) {
    log.error("The owner could not be told of a late M-Pesa payment", { ...ids, error });
  }
  return "applied";
}

/** Why a callback is not this prompt's, or null. A failure's callback carries no amount or phone. */
function mismatch(request: MpesaRequestRow, callback: StkCallback): string | null {
  if (callback.checkoutRequestId !== request.checkout_request_id) return "it names another CheckoutRequestID";
  if (callback.merchantRequestId !== request.merchant_request_id) return "it names another MerchantRequestID";
  if (callback.resultCode !== PAID) return null;
  if (callback.amount !== request.amount_kes) return `amount ${callback.amount} is not ${request.amount_kes}`;
  if (callback.phone !== request.phone) return "the phone is not the prompt's";
  return null;
}

/**
 * Asks Daraja how a prompt ended and settles it: paid (the order is paid, with the callback's
 * receipt number when one came) or failed. Still pending: nothing changes.
 */
async function confirm(
  context: WorkContext,
  request: MpesaRequestRow,
  receipt: string | null,
): Promise<CallbackOutcome> {
  const answer = await createMpesaGateway(context.env).stkQuery(request.checkout_request_id);
  if (answer.state === "pending") return "pending";
  const paid = answer.resultCode === PAID;
  const settled = await settleMpesaRequest(context.env.DB, request.checkout_request_id, {
    status: paid ? "paid" : "failed",
    resultCode: answer.resultCode,
    resultDesc: answer.resultDesc,
    receipt: paid ? receipt : null,
  });
  if (!settled) return "ignored";
  await settleOrder(context, settled);
  return "applied";
}

async function settleOrder(context: WorkContext, request: MpesaRequestRow): Promise<void> {
  const { env } = context;
  // A monthly plan's prompt pays its month, not its (long paid) order: billing/mpesa-plan-payments.ts.
  if (isPlanPrompt(request)) return settlePlanPrompt(context, request);
  const order = await getOrder(env.DB, request.order_id);
  if (!order) return;
  if (request.status === "failed") {
    recordPaymentOutcome(context, {
      channel: "mpesa",
      outcome: "failed",
      resultCode: String(request.result_code ?? ""),
    });
    await transitionOrder(env.DB, order.order_id, "payment_failed");
    return;
  }
  const at = new Date().toISOString();
  // A cart with a monthly plan: the same batch starts the plan (billing/mpesa-plan-start.ts).
  const plan = await planCheckoutOf(context, order, request.phone, at);
  await settlePayment(context, {
    channel: "mpesa",
    order,
    line: { ...mpesaLineOf(request, order), ...plan?.line },
    settles: "when-covered",
    ...(plan ? { alongside: plan.alongside, at } : {}),
  });
  if (plan) await tellIfPlanStarted(context, plan);
}

/** The ledger line of a paid prompt: its shillings, M-Pesa's receipt, and the order's dollars. */
function mpesaLineOf(request: MpesaRequestRow, order: OrderRow): LedgerLine {
  return {
    paymentId: request.checkout_request_id,
    orderId: order.order_id,
    subscriptionId: null,
    status: "paid",
    amountCents: request.amount_kes * 100,
    currency: "kes",
    billingReason: "checkout",
    periodStart: null,
    periodEnd: null,
    provider: "mpesa_express",
    reference: request.mpesa_receipt,
    phone: request.phone,
    usdCents: order.total_cents,
  };
}

function lateMoneyReason(request: MpesaRequestRow): string {
  const receipt = request.mpesa_receipt ? ` (M-Pesa receipt ${request.mpesa_receipt})` : "";
  return `M-Pesa confirmed KES ${request.amount_kes}${receipt} after the prompt had been marked failed: check whether the order was paid another way, then settle it with the buyer`;
}

/**
 * The waiting page's question: once a prompt has had a moment, Daraja is asked (at most every
 * CHECK_EVERY_SECONDS, however many pages poll). Errors leave it pending for the next poll.
 */
export async function refreshMpesaRequest(context: WorkContext, request: MpesaRequestRow): Promise<void> {
  if (request.status !== "pending") return;
  if (Date.now() - Date.parse(request.created_at) < CHECK_EVERY_SECONDS * 1000) return;
  try {
    // The claim is a write: D1 may refuse it (busy, locked) like any other; the page still answers.
    if (!(await claimMpesaCheck(context.env.DB, request.checkout_request_id, CHECK_EVERY_SECONDS))) return;
    await confirm(context, request, null);
  } catch (error) {
    context.log.error("The prompt could not be checked with Daraja now", {
      checkoutRequestId: request.checkout_request_id,
      error,
    });
  }
}

/** Cron: every prompt left pending is asked about; one unanswered for an hour has failed (no answer). */
export async function sweepMpesaRequests(context: WorkContext, counted?: StepTally): Promise<void> {
  const stale = await stalePendingMpesaRequests(context.env.DB, SWEEP_AFTER_SECONDS, SWEEP_BUDGET);
  tally(counted, stale.length, SWEEP_BUDGET);
  for (const request of stale) {
    try {
      if (!(await claimMpesaCheck(context.env.DB, request.checkout_request_id, CHECK_EVERY_SECONDS))) continue;
      const outcome = await confirm(context, request, null);
      if (outcome === "pending" && Date.now() - Date.parse(request.created_at) > GIVE_UP_SECONDS * 1000) {
        const settled = await settleMpesaRequest(context.env.DB, request.checkout_request_id, {
          status: "failed",
          resultCode: NO_ANSWER,
          resultDesc: "No answer from the phone within the hour",
          receipt: null,
        });
        if (settled) await settleOrder(context, settled);
      }
    } catch (error) {
      context.log.error("M-Pesa sweep could not settle a prompt", {
        checkoutRequestId: request.checkout_request_id,
        error,
      });
    }
  }
}
