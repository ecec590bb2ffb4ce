import { paymentTerms } from "../catalogue/pricing-extras-copy.ts";
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
  bankTransfer: (reference: string) => {
    const bank = company.paymentDetails.bank;
    return `Bank transfer: ${bank.bank}, account name ${bank.accountName}, account ${bank.accountNumber}, branch ${bank.branch}, SWIFT ${bank.swift}. Reference: ${reference}.`;
  },
  mpesa: (reference: string) =>
    `M-Pesa: Lipa na M-Pesa, Paybill ${company.paymentDetails.mpesa.paybill}, account number ${reference}.`,
  noObligation: "This quote is free and places you under no obligation.",
  /** Under a client name the PDF's fonts cannot fully draw (a script such as Arabic or Chinese). */
  nameAsWritten: "The name as written is shown on this quote's page:",
  page: (number: string, page: number, pages: number) => `${number} · Page ${page} of ${pages}`,
  registration: `Registration No. ${company.registrationNumber}`,
};
