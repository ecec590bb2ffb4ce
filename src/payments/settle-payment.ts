/**
 * Money came in for an order: one function for every way it comes (a card checkout, a subscription
 * invoice, M-Pesa Express, a payment the owner recorded), in one order of steps and one D1 batch:
 *
 *   the order (when it is made by the payment) → the ledger line → the order's transition → the
 *   quote's acceptance → the receipt's number → the KRA sale's number (eTIMS) → what the channel
 *   adds (the owner's audit row)
 *
 * then, once the batch stands, the nudge that reports the sale to KRA (through a queue: the payment
 * never waits on KRA) and the e-mails of a paid order. Each step is guarded in the database
 * (the transition by the state machine, the acceptance by the order being paid, the number by the
 * line being paid and unnumbered), so a replay, a second channel or a race changes nothing twice.
 */

import { runBatch, type Statement } from "../db/client.ts";
import type { PaymentRow } from "../db/schema.ts";
import { nudgeSaleSender, saleNumbering } from "../etims/sale-numbering.ts";
import { awaitsKra } from "../etims/sale-status.ts";
import type { WorkContext } from "../http/work-context.ts";
import { recordPaidLine } from "../insight/payment-events.ts";
import { notifyOrderPaid, type PaidDetails } from "../mail/order-notices.ts";
import { allowedFrom } from "../orders/order-status.ts";
import {
  getOrder,
  getOrderItems,
  type NewOrder,
  type OrderRow,
  orderStatements,
  statusStatement,
} from "../orders/orders.ts";
import { acceptPaidQuoteStatement } from "../quotes/quote-numbers.ts";
import { type ReceiptRef, receiptNumbering, receiptRefOf } from "../receipts/issue-receipt.ts";
import { type LedgerLine, ledgerLineOf, ledgerLineStatement } from "./ledger.ts";
import { settleWhenCoveredStatement } from "./order-balance-queries.ts";

/** How the money came in: named in the log line every settlement writes. */
type PaymentChannel = "card" | "invoice" | "mpesa" | "recorded" | "paybill" | "mpesa-plan";

/**
 * What the money does to its order:
 * - "when-covered": paid once every payment toward it covers what it is due (a part payment leaves it open);
 * - "paid": paid (Stripe's session said so, with the order's own amount);
 * - "nothing": a subscription's invoice, which the order already stands for;
 * - review: held for the owner, with why.
 */
type Settles = "when-covered" | "paid" | "nothing" | { review: string };

export type IncomingPayment = {
  channel: PaymentChannel;
  /** The order it pays, or one the payment makes (a quote paid by bank), written in the same batch. */
  order: OrderRow | { new: NewOrder };
  /** Its ledger line; null for a subscription's checkout, whose money is its first invoice's line. */
  line: LedgerLine | null;
  settles: Settles;
  /** Statements the channel adds to the same transaction, last (the owner's audit row). */
  alongside?: Statement[];
  /** When it was recorded (ISO 8601), for every row the batch writes; now unless the channel's audit row names a time. */
  at?: string;
  /** How the buyer's e-mail names the payment, when not by card in the order's currency. */
  paidBy?: { amountCents: number; currency: string; method: string };
};

export type Settled = {
  order: OrderRow;
  /** The order became paid by this settlement. */
  becamePaid: boolean;
  line: PaymentRow | null;
  /** The line's status changed (a new line, or a failure now paid): an invoice's e-mails follow it. */
  lineChanged: boolean;
  receipt: ReceiptRef | null;
};

const orderIdOf = (order: IncomingPayment["order"]): string => ("new" in order ? order.new.orderId : order.order_id);

function transitionStatements(db: D1Database, orderId: string, settles: Settles, at: string): Statement[] {
  if (settles === "nothing") return [];
  if (settles === "when-covered") return [settleWhenCoveredStatement(orderId, allowedFrom.paid, at)];
  if (settles === "paid") return [statusStatement(db, orderId, "paid", null, at)];
  return [statusStatement(db, orderId, "needs_review", settles.review, at)];
}

/** Records the payment and what it settles; see the module's comment. Throws when the batch fails (nothing written). */
export async function settlePayment(context: WorkContext, incoming: IncomingPayment): Promise<Settled> {
  const { env, log } = context;
  const orderId = orderIdOf(incoming.order);
  const { line } = incoming;
  const before = line ? await ledgerLineOf(env.DB, line.paymentId) : null;
  const wasPaid = "new" in incoming.order ? false : incoming.order.status === "paid";
  const at = incoming.at ?? new Date().toISOString();
  const numbering = line?.status === "paid" ? receiptNumbering(line.paymentId, new Date(at)) : null;
  const sale = await saleNumbering(context, line, at);
  const made = "new" in incoming.order ? orderStatements(env.DB, incoming.order.new) : [];
  const ledger = line ? [ledgerLineStatement(env.DB, line, at)] : [];
  const transition = transitionStatements(env.DB, orderId, incoming.settles, at);
  const after = [
    acceptPaidQuoteStatement(env.DB, orderId),
    ...(numbering?.statements ?? []),
    ...sale,
    ...(incoming.alongside ?? []),
  ];
  const results = await runBatch(env.DB, [...made, ...ledger, ...transition, ...after]);

  const lineRow = line ? ((results[made.length]?.[0] as PaymentRow | undefined) ?? null) : null;
  const moved = transition.length > 0 ? results[made.length + ledger.length] : undefined;
  const becamePaid = incoming.settles !== "nothing" && typeof incoming.settles === "string" && (moved?.length ?? 0) > 0;
  const order = (await getOrder(env.DB, orderId)) ?? ("new" in incoming.order ? null : incoming.order);
  if (!order) throw new Error(`Order ${orderId} vanished while its payment was settled`);
  const receipt = line && lineRow?.status === "paid" ? await receiptRefOf(env.DB, line.paymentId) : null;
  const settled: Settled = {
    order,
    becamePaid,
    line: lineRow,
    lineChanged: before?.status !== lineRow?.status,
    receipt,
  };

  if (lineRow?.status === "paid" && before?.status !== "paid") {
    recordPaidLine(context, lineRow);
  }
  if (sale.length > 0 && lineRow?.status === "paid" && before?.status !== "paid") {
    await nudgeSaleSender(context, `payment ${line?.paymentId}`);
  }
  log.info("Payment settled", { channel: incoming.channel, orderId, paymentId: line?.paymentId, becamePaid });
  if (incoming.channel === "mpesa" && wasPaid && line && !before) {
    // A second payment for a paid order (two prompts both answered): real money, kept and shown.
    log.error(`Order ${orderId} was paid again (${line.provider} ${line.reference ?? line.paymentId})`, { orderId });
  }
  // A card checkout's e-mails are asked for at each of Stripe's claims (the outbox sends them once),
  // so one that could not be queued goes with the next; anything else, when it made the order paid.
  if (order.status === "paid" && (becamePaid || (incoming.channel === "card" && incoming.settles === "paid"))) {
    const awaitingKra = line ? (await awaitsKra(env.DB, line.paymentId)).waits : false;
    await tellOrderPaid(context, order, {
      receipt,
      taxInvoiceFollows: awaitingKra,
      ...(incoming.paidBy ? { payment: incoming.paidBy } : {}),
    });
  }
  return settled;
}

/**
 * The paid order's e-mails, to the buyer and the owner: queued once (the outbox drops repeats, so a
 * replay, or a further payment of a paid order, sends nothing more). The payment stands whatever
 * happens here.
 */
async function tellOrderPaid(context: WorkContext, order: OrderRow, paid: PaidDetails): Promise<void> {
  const { env, log } = context;
  try {
    const items = await getOrderItems(env.DB, order.order_id);
    await notifyOrderPaid(context, { ...order, items }, paid);
  } catch (error) {
    log.error("The paid order's e-mails could not be queued", { orderId: order.order_id, error });
  }
}
