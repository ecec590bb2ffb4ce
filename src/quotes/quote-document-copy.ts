import { paymentTerms } from "../catalogue/pricing-extras-copy.ts";
import type { PaymentDetails } from "../lib/payment-ways.ts";
import { company } from "../site/company-copy.ts";

/** The pricing page's billing policies a quote repeats (the rest are about plans the quote may not hold). */
const QUOTED_TERMS = ["Project deposit", "Late payments", "Monthly billing"];

/** The words of a written quote (the PDF and the quote's page), in one place. */
export const quoteDocument = {
  title: "Quote",
  preparedFor: "Prepared for",
  labels: { number: "Number", date: "Date", validUntil: "Valid until" },
  columns: { service: "Service", quantity: "Qty", unitPrice: "Unit price", lineTotal: "Line total" },
  perMonth: "per month",
  dueOnAcceptance: "Due on acceptance",
  monthlyThereafter: "Monthly thereafter",
  termsHeading: "Payment terms",
  terms: QUOTED_TERMS.map((title) => paymentTerms.find((term) => term.title === title)?.text ?? "").filter(Boolean),
  howToPayHeading: "How to pay",
  payOnline: (url: string) => `Online by card: open ${url} and choose "Pay online".`,
  /** The ways to pay offline that the owner has set (payments/payment-details.ts), each with this reference. */
  offline: (reference: string, details: PaymentDetails): string[] => {
    const ways: string[] = [];
    const { bank, paybill, till } = details;
    if (bank) {
      const branch = bank.branch ? `, branch ${bank.branch}` : "";
      const swift = bank.swift ? `, SWIFT ${bank.swift}` : "";
      ways.push(
        `Bank transfer: ${bank.bank}, account name ${bank.accountName}, account ${bank.accountNumber}${branch}${swift}. Reference: ${reference}.`,
      );
    }
    if (paybill) ways.push(`M-Pesa: Lipa na M-Pesa, Paybill ${paybill}, account number ${reference}.`);
    if (till)
      ways.push(
        `M-Pesa: Lipa na M-Pesa, Buy Goods till ${till}. Please send us the M-Pesa message, quoting ${reference}.`,
      );
    return ways;
  },
  noObligation: "This quote is free and places you under no obligation.",
  /** Under a client name the PDF's fonts cannot fully draw (a script such as Arabic or Chinese). */
  nameAsWritten: "The name as written is shown on this quote's page:",
  page: (number: string, page: number, pages: number) => `${number} · Page ${page} of ${pages}`,
  registration: `Registration No. ${company.registrationNumber}`,
};
