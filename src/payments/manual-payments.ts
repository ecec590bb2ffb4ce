/**
 * A payment the owner records in the back office: a bank transfer or an M-Pesa paybill payment that
 * reached the company's account, against a written quote or an existing order.
 *
 * - Against a quote: the quote becomes an order at its quoted lines and prices (provider 'manual',
 *   its customer from the quote) and the payment is in the ledger. When it covers what is due the
 *   order is paid and the quote accepted by it; a smaller payment is a part payment, and the next
 *   payment of the quote goes to the same order, until the total reaches what is due
 *   (payments/order-balance-queries.ts). Refused when the quote is already accepted: the owner records a further
 *   payment against the order it became. An expired quote may still be paid this way: the owner
 *   decides.
 * - Against an order: the payment is in the ledger, and the order becomes paid when its status
 *   allows (order-status.ts: from pending, expired, awaiting payment or failed, e.g. an M-Pesa order
 *   whose prompt failed and the buyer then used the paybill) and the payments toward it now cover
 *   what it is due; until then it shows its balance, and no e-mail goes out. A paid order takes it as a further
 *   payment (a balance, an instalment): it keeps its status, the payment gets its receipt, and the
 *   buyer's confirmation is not sent a second time (the owner forwards the receipt). An order held
 *   for review keeps its status too: the owner resolves it.
 *
 * Each is one batch with its audit row (payments/manual-payment-queries.ts); then the payment's receipt is issued
 * and, when the order became paid now, the buyer's and the owner's e-mails are queued with it.
 */

import type { PaymentRow } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { usdCentsOf } from "../lib/kes.ts";
import { formatMoney } from "../lib/money.ts";
import { newOrderIds, quoteOrder } from "../orders/new-order.ts";
import { getOrder, type NewOrder } from "../orders/orders.ts";
import { payOnline, type QuotePayOnline } from "../quotes/pay-online.ts";
import { getQuote, type Quote } from "../quotes/quote-numbers.ts";
import type { ReceiptRef } from "../receipts/issue-receipt.ts";
import { currentKesRate } from "./kes-rate.ts";
import { type LedgerLine, paymentByReference } from "./ledger.ts";
import type { ManualPayment } from "./manual-payment-form.ts";
import { orderAuditStatement, quoteAuditStatement } from "./manual-payment-queries.ts";
import { quotePartPayment } from "./order-balance-queries.ts";
import { adminPaymentsCopy } from "./payments-admin-copy.ts";
import { type IncomingPayment, settlePayment } from "./settle-payment.ts";

export type ManualResult =
  | { ok: true; orderId: string; paymentId: string; receipt: ReceiptRef | null; becamePaid: boolean }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "duplicate"; existing: PaymentRow }
  | { ok: false; reason: "quote_accepted"; number: string }
  /** Another payment of the same quote was recorded at the same moment: the owner records again. */
  | { ok: false; reason: "concurrent"; number: string }
  | { ok: false; reason: "no_rate" };

type Refusal = Extract<ManualResult, { ok: false }>;

/** 32 random hex digits: the unguessable part of our ids. */
const randomHex = (): string => crypto.randomUUID().replaceAll("-", "");

/**
 * The US cents a KES payment is worth at the owner's current rate. usdCentsOf takes whole
 * shillings; in KES cents with the rate scaled by 100 it is the same integer division, exact for a
 * payment with cents (1,500.50 KES).
 */
async function usdEquivalent(env: Env, payment: ManualPayment): Promise<number | null | "no_rate"> {
  if (payment.currency !== "kes") return null;
  const rate = await currentKesRate(env);
  return rate ? usdCentsOf(payment.amountCents, rate.rateX100 * 100) : "no_rate";
}

/** The ledger line of a payment the owner recorded for an order. */
function ledgerLineOf(payment: ManualPayment, orderId: string, usdCents: number | null): LedgerLine {
  return {
    paymentId: `manual_${randomHex()}`,
    orderId,
    subscriptionId: null,
    status: "paid",
    amountCents: payment.amountCents,
    currency: payment.currency,
    billingReason: "manual",
    periodStart: null,
    periodEnd: null,
    provider: payment.method,
    reference: payment.reference,
    paidOn: payment.paidOn,
    note: payment.note,
    usdCents,
  };
}

/** A quote's order as recorded from a payment: its lines and due amount as quoted. */
function orderFromQuote(quote: Quote): NewOrder & { quoteNumber: string } {
  return quoteOrder(quote, newOrderIds("mn"), "manual");
}

/**
 * Why a batch failed, when it is a refusal: the reference recorded meanwhile (a second submission
 * of the same form, which the unique index lost), or the quote accepted or part paid meanwhile.
 * Null otherwise.
 */
async function refusalAfter(db: D1Database, payment: ManualPayment): Promise<Refusal | null> {
  const existing = await paymentByReference(db, payment.reference);
  if (existing) return { ok: false, reason: "duplicate", existing };
  if (payment.target.kind === "quote") {
    const quote = await getQuote(db, payment.target.number);
    if (quote?.accepted_at) return { ok: false, reason: "quote_accepted", number: quote.number };
    if (quote && (await quotePartPayment(db, quote.number))) {
      return { ok: false, reason: "concurrent", number: quote.number };
    }
  }
  return null;
}

type Prepared = { ok: true; incoming: IncomingPayment };

/**
 * What the owner's payment settles, as settlePayment takes it: the order it pays (one made from the
 * quote, or the order a quote being paid in parts already has) and its audit row, whose guard
 * refuses a quote another order took meanwhile (db statements in manual-payment-queries.ts).
 */
async function prepare(env: Env, payment: ManualPayment, actor: string): Promise<Refusal | Prepared> {
  const usdCents = await usdEquivalent(env, payment);
  if (usdCents === "no_rate") return { ok: false, reason: "no_rate" };
  const detail = adminPaymentsCopy.auditDetail(
    payment.method,
    formatMoney(payment.amountCents, payment.currency),
    payment.reference,
  );
  const recording = { actor, at: new Date().toISOString(), detail };
  const base = {
    at: recording.at,
    channel: "recorded" as const,
    settles: "when-covered" as const,
    paidBy: {
      amountCents: payment.amountCents,
      currency: payment.currency,
      method: adminPaymentsCopy.mailMethod[payment.method],
    },
  };

  if (payment.target.kind === "quote") {
    const quote = await getQuote(env.DB, payment.target.number);
    if (!quote) return { ok: false, reason: "not_found" };
    if (quote.accepted_at) return { ok: false, reason: "quote_accepted", number: quote.number };
    // A quote being paid in parts has its order already: the next part goes to it.
    const paying = await quotePartPayment(env.DB, quote.number);
    const order = paying ? await getOrder(env.DB, paying.orderId) : null;
    if (order) {
      const line = ledgerLineOf(payment, order.order_id, usdCents);
      return {
        ok: true,
        incoming: { ...base, order, line, alongside: [orderAuditStatement(line, recording)] },
      };
    }
    const made = orderFromQuote(quote);
    const line = ledgerLineOf(payment, made.orderId, usdCents);
    const audit = quoteAuditStatement(made, recording);
    return { ok: true, incoming: { ...base, order: { new: made }, line, alongside: [audit] } };
  }
  const order = await getOrder(env.DB, payment.target.orderId);
  if (!order) return { ok: false, reason: "not_found" };
  const line = ledgerLineOf(payment, order.order_id, usdCents);
  return { ok: true, incoming: { ...base, order, line, alongside: [orderAuditStatement(line, recording)] } };
}

/** Records the owner's payment; see the module's comment for what it does against a quote or an order. */
export async function recordManualPayment(
  context: WorkContext,
  payment: ManualPayment,
  actor: string,
): Promise<ManualResult> {
  const { env } = context;
  const existing = await paymentByReference(env.DB, payment.reference);
  if (existing) return { ok: false, reason: "duplicate", existing };

  const prepared = await prepare(env, payment, actor);
  if (!prepared.ok) return prepared;
  let settled: Awaited<ReturnType<typeof settlePayment>>;
  try {
    settled = await settlePayment(context, prepared.incoming);
  } catch (error) {
    const refusal = await refusalAfter(env.DB, payment);
    if (refusal) return refusal;
    throw error;
  }
  const { order, receipt, becamePaid } = settled;
  const paymentId = prepared.incoming.line?.paymentId ?? "";
  return { ok: true, orderId: order.order_id, paymentId, receipt, becamePaid };
}

/** What a written quote's page offers for paying it online: nothing while it is being paid in parts. */
export async function quotePayOnline(env: Env, quote: Quote, now: number): Promise<QuotePayOnline> {
  const paying = await quotePartPayment(env.DB, quote.number);
  if (!paying) return payOnline(quote, now);
  const { currency, paidCents, balanceCents } = paying.balance;
  return { kind: "part-paid", currency, paidCents, balanceCents };
}
