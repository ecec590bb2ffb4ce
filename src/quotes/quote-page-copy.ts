import { paths } from "../paths.ts";

/** A list of names as a sentence reads them: "A", "A and B", "A, B and C". */
const listed = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * /quote/<number>?k=…: a written quote as a page, for whoever holds its link. The words the page
 * shares with the PDF (labels, columns, totals, bank and M-Pesa details) are quotes/quote-document-copy.ts.
 */
export const quotePageCopy = {
  meta: {
    title: "Your Quote",
    description: "A written quote from us: the services, what is due on acceptance and how to pay.",
  },
  eyebrow: "Written quote",
  title: (number: string) => `Quote ${number}`,
  client: { email: "E-mail", company: "Company" },
  lines: { heading: "Services", category: "Category" },
  dueNote: "Every service once, including the first month of any monthly service.",
  download: "Download quote (PDF)",
  /** The card line of "How to pay" (the bank and M-Pesa lines are the PDF's, quotes/quote-document-copy.ts). */
  card: "Card: choose Pay online below, Stripe's secure checkout. Monthly services become a subscription on the same card.",
  payOnline: {
    heading: "Pay online",
    lead: "Puts exactly these services and quantities in your cart (replacing anything already in it) and takes you to checkout.",
    button: "Pay online",
    noScript:
      "Pay online needs JavaScript, which is off in your browser. You can still pay by bank transfer or M-Pesa as described above.",
    /** Why a quote cannot be paid online, in plain words. */
    expired: (date: string) =>
      `This quote expired on ${date}, so it can no longer be accepted or paid online. Our prices may have changed since: request a new quote and we will send you an up-to-date one.`,
    changed: (names: readonly string[], until: string) =>
      `Our online prices have changed since this quote was written (${listed(names)}), so paying online would not match it. The quoted prices still hold by bank transfer or M-Pesa until ${until}, or request a new quote at today's prices.`,
    unavailable: (names: readonly string[]) =>
      `We no longer offer ${listed(names)} online, so this quote cannot be paid online. Pay by bank transfer or M-Pesa, or request a new quote.`,
    partPaid: (paid: string, balance: string) =>
      `We have received ${paid} toward this quote. The balance of ${balance} is paid by bank transfer or M-Pesa paybill as described above, with the quote number as the reference: paying online would charge the whole quote again.`,
    requestNew: { label: "Request a new quote", href: paths.customQuote },
  },
  /** Under the totals, while a quote is being paid in parts. */
  paidSoFar: "Paid so far",
  balance: "Balance to pay",
  tooMany: {
    title: "Too Many Requests",
    text: "Too many requests from your connection. Please wait a minute and open your quote's link again.",
  },
} as const;
