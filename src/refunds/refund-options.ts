/**
 * What can be refunded of a payment, and how: what was paid, what is refunded or in progress, what
 * is left, and the ways its channel allows (the form shows them, the refund checks them again).
 * - A card payment of a one-off checkout: Stripe's refund of its payment intent. A subscription's
 *   invoices are refunded in Stripe's dashboard (the webhook records them).
 * - An M-Pesa payment (Express or paybill): Daraja's reversal of the whole payment, when reversals
 *   are configured and M-Pesa's receipt is known; or money the owner sent back, recorded.
 * - A bank transfer: money the owner sent back, recorded with its reference.
 */
import type { RefundRow } from "../db/refund-tables.ts";
import type { OrderRow, PaymentRow } from "../db/schema.ts";
import { formatMoney } from "../lib/money.ts";
import { getOrder } from "../orders/orders.ts";
import { ledgerLineOf } from "../payments/ledger.ts";
import { reversalsConfigured } from "../providers/daraja-reversal.ts";
import { refundsOfPayment } from "./refund-queries.ts";
import { type RefundWay, refundsCopy } from "./refunds-copy.ts";
import { resultPathSecret } from "./reversal-secret.ts";

export type RefundOptions = {
  payment: PaymentRow;
  order: OrderRow | null;
  refunds: RefundRow[];
  succeededCents: number;
  pendingCents: number;
  /** What may still be refunded: paid, less what is refunded or in progress. */
  leftCents: number;
  ways: RefundWay[];
  /** Why the payment's own channel is not offered (M-Pesa not configured, no receipt, an invoice); null when it is. */
  unavailable: string | null;
};

/** An M-Pesa receipt (transaction id) as Daraja's reversal takes it, whatever case it was recorded in. */
const MPESA_RECEIPT = /^[A-Z0-9]{6,20}$/i;

const sum = (rows: RefundRow[], status: RefundRow["status"]) =>
  rows.filter((r) => r.status === status).reduce((total, r) => total + r.amount_cents, 0);

/** Whether Daraja reversals can be asked for: M-Pesa, the initiator and the result path's secret configured. */
function reversalsReady(env: object): boolean {
  return reversalsConfigured(env) && "secret" in resultPathSecret(env);
}

/** The ways this payment may be refunded, and why its own channel is not among them, if it is not. */
function waysOf(env: Env, payment: PaymentRow, order: OrderRow | null): Pick<RefundOptions, "ways" | "unavailable"> {
  const copy = refundsCopy.refused;
  switch (payment.provider) {
    case "stripe": {
      const checkout = payment.billing_reason === "checkout" && order?.mode === "payment" && order.stripe_session_id;
      return checkout ? { ways: ["card"], unavailable: null } : { ways: [], unavailable: refundsCopy.noCardRefund };
    }
    case "mpesa_express":
    case "mpesa_paybill": {
      const receipt = MPESA_RECEIPT.test(payment.reference ?? "");
      const why = !receipt ? copy.noReceipt : reversalsReady(env) ? null : copy.mpesaNotConfigured;
      return { ways: why ? ["bank"] : ["mpesa", "bank"], unavailable: why };
    }
    case "bank_transfer":
      return { ways: ["bank"], unavailable: null };
  }
}

/** The payment's refund options; null when there is no such payment. */
export async function refundOptions(env: Env, paymentId: string): Promise<RefundOptions | null> {
  const payment = await ledgerLineOf(env.DB, paymentId);
  if (!payment) return null;
  const [order, refunds] = await Promise.all([getOrder(env.DB, payment.order_id), refundsOfPayment(env.DB, paymentId)]);
  const succeededCents = sum(refunds, "succeeded");
  const pendingCents = sum(refunds, "pending");
  return {
    payment,
    order,
    refunds,
    succeededCents,
    pendingCents,
    leftCents: payment.status === "paid" ? Math.max(0, payment.amount_cents - succeededCents - pendingCents) : 0,
    ...waysOf(env, payment, order),
  };
}

/**
 * Why this refund cannot be asked for (the first problem, for the owner), or null. The guarded
 * INSERT decides again when it is taken: this only words the refusal.
 */
export function refundProblem(options: RefundOptions, way: RefundWay, amountCents: number): string | null {
  const copy = refundsCopy.refused;
  const { payment } = options;
  const money = (cents: number) => formatMoney(cents, payment.currency);
  if (payment.status !== "paid") return copy.notPaid;
  if (options.ways.length === 0) return options.unavailable ?? copy.noWay;
  if (!options.ways.includes(way)) return copy.wayUnavailable(refundsCopy.ways[way]);
  if (options.pendingCents > 0) return copy.pending;
  if (way === "mpesa" && (amountCents !== payment.amount_cents || options.succeededCents > 0)) {
    return copy.wholeOnly(money(payment.amount_cents));
  }
  if (amountCents > options.leftCents) return copy.tooMuch(money(options.leftCents));
  return null;
}
