import { formatKes, formatKesRate, MPESA_MAX_KES } from "../lib/kes.ts";
import { company } from "../site/company-copy.ts";

const contact = `${company.emails.general.display} or ${company.phone.display}`;

/** Every word a buyer reads about paying by M-Pesa Express: the choice, the answers and the waiting page. */
export const mpesaCopy = {
  quoteHeading: "Pay by M-Pesa",
  methodLegend: "How would you like to pay?",
  methods: { card: "Card", mpesa: "M-Pesa" },
  phoneLabel: "M-Pesa phone number",
  phoneInvalid: "Enter a Safaricom number: 07…, 01…, +254… or 254…",
  phoneHint: "The Safaricom number that will get the payment prompt, e.g. 0712 345 678.",
  /** Under a quote's KRA PIN field, which starts with the PIN the quote was asked with. */
  kraPinHint: "Optional: it goes on your tax invoice. Leave it empty if you have none.",
  rateLine: (rateX100: number, setOn: string | null) =>
    `Charged in Kenyan shillings at ${formatKesRate(rateX100)} KES per USD${setOn ? ` (our rate of ${setOn})` : ""}, rounded up to a whole shilling.`,
  amountLine: (kes: number) => `You will pay ${formatKes(kes)}.`,
  payButton: (kes: number) => `Pay ${formatKes(kes)} by M-Pesa`,
  sending: "Sending the prompt to your phone…",
  failedToast: "The M-Pesa payment could not start",
  /** Under the choice, for a cart with a monthly plan (docs/mpesa-plans.md). */
  planTerms: (monthly: string) =>
    `M-Pesa pays your first month now. After that, on each monthly due date we send an M-Pesa prompt for ${monthly} (in shillings at our rate that day) and an e-mail to pay if you miss it: nothing is taken without your PIN. Cancel any time on our billing page.`,
  onePlan:
    "M-Pesa bills one monthly plan at a time: keep one plan, quantity 1, in your cart (each plan is its own subscription), or pay by card.",
  quotePlanAtCheckout:
    "This quote includes a monthly plan. To pay it by M-Pesa, choose Pay online: at checkout M-Pesa pays the first month now, and each month after by a prompt on its due date.",
  overLimit: (kes: number) =>
    `${formatKes(kes)} is more than M-Pesa's limit of ${formatKes(MPESA_MAX_KES)} for one payment. Please pay by card, or by bank transfer: contact us at ${contact} for our bank details.`,
  unavailable: "M-Pesa payments are not available right now. Please pay by card.",
  rateChanged:
    "Our exchange rate has just changed, so the amount in shillings is different. Please check the new amount and confirm again.",
  quoteAccepted: "This quote has already been paid.",
  quoteNotPayable: "This quote can no longer be paid online. Please contact us for a new one.",
  partPaid: `Part of this has already been paid, so M-Pesa Express cannot ask for the whole amount. Please pay the balance by bank transfer or paybill, or contact us at ${contact}.`,
  orderClosed: `This order can no longer be paid here. Please contact us at ${contact}.`,
  orderChanged:
    "Our prices have changed since this order was made, so it cannot be paid as it stands. Please go back to checkout: your cart is still there.",
  inFlight:
    "A payment prompt for this order is already on its way to a phone. Please wait for it, then check this page.",
  tooManyRefused:
    "Too many payment requests from your network could not be accepted this hour. Please try again later, or pay by card.",
  refused: `M-Pesa did not accept this payment request, and nothing was charged. Please check the number, or contact us at ${contact}.`,
  providerFailed: "M-Pesa could not be reached, and nothing was charged. Please try again in a moment.",
  notRecorded:
    "We could not record your order, so no prompt was sent and nothing was charged. Please try again in a moment.",
  rateLimited: "Too many payment attempts from your network. Please wait a minute and try again.",
  phoneBusy:
    "This phone number has had several payment prompts in the last hour, so no new one was sent. Please wait, or pay by card.",
  clientBusy: "Too many payment prompts were sent from your network this hour. Please try again later, or pay by card.",
  busy: "We are receiving an unusual number of M-Pesa payments. Please try again in a minute, or pay by card.",
  budgetUnavailable: "We could not start the payment just now, and nothing was charged. Please try again in a moment.",
  quoteNotFound: "This quote could not be found. Please use the link from your e-mail.",
  notJson: "Send the payment as JSON (Content-Type: application/json).",
  malformed: "The payment request could not be read. Please reload the page and try again.",
  tooLarge: "The payment request is too large.",
  waiting: {
    title: "Pay on your phone",
    pending: (kes: number, phone: string) =>
      `We sent a payment prompt for ${formatKes(kes)} to ${phone}. Enter your M-Pesa PIN on your phone to pay.`,
    pendingNote: "This page updates by itself once M-Pesa answers. It can take up to a minute.",
    refresh: "Check again",
    paidTitle: "Payment received",
    paid: (kes: number, receipt: string | null) =>
      `Thank you: we received ${formatKes(kes)}${receipt ? ` (M-Pesa receipt ${receipt})` : ""}. A confirmation is on its way to your e-mail.`,
    failedTitle: "The payment did not go through",
    tryAgain: "Send the prompt again",
    retryAmount: (kes: number) => `The new prompt asks for ${formatKes(kes)}.`,
    repriced: (kes: number) =>
      `Our exchange rate has changed since this order was made, so the amount is now ${formatKes(kes)}. Send the prompt again to pay it.`,
    payByCard: "Pay by card instead",
    backToQuote: "Back to the quote",
    home: "Back to the home page",
    testPhone: "Open the test phone (local M-Pesa stand-in)",
    orderRef: (ref: string) => `Order reference ${ref}`,
    receiptLink: (number: string) => `Download receipt ${number} (PDF)`,
    statusLive: "Waiting for M-Pesa to confirm the payment…",
  },
  /** What each of Daraja's result codes means for the buyer. */
  results: {
    1032: "You cancelled the payment on your phone. Nothing was charged.",
    1037: "Your phone did not answer the prompt in time. Nothing was charged. Check that it is on and unlocked, then try again.",
    1: "Your M-Pesa balance was not enough for this payment. Nothing was charged. Top up, then try again.",
    2001: "The M-Pesa PIN entered was wrong. Nothing was charged. Please try again.",
    other: "M-Pesa could not complete the payment, and nothing was charged. Please try again, or pay by card.",
  } as Record<number | "other", string>,
} as const;

/** The sentence for a Daraja result code (0 is paid, and has none). */
export function mpesaResultSentence(code: number | null): string {
  return (code !== null && mpesaCopy.results[code]) || mpesaCopy.results.other;
}
