/**
 * What a receipt's PDF needs to be a tax document: the seller's PIN and VAT status, the payment's
 * lines split into net, VAT and total, and, once KRA has accepted the sale, KRA's numbers, which make
 * the receipt a tax invoice. receipts/receipt-queries.ts gathers it; receipts/receipt-pdf.ts draws it.
 */
import type { SellerTaxIdentity } from "../tax/seller.ts";
import type { SaleAmounts } from "./sale-amounts.ts";

/** KRA's answer to the sale, and what the invoice prints beside it. */
export type KraSignature = {
  /** Our invoice number, e.g. INV-2026-00001 (trdInvcNo), and KRA's invcNo for it. */
  traderInvoiceNo: string;
  invcNo: number;
  /** KRA's receipt numbers: this branch's sales count, and all its receipts. */
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  /** The control unit's time of the sale, YYYYMMDDhhmmss (Nairobi). */
  sdcDateTime: string;
  /** The control unit's serial (ETIMS_DEVICE_SERIAL). */
  cuSerial: string;
  /** KRA's verification page for this receipt: the QR code encodes it. */
  verifyUrl: string;
};

export type DocumentTax = {
  seller: SellerTaxIdentity;
  /** The buyer's KRA PIN, upper-cased; null when none was given. */
  buyerPin: string | null;
  /** The lines and totals in the document's currency (KES for a tax invoice). */
  amounts: SaleAmounts;
  /** null: a payment receipt (eTIMS not configured, or KRA has not answered yet). */
  invoice: KraSignature | null;
  /** The dollars paid, for a card payment drawn in shillings; null otherwise. */
  usdPaidCents: number | null;
};
