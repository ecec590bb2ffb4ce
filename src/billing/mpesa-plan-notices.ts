/**
 * What an M-Pesa plan tells its buyer (at the address its order holds, which paid the first month)
 * and the owner: each e-mail once, by its outbox dedupe key, however often the cron or a payment
 * asks.
 */

import { findCatalogueEntry } from "../catalogue/catalogue.ts";
import type { MpesaPlanMonthRow } from "../db/mpesa-plan-tables.ts";
import { awaitsKra } from "../etims/sale-status.ts";
import type { WorkContext } from "../http/work-context.ts";
import { formatLongDate } from "../lib/dates.ts";
import { formatKes } from "../lib/kes.ts";
import { displaySafaricomNumber } from "../lib/safaricom.ts";
import { enqueueMail } from "../mail/enqueue.ts";
import { ownerNoticeCopy } from "../mail/owner-notices-copy.ts";
import type { OrderRow } from "../orders/orders.ts";
import { adminSectionPaths, BILLING_PATH, mpesaPlanPayPath } from "../paths.ts";
import { paymentDetails } from "../payments/payment-details.ts";
import type { ReceiptRef } from "../receipts/issue-receipt.ts";
import { mpesaPlanMailCopy as copy } from "./mpesa-plan-mail-copy.ts";
import { type MpesaPlan, planBySubscription } from "./mpesa-plan-queries.ts";

/** A Nairobi day written out: "31 January 2027". */
export const longDay = (day: string): string => formatLongDate(`${day}T12:00:00Z`);

/** "1 March 2027 to 1 April 2027": a month from its due date to the next. */
export const periodWords = (month: Pick<MpesaPlanMonthRow, "period_start" | "period_end">): string =>
  `${longDay(month.period_start)} to ${longDay(month.period_end)}`;

/** The plan's name in our catalogue ("Starter"). */
export const planNameOf = (plan: Pick<MpesaPlan, "plan_id">): string =>
  (plan.plan_id && findCatalogueEntry(plan.plan_id)?.name) || "Monthly";

function facts(context: WorkContext, plan: MpesaPlan) {
  return { planName: planNameOf(plan), reference: plan.reference, manageUrl: `${context.origin}${BILLING_PATH}` };
}

const adminUrl = (context: WorkContext, plan: MpesaPlan) =>
  `${context.origin}${adminSectionPaths.subscriptions}?q=${encodeURIComponent(plan.subscription_id)}#subscription-${encodeURIComponent(plan.subscription_id)}`;

/** The checkout's payment started the plan: its reference, next due date and how it is billed. */
export async function tellPlanStarted(context: WorkContext, subscriptionId: string): Promise<void> {
  const plan = await planBySubscription(context.env.DB, subscriptionId);
  if (!plan) return;
  await enqueueMail(context, {
    kind: "mpesa-plan-started",
    dedupeKey: `mpesa-plan-started:${plan.subscription_id}`,
    to: plan.customer_email,
    orderId: plan.order_id,
    data: { ...facts(context, plan), nextDue: longDay(plan.next_due_on) },
  });
}

/** A month is due (the cron's try `attempt`): what it costs, the prompt sent or not, and the links to pay. */
export async function tellMonthDue(
  context: WorkContext,
  plan: MpesaPlan,
  month: MpesaPlanMonthRow,
  due: { attempt: number; kes: number; prompted: boolean },
): Promise<void> {
  const { paybill } = await paymentDetails(context.env);
  await enqueueMail(context, {
    kind: "mpesa-plan-due",
    dedupeKey: `mpesa-plan-due:${plan.subscription_id}:${month.period_start}:${due.attempt}`,
    to: plan.customer_email,
    orderId: plan.order_id,
    data: {
      ...facts(context, plan),
      attempt: due.attempt,
      period: periodWords(month),
      kes: due.kes,
      promptedTo: due.prompted ? plan.phone.slice(-3) : null,
      payUrl: `${context.origin}${mpesaPlanPayPath(month.pay_key)}`,
      paybill,
    },
  });
}

/** A month was paid: its receipt (or that the tax invoice follows) and when the next is due. */
export async function tellMonthPaid(
  context: WorkContext,
  plan: MpesaPlan,
  month: MpesaPlanMonthRow,
  paid: { paymentId: string; receipt: ReceiptRef | null },
): Promise<void> {
  const now = (await planBySubscription(context.env.DB, plan.subscription_id)) ?? plan;
  const { waits } = await awaitsKra(context.env.DB, paid.paymentId);
  const ending = now.cancel_at_period_end === 1 || now.status === "canceled";
  await enqueueMail(context, {
    kind: "mpesa-plan-paid",
    dedupeKey: `mpesa-plan-paid:${plan.subscription_id}:${month.period_start}`,
    to: plan.customer_email,
    orderId: plan.order_id,
    data: {
      ...facts(context, plan),
      period: periodWords(month),
      kes: month.kes_amount,
      receipt:
        paid.receipt && !waits ? { number: paid.receipt.number, url: `${context.origin}${paid.receipt.path}` } : null,
      taxInvoiceFollows: waits,
      nextDue: ending ? null : longDay(now.next_due_on),
      endsOn: ending ? longDay(now.next_due_on) : null,
    },
  });
}

/** The month is still unpaid after its tries: the buyer is asked to pay, and the owner told. */
export async function tellPastDue(context: WorkContext, plan: MpesaPlan, month: MpesaPlanMonthRow, kes: number) {
  const { paybill } = await paymentDetails(context.env);
  const key = `${plan.subscription_id}:${month.period_start}`;
  await enqueueMail(context, {
    kind: "mpesa-plan-past-due",
    dedupeKey: `mpesa-plan-past-due:${key}`,
    to: plan.customer_email,
    orderId: plan.order_id,
    data: {
      ...facts(context, plan),
      period: periodWords(month),
      kes,
      payUrl: `${context.origin}${mpesaPlanPayPath(month.pay_key)}`,
      paybill,
    },
  });
  const labels = copy.owner.labels;
  await enqueueMail(context, {
    kind: "owner-mpesa-plan-past-due",
    dedupeKey: `owner-mpesa-plan-past-due:${key}`,
    orderId: plan.order_id,
    data: {
      customerName: plan.customer_name,
      summary: copy.owner.pastDue,
      details: [
        [ownerNoticeCopy.labels.customer, plan.customer_name],
        [ownerNoticeCopy.labels.email, plan.customer_email],
        [labels.reference, plan.reference],
        [labels.month, periodWords(month)],
        [labels.due, formatKes(kes)],
        [labels.tries, String(month.prompts)],
        [labels.failures, String(month.failures)],
        [labels.lastResult, month.last_result ?? "-"],
        [labels.phone, displaySafaricomNumber(plan.phone)],
      ],
      adminUrl: adminUrl(context, plan),
    },
  });
}

/** A plan's payment went into the ledger marked for review (more than due, or nothing due): the owner decides. */
export async function tellPlanPaymentReview(
  context: WorkContext,
  order: OrderRow,
  plan: MpesaPlan,
  payment: { paymentId: string; amountKes: number; reference: string | null },
  reason: string,
): Promise<void> {
  const labels = copy.owner.labels;
  await enqueueMail(context, {
    kind: "owner-mpesa-plan-review",
    dedupeKey: `owner-mpesa-plan-review:${payment.paymentId}`,
    orderId: order.order_id,
    data: {
      customerName: order.customer_name,
      summary: copy.owner.review,
      details: [
        [ownerNoticeCopy.labels.customer, order.customer_name],
        [ownerNoticeCopy.labels.email, order.customer_email],
        [labels.reference, plan.reference],
        [labels.amount, formatKes(payment.amountKes)],
        [ownerNoticeCopy.labels.mpesaReceipt, payment.reference ?? "-"],
        [labels.why, reason],
      ],
      adminUrl: adminUrl(context, plan),
    },
  });
}
