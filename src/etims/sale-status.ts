/**
 * What other features ask of a payment's or an order's KRA sale: whether its receipt waits for KRA,
 * whether the order's tax invoice is reported (its buyer's PIN is then final), and sending an
 * order's waiting sales again after the owner fixed what KRA refused.
 */
import type { EtimsSaleRow } from "../db/etims-tables.ts";
import type { WorkContext } from "../http/work-context.ts";
import { nudgeSaleSender } from "./sale-numbering.ts";
import { makeOrderSalesDue, orderHasReportedSale, saleOfPayment } from "./sale-queries.ts";

/**
 * The payment's sale, and whether its receipt must wait before it is drawn: KRA has not accepted
 * the sale yet. Drawn now, it would be kept as a plain receipt for good.
 */
export async function awaitsKra(
  db: D1Database,
  paymentId: string,
): Promise<{ sale: EtimsSaleRow | null; waits: boolean }> {
  const sale = await saleOfPayment(db, paymentId);
  return { sale, waits: sale !== null && sale.status !== "accepted" };
}

/** Whether KRA has accepted a sale of the order's payments. */
export const orderInvoiceReported = (db: D1Database, orderId: string): Promise<boolean> =>
  orderHasReportedSale(db, orderId);

/** The order's waiting sales are due now and the sender is nudged; returns how many wait. */
export async function resendOrderSales(context: WorkContext, orderId: string, reason: string): Promise<number> {
  const due = await makeOrderSalesDue(context.env.DB, orderId, new Date().toISOString());
  if (due > 0) await nudgeSaleSender(context, reason);
  return due;
}
