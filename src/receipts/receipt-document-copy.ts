import { company } from "../site/company-copy.ts";

/** The words of a payment receipt (its PDF), in one place. */
export const receiptDocument = {
  title: "Receipt",
  labels: { number: "Number", issued: "Date issued", paidOn: "Paid on" },
  receivedFrom: "Received from",
  amountReceived: "Amount received",
  /** Under a KES amount: what it was worth in US dollars at the rate it was taken at. */
  usdEquivalent: (usd: string) => `Equivalent to ${usd} (US dollars) at the rate applied to this payment`,
  details: { method: "Paid by", reference: "Reference", order: "Order", quote: "Quote" },
  methods: {
    stripe: "Card, via Stripe",
    mpesa_express: "M-Pesa Express",
    bank_transfer: "Bank transfer",
    mpesa_paybill: "M-Pesa paybill",
  },
  forHeading: "For",
  columns: { service: "Service", quantity: "Qty", amount: "Amount" },
  perMonth: "per month",
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
    period: (from: string, to: string) => `Period ${from} to ${to}`,
  },
  noteHeading: "Note",
  /** Under a payer's name the PDF's fonts cannot fully draw (a script such as Arabic or Chinese). */
  nameAsWritten: "Some characters of the name cannot be shown in this document.",
  notTaxInvoice: "This is a payment receipt. It is not a KRA eTIMS tax invoice.",
  thanks: "Thank you for your payment.",
  questions: `Questions about this receipt: ${company.emails.general.display} or ${company.phone.display}.`,
  page: (number: string, page: number, pages: number) => `${number} · Page ${page} of ${pages}`,
  registration: `Registration No. ${company.registrationNumber} · ${company.registration}`,
  filename: (number: string) => `receipt-${number}.pdf`,
  /** The receipt link's answer when one connection opens receipts faster than anyone reads them. */
  tooMany: "Too many requests from your connection. Please wait a minute and open your receipt's link again.",
};
