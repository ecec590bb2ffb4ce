import { company } from "../site/company-copy.ts";
import { sellerRegistration } from "../tax/seller-copy.ts";
import { taxCopy } from "../tax/tax-copy.ts";

/** The words of a payment receipt and of the tax invoice it becomes (their PDF), in one place. */
export const receiptDocument = {
  title: "Receipt",
  /** The receipt's title once KRA has accepted the sale: the same PDF, now the buyer's tax invoice. */
  taxInvoiceTitle: "Tax invoice",
  labels: { number: "Number", invoice: "Invoice number", issued: "Date issued", paidOn: "Paid on" },
  /** A PIN as the seller's letterhead and the buyer's details print it. */
  receivedFrom: "Received from",
  paymentHeading: "Payment",
  amountReceived: "Amount received",
  /** Under a KES amount: what it was worth in US dollars at the rate it was taken at. */
  usdEquivalent: (usd: string) => `Equivalent to ${usd} (US dollars) at the rate applied to this payment`,
  details: {
    method: "Paid by",
    reference: "Reference",
    paidTo: "Paid to",
    order: "Order",
    quote: "Quote",
    billing: "Billed for",
    period: "Period",
  },
  /** Where a bank transfer or paybill payment went: the owner's details (payments/payment-details.ts). */
  paidToBank: (bank: string, account: string) => `${bank}, account ${account}`,
  paidToPaybill: (paybill: string) => `Paybill ${paybill}`,
  methods: {
    stripe: "Card, via Stripe",
    mpesa_express: "M-Pesa Express",
    bank_transfer: "Bank transfer",
    mpesa_paybill: "M-Pesa paybill",
  },
  forHeading: "For",
  columns: {
    service: "Service",
    quantity: "Qty",
    amount: "Amount",
    net: taxCopy.net,
    vat: taxCopy.vat,
    total: "Total",
  },
  perMonth: "per month",
  /** Under a tax invoice's totals in shillings, for a card payment taken in dollars. */
  usdPaid: (usd: string, rate: string) => `Paid US${usd} at KES ${rate} per US dollar`,
  /** A subscription's invoice: why Stripe billed it, and the period it pays for. */
  subscription: {
    reasons: {
      subscription_create: "Subscription: first payment",
      subscription_cycle: "Subscription: renewal",
      subscription_update: "Subscription: plan change",
      subscription_threshold: "Subscription: usage",
      manual: "Subscription: invoice",
    } as Record<string, string>,
    other: "Subscription payment",
    period: (from: string, to: string) => `${from} to ${to}`,
  },
  /** The block of KRA's answer on a tax invoice, labelled as eTIMS names each field. */
  kra: {
    heading: "KRA eTIMS",
    invoiceNumber: "Invoice number",
    receiptNumber: "KRA receipt number",
    cuSerial: "CU serial number",
    cuInvoice: "CU invoice number",
    cuDateTime: "CU date and time",
    internalData: "Internal data",
    signature: "Receipt signature",
    verify: "Verify this invoice with KRA: scan the code or open",
  },
  noteHeading: "Note",
  /** Under a payer's name the PDF's fonts cannot fully draw (a script such as Arabic or Chinese). */
  nameAsWritten: "Some characters of the name cannot be shown in this document.",
  notTaxInvoice: "This is a payment receipt. It is not a KRA eTIMS tax invoice.",
  registeredWithKra: "This tax invoice is registered with KRA through eTIMS.",
  thanks: "Thank you for your payment.",
  questions: (document: "receipt" | "invoice") =>
    `Questions about this ${document}: ${company.emails.general.display} or ${company.phone.display}.`,
  page: (number: string, page: number, pages: number) => `${number} · Page ${page} of ${pages}`,
  /**
   * The letterhead's registration lines, with the seller's KRA PIN when it has one. Two lines: on one,
   * the letterhead's longest line ran under the document's facts beside it.
   */
  registration: (kraPin: string | null) => [sellerRegistration(kraPin), company.registration],
  filename: (number: string) => `receipt-${number}.pdf`,
  /** The receipt link's answer when one connection opens receipts faster than anyone reads them. */
  tooMany: "Too many requests from your connection. Please wait a minute and open your receipt's link again.",
  /** The link's answer while KRA registers the sale: the tax invoice is drawn once it has. */
  awaitingKra:
    "Your tax invoice is being registered with KRA through eTIMS. Please open this link again in a few minutes; we will also e-mail it to you.",
};
