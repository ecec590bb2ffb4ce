/** What the back office shows of refunds: an order's, by the payment they refund, and one refund's page. */
import { type RefundView, refundViewById, refundViewsOfOrders } from "./refund-queries.ts";

export type { RefundView };

/** The refunds of these orders' payments, by payment id, oldest first. */
export async function refundsByPayment(
  db: D1Database,
  orderIds: readonly string[],
): Promise<Map<string, RefundView[]>> {
  const byPayment = new Map<string, RefundView[]>();
  for (const refund of await refundViewsOfOrders(db, orderIds)) {
    const list = byPayment.get(refund.payment_id);
    if (list) list.push(refund);
    else byPayment.set(refund.payment_id, [refund]);
  }
  return byPayment;
}

/** One refund with its credit note, for its page; null when there is none. */
export const refundForPage = (db: D1Database, refundId: string): Promise<RefundView | null> =>
  refundViewById(db, refundId);
