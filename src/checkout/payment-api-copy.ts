import { company } from "../site/company-copy.ts";

/** The payment endpoint's answers (POST /create-custom-payment), in words a buyer can act on. */
export const paymentApiCopy = {
  notJson: "Send the order as JSON (Content-Type: application/json).",
  tooLarge: "The order is too large to process. Please remove some items and try again.",
  malformedJson: "The order could not be read: the request body is not valid JSON.",
  notConfigured: "Payments are not configured. Please contact us to complete your order.",
  // The payment page would not charge what our pages show, so nothing is offered until an owner fixes it.
  outOfSync: `We cannot take payment for this order right now, and nothing was charged. Please try again later, or contact us at ${company.emails.general.display} or ${company.phone.display}.`,
  providerFailed: "The payment provider could not be reached. Please try again in a moment.",
  // Trying again would be refused again: only a person can find what the provider would not take.
  refused: `We could not accept this order as it is, and nothing was charged. Please contact us at ${company.emails.general.display} or ${company.phone.display} and we will complete it with you.`,
  unexpected: "Something went wrong on our side. Please try again in a moment.",
  notRecorded:
    "We could not record your order, so no payment was started and nothing was charged. Please try again in a moment.",
  methodNotAllowed: "Use POST to create a payment.",
} as const;
