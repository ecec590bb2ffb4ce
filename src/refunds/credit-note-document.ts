/**
 * A refund's credit note document (credit-note-pdf.ts): its facts from what the books hold (the
 * refund, its payment and order, the credit note KRA accepted and the invoice it credits), drawn on
 * demand for the owner. Null until KRA has accepted the credit note.
 */
import type { RefundRow } from "../db/refund-tables.ts";
import { creditNoteOf } from "../etims/credit-notes.ts";
import { saleAmounts } from "../etims/sale-amounts.ts";
import type { WorkContext } from "../http/work-context.ts";
import { getOrder, getOrderItems } from "../orders/orders.ts";
import { ledgerLineOf } from "../payments/ledger.ts";
import { configOrNull, signatureOf } from "../receipts/receipt-tax.ts";
import { sellerTaxIdentity } from "../tax/seller.ts";
import { type CreditNoteFacts, renderCreditNotePdf } from "./credit-note-pdf.ts";

async function creditNoteFacts(env: Env, refund: RefundRow): Promise<CreditNoteFacts | null> {
  const sales = await creditNoteOf(env.DB, refund);
  const payment = await ledgerLineOf(env.DB, refund.payment_id);
  if (!sales || !payment) return null;
  const seller = sellerTaxIdentity(env);
  const signature = signatureOf(sales.note, configOrNull(env), seller.kraPin);
  if (!signature) return null;
  const [order, lines] = await Promise.all([getOrder(env.DB, refund.order_id), getOrderItems(env.DB, refund.order_id)]);
  const credited = { ...payment, amount_cents: refund.amount_cents };
  const rate = payment.currency.toLowerCase() === "usd" ? sales.note.kes_rate_x100 : null;
  return {
    refund,
    payment,
    order,
    invoiceNumber: sales.original.trader_invoice_no,
    signature,
    tax: {
      seller,
      buyerPin: order?.customer_kra_pin ?? null,
      amounts: saleAmounts(credited, lines, seller.vat, rate),
      invoice: signature,
      usdPaidCents: null,
    },
  };
}

/** The credit note's PDF and its file name; null while KRA has not accepted it (or there is none). */
export async function creditNotePdf(
  context: WorkContext,
  refund: RefundRow,
): Promise<{ bytes: Uint8Array; number: string } | null> {
  const facts = await creditNoteFacts(context.env, refund);
  if (!facts) return null;
  return { bytes: await renderCreditNotePdf(facts, context.origin), number: facts.signature.traderInvoiceNo };
}
