/**
 * What makes a receipt a tax document (etims/document-tax.ts): the seller's PIN and VAT status, the
 * buyer's PIN, the payment's lines split into net, VAT and total, and, once KRA has accepted the
 * sale, its signature: the receipt is then the tax invoice, drawn in shillings.
 */
import type { EtimsSaleRow } from "../db/etims-tables.ts";
import type { DocumentTax, KraSignature } from "../etims/document-tax.ts";
import { saleAmounts } from "../etims/sale-amounts.ts";
import { type EtimsConfig, etimsConfigOrNull, receiptVerifyUrl } from "../providers/etims.ts";
import { sellerTaxIdentity } from "../tax/seller.ts";
import type { ReceiptFacts } from "./receipt-queries.ts";

/** KRA's signature of an accepted sale (a receipt's tax invoice, or a refund's credit note); null before KRA accepted it. */
export function signatureOf(
  sale: EtimsSaleRow,
  config: EtimsConfig | null,
  sellerPin: string | null,
): KraSignature | null {
  if (sale.status !== "accepted" || sale.rcpt_sign === null || sale.intrl_data === null) return null;
  // The signature is KRA's; the serial and the verification host are ours to name (the sale was sent with them).
  const env = config?.env ?? "sandbox";
  return {
    traderInvoiceNo: sale.trader_invoice_no,
    invcNo: sale.invc_no,
    curRcptNo: sale.cur_rcpt_no ?? 0,
    totRcptNo: sale.tot_rcpt_no ?? 0,
    intrlData: sale.intrl_data,
    rcptSign: sale.rcpt_sign,
    sdcDateTime: sale.sdc_date_time ?? "",
    cuSerial: config?.deviceSerial ?? "",
    verifyUrl: receiptVerifyUrl({ env, tin: sellerPin ?? "", branchId: sale.branch_id }, sale.rcpt_sign),
  };
}

/** A misconfigured eTIMS (logged where sales are sent) prints no serial; the invoice still carries KRA's signature. */
export function configOrNull(env: Env): EtimsConfig | null {
  try {
    return etimsConfigOrNull(env);
  } catch {
    return null;
  }
}

/** The receipt's tax facts; `sale` is the payment's eTIMS sale, if it has one. */
export function documentTaxOf(env: Env, facts: ReceiptFacts, sale: EtimsSaleRow | null): DocumentTax {
  const seller = sellerTaxIdentity(env);
  const invoice = sale ? signatureOf(sale, configOrNull(env), seller.kraPin) : null;
  const { payment } = facts;
  const inDollars = payment.currency.toLowerCase() === "usd";
  const rate = invoice && inDollars ? (sale?.kes_rate_x100 ?? null) : null;
  return {
    seller,
    buyerPin: facts.order?.customer_kra_pin ?? null,
    amounts: saleAmounts(payment, facts.lines, seller.vat, rate),
    invoice,
    usdPaidCents: invoice && inDollars ? payment.amount_cents : null,
  };
}
