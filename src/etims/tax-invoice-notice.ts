/**
 * A sale KRA has accepted: its receipt is drawn now as the tax invoice and kept (R2), and the buyer
 * is e-mailed its link, once (the outbox's key). Neither failing undoes the acceptance: the receipts
 * sweep draws a PDF that was not kept, and the outbox retries the e-mail.
 */
import { and, eq } from "drizzle-orm";
import { database } from "../db/client.ts";
import { etimsSales } from "../db/etims-tables.ts";
import { orders, payments } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { enqueueMail } from "../mail/enqueue.ts";
import { receiptRefOf, storeReceiptDocument } from "../receipts/issue-receipt.ts";

export async function mailTaxInvoice(context: WorkContext, paymentId: string): Promise<void> {
  const { env, log, origin } = context;
  try {
    const receipt = await receiptRefOf(env.DB, paymentId);
    if (!receipt) return;
    await storeReceiptDocument(context, receipt.number).catch((error: unknown) => {
      log.warn("The tax invoice's PDF was not stored: the sweep draws it", { receipt: receipt.number, error });
    });
    const row = await database(env.DB)
      .select({
        orderId: orders.order_id,
        email: orders.customer_email,
        name: orders.customer_name,
        invoice: etimsSales.trader_invoice_no,
        kra: etimsSales.cur_rcpt_no,
      })
      .from(etimsSales)
      .innerJoin(payments, eq(payments.payment_id, etimsSales.payment_id))
      .innerJoin(orders, eq(orders.order_id, payments.order_id))
      .where(and(eq(etimsSales.payment_id, paymentId), eq(etimsSales.receipt_type, "S")))
      .get();
    if (!row || row.kra === null) return;
    await enqueueMail(context, {
      kind: "tax-invoice",
      dedupeKey: `tax-invoice:${paymentId}`,
      to: row.email,
      orderId: row.orderId,
      data: {
        customerName: row.name,
        invoiceNumber: row.invoice,
        kraReceiptNumber: row.kra,
        url: `${origin}${receipt.path}`,
      },
    });
  } catch (error) {
    log.error("The tax invoice could not be drawn or e-mailed", { paymentId, error });
  }
}
