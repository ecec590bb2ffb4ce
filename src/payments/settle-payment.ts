/**
 * What happens when money has come in for an order, whichever way it came: the order is paid, the
 * ledger has its line, a quote it pays is accepted, the payment gets its numbered receipt and the
 * buyer and the owner get the e-mails of a paid order (once: the outbox drops repeats).
 */

import { type PaymentRecord, recordPayment } from "../billing/subscription-queries.ts";
import type { FulfilmentContext } from "../checkout/fulfilment-types.ts";
import type { OrderRow } from "../db/schema.ts";
import { notifyOrderPaid } from "../mail/order-notices.ts";
import { getOrder, getOrderItems } from "../orders/order-queries.ts";
import { transitionOrder } from "../orders/order-transitions.ts";
import { acceptQuoteStatement } from "../quotes/quote-queries.ts";
import { issueReceipt, type ReceiptRef } from "../receipts/issue-receipt.ts";

export async function takePayment(
  context: FulfilmentContext,
  order: OrderRow,
  payment: PaymentRecord,
): Promise<{ receipt: ReceiptRef | null }> {
  const { env, log, origin } = context;
  const orderId = order.order_id;
  const moved = await transitionOrder(env.DB, orderId, "paid");
  if (moved.found && !moved.changed && moved.previous === "paid") {
    // A second payment for a paid order (two prompts both answered): real money, so it is kept and shown.
    log.error(`Order ${orderId} was paid again (${payment.provider} ${payment.reference ?? payment.paymentId})`, {
      orderId,
    });
  }
  await recordPayment(env.DB, payment);
  if (order.quote_number) await acceptQuoteStatement(env.DB, order.quote_number, orderId).run();
  const receipt = await receiptFor(context, payment.paymentId);
  if (moved.found && moved.changed) {
    try {
      const fresh = (await getOrder(env.DB, orderId)) ?? order;
      await notifyOrderPaid(env, { ...fresh, items: await getOrderItems(env.DB, orderId) }, origin, log, { receipt });
    } catch (error) {
      log.error("The paid order's e-mails could not be queued", { orderId, error });
    }
  }
  return { receipt };
}

/**
 * The payment's numbered receipt, for its e-mail. Numbered now and drawn later (the cron's sweep or
 * the first download): the request that saw the money must answer quickly. The payment stands
 * whatever happens here.
 */
export async function receiptFor(context: FulfilmentContext, paymentId: string): Promise<ReceiptRef | null> {
  try {
    return await issueReceipt(context.env, paymentId, context.origin, { draw: false, log: context.log });
  } catch (error) {
    context.log.error(`Receipt for payment ${paymentId} could not be issued now`, { paymentId, error });
    return null;
  }
}
