/**
 * A paybill payment settled against what it pays, as every payment is: through settlePayment, in
 * one D1 batch with its C2B row (docs/paybill.md). The same for a confirmation that matched and for
 * a kept payment the owner assigns; only the row's statements differ.
 *
 * - Exactly what is due (or within the ledger's KES 1 of rounding): the order is paid, a quote it
 *   pays accepted, the receipt numbered and the buyer's and the owner's e-mails queued.
 * - Less: a part payment. The order (a quote's, made now at the shillings its page showed) stays
 *   unpaid with its balance; a later payment completes it.
 * - More: settled as exactly due, and the excess marked on the ledger line for review, with one
 *   e-mail to the owner. The order is not held: the buyer paid at least what was due.
 */
import type { Statement } from "../db/client.ts";
import type { WorkContext } from "../http/work-context.ts";
import { nairobiDay, nairobiStampParts } from "../lib/dates.ts";
import { usdCentsOf } from "../lib/kes.ts";
import { formatMoney } from "../lib/money.ts";
import { enqueueMail } from "../mail/enqueue.ts";
import { adminLink } from "../mail/order-notices.ts";
import type { OrderRow } from "../orders/orders.ts";
import type { LedgerLine } from "../payments/ledger.ts";
import { settlePayment } from "../payments/settle-payment.ts";
import type { C2bPayment } from "./c2b-body-schema.ts";
import { paybillCopy as copy } from "./paybill-copy.ts";
import { paybillPaymentId } from "./paybill-line-id.ts";
import { settlePlan } from "./paybill-plan.ts";
import { assignStatements, type C2bMatch, matchedRowStatement, type QuoteGuard } from "./paybill-queries.ts";
import type { SettleMode, Settlement } from "./paybill-settle-types.ts";
import type { PaybillTarget } from "./paybill-targets.ts";

/** A quote or an order: what settles through settlePayment here (a plan's payment goes to the plan). */
type OrderTarget = Exclude<PaybillTarget, { kind: "subscription" }>;

/** The day the money arrived: M-Pesa's own time (Nairobi's clock), or the day it was recorded. */
function paidOnOf(transTime: string, at: string): string {
  const parts = nairobiStampParts(transTime);
  return parts ? `${parts.year}-${parts.month}-${parts.day}` : nairobiDay(at);
}

const orderIdOf = (target: OrderTarget): string =>
  target.kind === "new-quote-order" ? target.order.orderId : target.order.order_id;

/** What the row says it paid: the quote by its number (however its order came), else the order. */
function matchOf(target: OrderTarget, paymentId: string, excessCents: number | null): C2bMatch {
  const quoteNumber = target.kind === "new-quote-order" ? target.quote.number : target.order.quote_number;
  return {
    targetKind: quoteNumber ? "quote" : "order",
    targetRef: quoteNumber ?? orderIdOf(target),
    orderId: orderIdOf(target),
    paymentId,
    excessCents,
  };
}

function ledgerLineOf(payment: C2bPayment, target: OrderTarget, at: string, excessCents: number | null): LedgerLine {
  return {
    paymentId: paybillPaymentId(payment.transId),
    orderId: orderIdOf(target),
    subscriptionId: null,
    status: "paid",
    amountCents: payment.amountCents,
    currency: "kes",
    billingReason: "paybill",
    periodStart: null,
    periodEnd: null,
    reviewReason:
      excessCents === null
        ? null
        : copy.excessReason(formatMoney(excessCents, "kes"), formatMoney(Math.max(target.dueCents, 0), "kes")),
    provider: "mpesa_paybill",
    reference: payment.transId,
    paidOn: paidOnOf(payment.transTime, at),
    phone: payment.msisdn || null,
    // usdCentsOf takes whole shillings; in cents with the rate scaled by 100 it is the same division.
    usdCents: usdCentsOf(payment.amountCents, target.rateX100 * 100),
  };
}

/**
 * Settles the payment against the target in one batch with its row. Throws when the batch fails:
 * a replay (the row's TransID is taken), a lost race for the quote (the guard), the owner's
 * assignment of a payment no longer unmatched, or D1 itself. Nothing is written then.
 */
export async function settleTarget(
  context: WorkContext,
  payment: C2bPayment,
  target: PaybillTarget,
  mode: SettleMode,
): Promise<Settlement> {
  if (target.kind === "subscription") return settlePlan(context, payment, target, mode);
  const at = new Date().toISOString();
  const over = payment.amountCents - target.dueCents;
  const excessCents = over > 0 ? over : null;
  const line = ledgerLineOf(payment, target, at, excessCents);
  const match = matchOf(target, line.paymentId, excessCents);
  const guard: QuoteGuard =
    target.kind === "new-quote-order" ? { quoteNumber: target.quote.number, orderId: target.order.orderId } : null;
  const alongside: Statement[] =
    mode.kind === "confirmation"
      ? [matchedRowStatement(payment, match, guard)]
      : assignStatements(context.env.DB, payment.transId, match, mode.assigning, guard);
  const settled = await settlePayment(context, {
    channel: "paybill",
    order: target.kind === "new-quote-order" ? { new: target.order } : target.order,
    line,
    settles: "when-covered",
    alongside,
    at,
    paidBy: { amountCents: payment.amountCents, currency: "kes", method: copy.mailMethod },
  });
  if (excessCents !== null) await notifyExcess(context, settled.order, payment, target.dueCents, excessCents);
  return { orderId: settled.order.order_id, becamePaid: settled.becamePaid, excessCents };
}

/** More than was due: one e-mail to the owner (a replay sends nothing more: the outbox's key). */
async function notifyExcess(
  context: WorkContext,
  order: OrderRow,
  payment: C2bPayment,
  dueCents: number,
  excessCents: number,
): Promise<void> {
  const labels = copy.notice.labels;
  const kes = (cents: number) => formatMoney(cents, "kes");
  await enqueueMail(context, {
    kind: "owner-order-review",
    dedupeKey: `owner-paybill-excess:${payment.transId}`,
    orderId: order.order_id,
    data: {
      customerName: order.customer_name,
      summary: copy.notice.excessSummary,
      details: [
        [labels.customer, order.customer_name],
        [labels.email, order.customer_email],
        [labels.order, order.order_id],
        [labels.paid, kes(payment.amountCents)],
        [labels.due, kes(Math.max(dueCents, 0))],
        [labels.excess, kes(excessCents)],
        [labels.transId, payment.transId],
        [labels.account, payment.billRef],
      ],
      adminUrl: adminLink(context.origin, order.order_id),
    },
  });
}
