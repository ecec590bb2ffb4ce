/**
 * The back office's words for how orders are paid (issue 24): the Settings section (the KES rate),
 * the "Record a payment" form on quotes and orders, and how each order and ledger line was paid.
 */
import { formatKesRate } from "../lib/kes.ts";

/** How a recorded payment came in, as the form offers it. */
export type ManualMethod = "bank_transfer" | "mpesa_paybill";

const methods: Record<ManualMethod, string> = {
  bank_transfer: "Bank transfer",
  mpesa_paybill: "M-Pesa paybill",
};

export const adminPaymentsCopy = {
  /** The Settings link after the sections in the back office's navigation. */
  navSettings: "Settings",
  settings: {
    heading: "Settings",
    title: "Settings",
    lead: "Values the site uses that you set here. Every change is recorded with who made it and when.",
    rate: {
      heading: "KES exchange rate",
      explain:
        "M-Pesa payments are charged in Kenyan shillings at this rate: the price in US dollars times the rate, rounded up to a whole shilling. A KES payment you record is also shown in US dollars at this rate.",
      current: "Current rate",
      perUsd: (rateX100: number) => `KES ${formatKesRate(rateX100)} per US dollar`,
      setOn: (when: string) => `Set ${when} by`,
      fromDefault: "Default from KES_PER_USD (you have not set a rate here yet).",
      none: "No rate: M-Pesa is not offered until you set one.",
      label: "New rate (KES per US dollar)",
      hint: (min: number, max: number, confirmAbove: number) =>
        `A number with at most two decimals, between ${formatKesRate(min)} and ${formatKesRate(max)}, e.g. 129.50. A change of more than ${confirmAbove}% is saved only once you confirm it.`,
      submit: "Save rate",
      invalid: (min: number, max: number) =>
        `That is not a rate we can use: write KES per US dollar with at most two decimals, between ${formatKesRate(min)} and ${formatKesRate(max)} (e.g. 129.50). Nothing was saved.`,
      saved: (rateX100: number) => `Rate saved: KES ${formatKesRate(rateX100)} per US dollar.`,
      errorTitle: "Rate not saved",
      /** A change over the threshold, asked about before it is saved (a slipped decimal point charges a tenth). */
      confirm: {
        title: "Confirm the new rate",
        heading: "Confirm a large change",
        notYet: (confirmAbove: number) =>
          `Not saved yet: this changes the rate by more than ${confirmAbove}%. Check it before you save it.`,
        current: "Current rate",
        next: "New rate",
        change: "Change",
        percent: (percent: number) => `${Math.abs(percent).toFixed(1)}% ${percent < 0 ? "lower" : "higher"}`,
        why: "A day's market move is a few percent. A change this large is more often a typing slip: a misplaced decimal point charges every M-Pesa buyer a tenth, or ten times, the price.",
        submit: (rateX100: number) => `Yes, save KES ${formatKesRate(rateX100)} per US dollar`,
        keep: (rateX100: number) => `No, keep KES ${formatKesRate(rateX100)}`,
      },
    },
    history: {
      heading: "Rate history",
      caption: "Changes to the KES exchange rate, newest first",
      empty: "No change recorded yet.",
      when: "When",
      rate: "Rate",
      by: "By",
    },
  },
  form: {
    summary: "Record a payment",
    /** Read after "Record a payment" by screen readers: what it is recorded against. */
    forQuote: (number: string) => ` for quote ${number}`,
    forOrder: (ref: string) => ` for order ${ref}`,
    quoteHint:
      "For a bank transfer or paybill payment of this quote: it becomes an order at the quoted prices, and once it is paid in full the quote is marked accepted and the buyer is e-mailed. Every payment gets its receipt.",
    orderHint:
      "For a bank transfer or paybill payment of this order: it is marked paid once it is paid in full, and the payment gets its receipt. The buyer is e-mailed when the order becomes paid.",
    method: "Method",
    methods,
    amount: "Amount",
    amountHint: "As received, e.g. 12950 or 1500.50",
    currency: "Currency",
    currencies: { usd: "USD", kes: "KES" } as const,
    reference: "Reference",
    referenceHint: "The bank reference or M-Pesa receipt number: 3 to 40 letters, digits, - / . or spaces.",
    paidOn: "Date paid",
    note: "Note (optional)",
    noteHint: (max: number) => `Only you see it. At most ${max.toLocaleString("en-US")} characters.`,
    submit: "Record payment",
  },
  /** Why a form was refused: each names what to fix; nothing was saved. */
  invalid: {
    target: "The form did not say which quote or order was paid.",
    method: "Choose how the money came in: bank transfer or M-Pesa paybill.",
    amount: "Write the amount received, above zero, with at most two decimals (e.g. 12950 or 1500.50).",
    currency: "Choose the currency the money came in: USD or KES.",
    paybillInKes: "An M-Pesa paybill payment is in KES: choose KES or record it as a bank transfer.",
    reference:
      "Write the bank reference or M-Pesa receipt number: 3 to 40 letters, digits, - / . or spaces (e.g. NLJ7RT61SV).",
    paidOn: "Write the day the money arrived (YYYY-MM-DD): not in the future, not before 2020.",
    note: (max: number) => `A note is at most ${max.toLocaleString("en-US")} characters of plain text.`,
    noRate: "Set the KES exchange rate in Settings first: a KES payment is recorded with its US dollar equivalent.",
  },
  refused: {
    title: "Payment not recorded",
    why: (reason: string) => `${reason} Nothing was saved.`,
    duplicate: (reference: string, amount: string, day: string) =>
      `Reference ${reference} is already recorded (payment of ${amount} on ${day}). Nothing was saved.`,
    quoteAccepted: (number: string) =>
      `Quote ${number} is already accepted, so no second order was made from it. Record the payment against its order instead. Nothing was saved.`,
    concurrent: (number: string) =>
      `Another payment of quote ${number} was recorded at the same moment. Nothing was saved: look at the quote's order, then record this payment against it.`,
    backToQuote: "Back to the quote",
    backToOrder: "Back to the order",
  },
  /** What a quote or order is due, and what a payment below it does (payments/order-balance-queries.ts). */
  balance: {
    due: (due: string) => `Due: ${due}.`,
    dueAfterPart: (due: string, paid: string, balance: string) =>
      `Due: ${due}. Paid so far: ${paid}. Balance: ${balance}.`,
    partRule:
      "A smaller amount is recorded as a part payment: it stays unpaid, showing its balance, and the buyer's confirmation goes out only once the payments reach what is due. A KES payment counts at today's rate; a difference of at most KES 1 or $0.01 is rounding and counts as paid.",
    line: (paid: string, due: string, balance: string) => `Part paid: ${paid} of ${due} · balance ${balance}`,
  },
  recorded: "Payment recorded. Its receipt is below; the buyer's e-mail is queued when the order became paid now.",
  /** How the buyer's e-mail names the way they paid ("We've received your payment of KES 12,950.00 by …"). */
  mailMethod: { bank_transfer: "bank transfer", mpesa_paybill: "M-Pesa paybill" } satisfies Record<
    ManualMethod,
    string
  >,
  /** The audit row's detail: method, amount in its currency, reference. */
  auditDetail: (method: ManualMethod, amount: string, reference: string) =>
    `${methods[method]}, ${amount}, reference ${reference}`,
  history: {
    "setting.kes_rate": "Set the KES rate",
    "setting.payment_details": "Saved the payment details",
    "payment.recorded": "Recorded a payment",
  } as Record<string, string>,
  orders: {
    /** How an order is paid (orders.provider). */
    provider: {
      stripe: "Card via Stripe",
      mpesa: "M-Pesa",
      manual: "Recorded by owner",
    } as Record<string, string>,
    kesAt: (kes: string, rateX100: number) => `${kes} at ${formatKesRate(rateX100)} KES/USD`,
    fromQuote: "from quote",
    /** Beside the id of an order not paid through Stripe (M-Pesa's mp_…, the owner's mn_…). */
    ourReference: "Order id",
    /** How a ledger line came in (payments.provider). */
    paymentProvider: {
      stripe: "card",
      mpesa_express: "M-Pesa Express",
      bank_transfer: "bank transfer",
      mpesa_paybill: "M-Pesa paybill",
    } as Record<string, string>,
    manualReason: "recorded",
    reference: "ref.",
    phone: "phone",
    paidOn: (day: string) => `paid ${day}`,
    usdEquivalent: (usd: string) => `(≈ ${usd})`,
    receipt: (number: string) => `Receipt ${number}`,
    noReceipt: "no receipt yet",
  },
  quotes: {
    accepted: (day: string) => `Accepted ${day}`,
    order: "see the order",
  },
  csv: { provider: "Paid through", kesAmount: "KES amount", kesRate: "KES per USD" },
};
