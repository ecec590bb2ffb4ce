/**
 * Money for an M-Pesa plan's month, however it comes: a paid prompt (the cron's or the buyer's click)
 * or a paybill payment naming the plan's reference (the paybill feature calls findMpesaPlanByAccount
 * and payMpesaPlanMonth). Each is a ledger line of the plan's order, through settlePayment with its
 * subscription and period, so it gets its receipt and KRA sale; the month is paid once its lines cover
 * its shillings, and the plan is then paid up to the next due date.
 */
import type { MpesaPlanMonthRow } from "../db/mpesa-plan-tables.ts";
import type { MpesaRequestRow } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { usdCentsOf } from "../lib/kes.ts";
import { getOrder } from "../orders/orders.ts";
import { paybillPaymentId } from "../paybill/paybill-line-id.ts";
import { type LedgerLine, paymentByReference } from "../payments/ledger.ts";
import { settlePayment } from "../payments/settle-payment.ts";
import { startOfDayIso } from "./mpesa-plan-dates.ts";
import { monthBalance, openNextMonth } from "./mpesa-plan-months.ts";
import { tellMonthPaid, tellPlanPaymentReview } from "./mpesa-plan-notices.ts";
import {
  latestMonth,
  type MpesaPlan,
  monthOf,
  openMonth,
  planByReference,
  planBySubscription,
} from "./mpesa-plan-queries.ts";
import { isPlanReference } from "./mpesa-plan-reference.ts";
import { monthCoveredStatements, recordPromptResult } from "./mpesa-plan-write-queries.ts";

/** Whether a plan takes money now: not ended, and (set to end) still with a month to pay. */
const takesMoney = (plan: MpesaPlan, open: MpesaPlanMonthRow | null): boolean =>
  plan.status !== "canceled" && (open !== null || plan.cancel_at_period_end === 0);

/**
 * The plan a paybill account number names (its reference, any case) and the whole shillings it is
 * owed now: the open month's balance or, paid up, what its last month cost (a payment before the due
 * date pays the next month, priced when it opens at the day's rate). Null when no plan has that
 * reference, or it takes no more money (cancelled, or set to end with nothing left to pay).
 */
export async function findMpesaPlanByAccount(
  db: D1Database,
  account: string,
): Promise<{ subscriptionId: string; dueKes: number } | null> {
  if (!isPlanReference(account)) return null;
  const plan = await planByReference(db, account.trim());
  if (!plan) return null;
  const open = await openMonth(db, plan.subscription_id);
  if (!takesMoney(plan, open)) return null;
  if (open) return { subscriptionId: plan.subscription_id, dueKes: await monthBalance(db, open) };
  const last = await latestMonth(db, plan.subscription_id);
  return last ? { subscriptionId: plan.subscription_id, dueKes: last.kes_amount } : null;
}

type PlanMoney = {
  paymentId: string;
  provider: "mpesa_express" | "mpesa_paybill";
  /** M-Pesa's receipt (a prompt's) or TransID (a paybill payment's). */
  reference: string | null;
  amountKes: number;
  phone: string | null;
  at: string;
};

export type PlanMonthPayment =
  | {
      kind: "credited";
      paymentId: string;
      orderId: string;
      /** The month it paid toward (null: none was open, it is held for the owner). */
      periodStart: string | null;
      monthPaid: boolean;
      /** Still owed on the month, and paid beyond it (flagged for the owner). */
      balanceKes: number;
      excessKes: number;
    }
  | { kind: "replay"; paymentId: string }
  | { kind: "not-found" };

/** Why the owner should look at a plan's payment, or null. */
function reviewOf(month: MpesaPlanMonthRow | null, balance: number, amountKes: number): string | null {
  if (!month)
    return `No month of this M-Pesa plan was due: KES ${amountKes} is kept in the ledger, not counted toward a month`;
  if (amountKes > balance) return `KES ${amountKes - balance} more than the month's balance of KES ${balance} was paid`;
  return null;
}

/** One payment into the plan's ledger, toward `month` (null: kept for the owner). */
async function creditMonth(
  context: WorkContext,
  plan: MpesaPlan,
  money: PlanMoney,
  month: MpesaPlanMonthRow | null,
): Promise<PlanMonthPayment> {
  const { env } = context;
  const order = await getOrder(env.DB, plan.order_id);
  if (!order) throw new Error(`M-Pesa plan ${plan.subscription_id} has no order ${plan.order_id}`);
  const balance = month ? await monthBalance(env.DB, month) : 0;
  const reviewReason = reviewOf(month, balance, money.amountKes);
  const rate = month?.kes_rate_x100 ?? order.kes_rate_x100;
  const line: LedgerLine = {
    paymentId: money.paymentId,
    orderId: order.order_id,
    subscriptionId: plan.subscription_id,
    status: "paid",
    amountCents: money.amountKes * 100,
    currency: "kes",
    billingReason: "subscription_cycle",
    periodStart: month?.period_start ?? null,
    periodEnd: month?.period_end ?? null,
    reviewReason,
    provider: money.provider,
    reference: money.reference,
    phone: money.phone,
    usdCents: rate === null ? null : usdCentsOf(money.amountKes, rate),
  };
  const next = month ? { dueOn: month.period_end, startIso: startOfDayIso(month.period_end) } : null;
  const settled = await settlePayment(context, {
    channel: money.provider === "mpesa_paybill" ? "paybill" : "mpesa-plan",
    order,
    line,
    settles: "nothing",
    alongside: month && next ? monthCoveredStatements(env.DB, month, next, money.at) : [],
    at: money.at,
  });
  const after = month ? await monthOf(env.DB, plan.subscription_id, month.period_start) : null;
  if (settled.lineChanged && after?.status === "paid") {
    await tellMonthPaid(context, plan, after, { paymentId: money.paymentId, receipt: settled.receipt });
  }
  if (settled.lineChanged && reviewReason) await tellPlanPaymentReview(context, order, plan, money, reviewReason);
  return {
    kind: "credited",
    paymentId: money.paymentId,
    orderId: order.order_id,
    periodStart: month?.period_start ?? null,
    monthPaid: after?.status === "paid",
    balanceKes: after && after.status !== "paid" ? await monthBalance(env.DB, after) : 0,
    excessKes: month ? Math.max(0, money.amountKes - balance) : money.amountKes,
  };
}

/**
 * A paybill payment whose account number named the plan: credited to its open month exactly as a
 * paid prompt is (ledger provider mpesa_paybill, reference the TransID), or, paid up, to its next
 * month, opened now. Once per TransID: a replay records nothing.
 */
export async function payMpesaPlanMonth(
  context: WorkContext,
  subscriptionId: string,
  payment: { transId: string; amountKes: number; phone: string | null; at: string },
): Promise<PlanMonthPayment> {
  const { env } = context;
  if (!Number.isSafeInteger(payment.amountKes) || payment.amountKes <= 0) {
    throw new RangeError(`A paybill payment's shillings must be a positive whole number, not ${payment.amountKes}`);
  }
  const recorded = await paymentByReference(env.DB, payment.transId);
  if (recorded) return { kind: "replay", paymentId: recorded.payment_id };
  const plan = await planBySubscription(env.DB, subscriptionId);
  if (!plan) return { kind: "not-found" };
  const open = await openMonth(env.DB, plan.subscription_id);
  if (!takesMoney(plan, open)) return { kind: "not-found" };
  const month = open ?? (await openNextMonth(context, plan));
  const money: PlanMoney = {
    paymentId: paybillPaymentId(payment.transId),
    provider: "mpesa_paybill",
    reference: payment.transId,
    amountKes: payment.amountKes,
    phone: payment.phone,
    at: payment.at,
  };
  return creditMonth(context, plan, money, month);
}

/** Whether a prompt is a plan's (its AccountReference is the plan's reference), not an order's. */
export const isPlanPrompt = (request: Pick<MpesaRequestRow, "account_reference">): boolean =>
  isPlanReference(request.account_reference);

/**
 * A plan's prompt has ended (mpesa-settle.ts confirmed it with Daraja): paid, its money goes to the
 * plan's open month; unpaid, the month records how (a cancel on the phone is not a failure) and stays
 * due for the next try.
 */
export async function settlePlanPrompt(context: WorkContext, request: MpesaRequestRow): Promise<void> {
  const { env, log } = context;
  if (request.status === "failed") {
    await recordPromptResult(env.DB, request.account_reference, request.result_code ?? -1, request.result_desc ?? "");
    return;
  }
  const plan = await planByReference(env.DB, request.account_reference);
  if (!plan) {
    log.error(`A paid prompt names plan ${request.account_reference}, which is not ours: record it by hand`, {
      checkoutRequestId: request.checkout_request_id,
    });
    return;
  }
  const money: PlanMoney = {
    paymentId: request.checkout_request_id,
    provider: "mpesa_express",
    reference: request.mpesa_receipt,
    amountKes: request.amount_kes,
    phone: request.phone,
    at: new Date().toISOString(),
  };
  await creditMonth(context, plan, money, await openMonth(env.DB, plan.subscription_id));
}
