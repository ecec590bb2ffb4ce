/**
 * Daraja's two C2B calls (docs/paybill.md): the validation before M-Pesa takes the money, answered
 * within 2 seconds whatever happens, and the confirmation after, recorded once per TransID.
 *
 * Neither is signed. The amount and the TransID are taken from the body, but a payment is only
 * ever credited to what its account number names, the TransID makes a replay record nothing, the
 * address carries a secret, and the owner's digest lists every C2B payment of the day to compare
 * with the M-Pesa statement.
 */
import { stringBinding } from "../http/bindings.ts";
import type { WorkContext } from "../http/work-context.ts";
import { paymentByReference } from "../payments/ledger.ts";
import { type C2bPayment, c2bPaymentOf } from "./c2b-body-schema.ts";
import { type C2bResult, c2bAccepted, c2bRejected } from "./c2b-results.ts";
import { paybillPaymentId } from "./paybill-line-id.ts";
import { c2bRow, keepMatchedToRecorded, keepUnmatched } from "./paybill-queries.ts";
import { settleTarget } from "./paybill-settle.ts";
import type { Settlement } from "./paybill-settle-types.ts";
import { findTarget, type UnmatchedReason } from "./paybill-targets.ts";

/**
 * How long the validation may look: Safaricom waits about 8 seconds, we promise 2, and D1 from a
 * busy isolate can take one. Past it the answer is "accepted" (see validationResult).
 */
const VALIDATION_BUDGET_MS = 1_500;

/** How often a confirmation that lost a race for its quote looks again (it then finds the quote's order). */
const ATTEMPTS = 3;

/** The shortcode the payments must be made to: ours, or null when M-Pesa is not configured. */
const ourShortcode = (env: Env): string | null => stringBinding(env, "MPESA_SHORTCODE")?.trim() ?? null;

/** A promise's value, or "late" once `ms` have passed. */
function withinBudget<T>(promise: Promise<T>, ms: number): Promise<T | "late"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The validation's answer. An account number that names nothing payable is refused (C2B00012) and
 * the buyer's money is not taken; an amount that is no amount, C2B00013. When the answer cannot be
 * known in time (D1 slow or failing), the payment is accepted: it is what Daraja itself does when
 * we do not answer (we register ResponseType "Completed"), no buyer is turned away by our outage,
 * and the confirmation then settles it or keeps it for the owner.
 */
export async function validationResult(context: WorkContext, body: unknown): Promise<C2bResult> {
  const read = c2bPaymentOf(body);
  if (!read.ok) return c2bRejected(read.problem === "amount" ? "C2B00013" : "C2B00016");
  const shortcode = ourShortcode(context.env);
  if (shortcode && read.payment.shortCode !== shortcode) return c2bRejected("C2B00015");
  try {
    const found = await withinBudget(findTarget(context.env, read.payment.billRef, "buyer"), VALIDATION_BUDGET_MS);
    if (found === "late") {
      context.log.warn("C2B validation took too long: accepted, the confirmation decides", {
        transId: read.payment.transId,
      });
      return c2bAccepted;
    }
    // No rate yet: the account names an open quote all the same; the owner settles it.
    return found.ok || found.reason === "no-rate" ? c2bAccepted : c2bRejected("C2B00012");
  } catch (error) {
    context.log.error("C2B validation failed: accepted, the confirmation decides", {
      transId: read.payment.transId,
      error,
    });
    return c2bAccepted;
  }
}

type ConfirmationOutcome =
  | ({ kind: "settled" } & Settlement)
  | { kind: "unmatched"; reason: UnmatchedReason }
  | { kind: "replay" };

async function keep(context: WorkContext, payment: C2bPayment, reason: UnmatchedReason): Promise<ConfirmationOutcome> {
  const kept = await keepUnmatched(context.env.DB, payment, reason);
  if (!kept) return { kind: "replay" };
  context.log.warn("Paybill payment kept for the owner", { transId: payment.transId, reason });
  return { kind: "unmatched", reason };
}

/**
 * Records one confirmation: settled against what its account number names, kept for the owner
 * when that is nothing payable, nothing at all when its TransID is known. Throws only when D1
 * fails throughout (the route then keeps it as failed, or asks Safaricom to send it again).
 */
async function recordConfirmation(context: WorkContext, payment: C2bPayment): Promise<ConfirmationOutcome> {
  const { env } = context;
  if (await c2bRow(env.DB, payment.transId)) return { kind: "replay" };
  const shortcode = ourShortcode(env);
  if (shortcode && payment.shortCode !== shortcode) return keep(context, payment, "shortcode");
  for (let attempt = 1; ; attempt++) {
    // The owner recorded this very M-Pesa receipt by hand: it is in the books already, once.
    const recorded = await paymentByReference(env.DB, payment.transId);
    if (recorded && recorded.payment_id !== paybillPaymentId(payment.transId)) {
      return (await keepMatchedToRecorded(env.DB, payment, recorded))
        ? { kind: "settled", orderId: recorded.order_id, becamePaid: false, excessCents: null }
        : { kind: "replay" };
    }
    const found = await findTarget(env, payment.billRef, "buyer");
    if (!found.ok) return keep(context, payment, found.reason);
    try {
      return { kind: "settled", ...(await settleTarget(context, payment, found.target, { kind: "confirmation" })) };
    } catch (error) {
      const row = await c2bRow(env.DB, payment.transId);
      // A plan that did not take it handed it back to the owner; anything else kept is a replay's.
      if (row?.status === "unmatched") return { kind: "unmatched", reason: "failed" };
      if (row) return { kind: "replay" };
      if (attempt >= ATTEMPTS) throw error;
      context.log.warn("Paybill payment lost a race for its quote or reference: looking again", {
        transId: payment.transId,
        error,
      });
    }
  }
}

/**
 * Records a confirmation; one whose settling failed is kept for the owner as "failed" to assign by
 * hand. False only when not even that could be written (D1 down): nothing of it is in the books.
 */
export async function recordOrKeep(context: WorkContext, payment: C2bPayment): Promise<boolean> {
  const { log } = context;
  try {
    const outcome = await recordConfirmation(context, payment);
    log.info("C2B confirmation recorded", { transId: payment.transId, outcome: outcome.kind });
    return true;
  } catch (error) {
    log.error("C2B confirmation could not be settled: kept for the owner", { transId: payment.transId, error });
  }
  try {
    await keepUnmatched(context.env.DB, payment, "failed");
    return true;
  } catch (error) {
    log.error("C2B confirmation could not be kept either", {
      transId: payment.transId,
      amountCents: payment.amountCents,
      account: payment.billRef,
      error,
    });
    return false;
  }
}
