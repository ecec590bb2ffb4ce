/**
 * A paybill payment whose account number names an M-Pesa plan (SUB-…): handed to the plan, which
 * credits its month through settlePayment (billing/mpesa-plan-payments.ts). The C2B row is claimed
 * first (one row per TransID, or the owner's guarded assignment), so of two identical
 * confirmations at once only one reaches the plan; if the plan then does not take it, the row goes
 * back to the owner, unmatched.
 */
import { payMpesaPlanMonth } from "../billing/mpesa-plan-payments.ts";
import type { WorkContext } from "../http/work-context.ts";
import type { C2bPayment } from "./c2b-body-schema.ts";
import { paybillPaymentId } from "./paybill-line-id.ts";
import { type C2bMatch, claimForPlan, releaseToOwner, runAssignment, setPaidOrder } from "./paybill-queries.ts";
import type { SettleMode, Settlement } from "./paybill-settle-types.ts";

/** The claim was lost: another confirmation (or assignment) of the same TransID has it. */
class AlreadyClaimedError extends Error {
  override name = "AlreadyClaimedError";
}

export async function settlePlan(
  context: WorkContext,
  payment: C2bPayment,
  target: { subscriptionId: string; dueCents: number },
  mode: SettleMode,
): Promise<Settlement> {
  const { env } = context;
  const over = payment.amountCents - target.dueCents;
  const match: C2bMatch = {
    targetKind: "subscription",
    targetRef: target.subscriptionId,
    orderId: null,
    paymentId: paybillPaymentId(payment.transId),
    excessCents: over > 0 ? over : null,
  };
  if (mode.kind === "assignment") await runAssignment(env.DB, payment.transId, match, mode.assigning);
  else if (!(await claimForPlan(env.DB, payment, match))) throw new AlreadyClaimedError(payment.transId);
  try {
    // A plan's months are whole shillings, as Daraja's amounts are.
    if (payment.amountCents % 100 !== 0) throw new Error(`Paybill payment ${payment.transId} has cents`);
    const paid = await payMpesaPlanMonth(context, target.subscriptionId, {
      transId: payment.transId,
      amountKes: payment.amountCents / 100,
      phone: payment.msisdn || null,
      at: new Date().toISOString(),
    });
    if (paid.kind !== "credited") throw new Error(`The plan did not take paybill payment ${payment.transId}`);
    await setPaidOrder(env.DB, payment.transId, paid.orderId);
    return { orderId: paid.orderId, becamePaid: paid.monthPaid, excessCents: match.excessCents };
  } catch (error) {
    await releaseToOwner(env.DB, payment.transId, "failed");
    throw error;
  }
}
