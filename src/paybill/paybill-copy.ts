/**
 * The words of paybill payments recorded by themselves (docs/paybill.md): the back office, the
 * owner's notices, the answers to Daraja.
 */

/** Why a payment was kept for the owner, as the back office says it (paybill-targets.ts UnmatchedReason). */
const unmatchedReasons: Record<string, string> = {
  unknown: "The account number names no quote or order.",
  "quote-accepted": "The quote it names is already paid.",
  "quote-expired": "The quote it names has expired.",
  "order-paid": "The order it names is already paid.",
  "order-held": "The order it names is not open for payment.",
  ambiguous: "The reference it names matches more than one order.",
  "no-rate": "No KES exchange rate is set, so the amount due in shillings is unknown.",
  shortcode: "It was paid to another paybill number than ours.",
  failed: "It could not be recorded against what it names at the time.",
};

export const paybillCopy = {
  /** The back office's name for the page, in its navigation. */
  nav: "Paybill",
  /** How the buyer's e-mail names the way they paid. */
  mailMethod: "M-Pesa paybill",
  daraja: {
    rateLimited: "Too many requests from this network. Please wait a minute.",
    tooLarge: "This request is too large to be a paybill notification.",
    unreadable: "This is not a paybill notification: it needs a TransID and a TransAmount.",
    unavailable: "The payment could not be recorded just now. Please send it again shortly.",
  },
  /** The ledger line's reason for review when more than was due arrived. */
  excessReason: (excess: string, due: string) =>
    `Paybill payment over the amount due by ${excess} (due ${due}): refund the excess or agree with the buyer what it pays for`,
  notice: {
    excessSummary:
      "A paybill payment was more than the amount due. The order is settled and the payment is in the ledger; the excess is marked there for your review.",
    labels: {
      customer: "Customer",
      email: "E-mail",
      order: "Order",
      paid: "Paid",
      due: "Was due",
      excess: "Excess",
      transId: "M-Pesa receipt",
      account: "Account number typed",
    },
  },
  /** One line of the owner's daily digest for each C2B payment of the day. */
  digestLine: (transId: string, amount: string, account: string, matched: string) =>
    `${transId}: ${amount}, account "${account}", ${matched}`,
  digestMatched: (kind: string, ref: string) => `paid ${kind} ${ref}`,
  digestUnmatched: "not matched: waiting for you to assign it",
  page: {
    title: "Paybill payments",
    lead: "Paybill payments M-Pesa reported to the site, the unmatched first. Each matched payment is already in the ledger; assign an unmatched one to the quote or order it pays. Compare these with your M-Pesa statement.",
    unmatchedCount: (n: number) => (n === 1 ? "1 payment waits to be assigned." : `${n} payments wait to be assigned.`),
    noneUnmatched: "No payment waits to be assigned.",
    /** On an older page of the history, beside the count: the way back to the waiting payments. */
    seeUnmatched: "See them",
    /** More wait than the page lists: the longest waiting are shown. */
    unmatchedBeyond: (shown: number, n: number) =>
      `These are the ${shown} that have waited longest of ${n.toLocaleString("en-US")}: each one you assign makes room for the next.`,
    empty: "No paybill payment has been reported yet.",
    unmatchedHeading: "Waiting to be assigned",
    unmatchedCaption: "Paybill payments waiting to be assigned, the longest waiting first",
    settledHeading: "Matched and assigned",
    settledCaption: "Matched and assigned paybill payments, newest first",
    settledCount: (total: { n: number; more: boolean } | null) => {
      const n = total?.n ?? 0;
      if (total?.more) return `More than ${n.toLocaleString("en-US")} payments matched or assigned`;
      return n === 1 ? "1 payment matched or assigned" : `${n.toLocaleString("en-US")} payments matched or assigned`;
    },
    settledNone: "No payment is matched or assigned yet.",
    /** A position past the list's end (a stale link): the pager leads back. */
    settledPast: "No payment further this way.",
    columns: {
      received: "Received",
      transId: "M-Pesa receipt",
      amount: "Amount",
      payer: "Paid by",
      account: "Account typed",
      outcome: "Recorded as",
    },
    numberLabel: "Number",
    noName: "(no name given)",
    nothingTyped: "(nothing typed)",
    transTime: (stamp: string) => `M-Pesa time ${stamp}`,
    status: { matched: "Matched", unmatched: "Unmatched", assigned: "Assigned" } as Record<string, string>,
    paid: (kind: string, ref: string) => `Paid ${kind} ${ref}`,
    kinds: { quote: "quote", order: "order", subscription: "subscription" } as Record<string, string>,
    excess: (excess: string) => `Over the amount due by ${excess}: flagged for review`,
    assignedAt: (when: string) => `Assigned ${when} by`,
    why: (reason: string | null) => unmatchedReasons[reason ?? "unknown"] ?? unmatchedReasons.unknown,
    assign: {
      label: "Quote number or order reference",
      hint: "Q-2026-00042, ORD-1A2B3C4D or the order's id. The payment is then recorded exactly as if the buyer had typed it.",
      submit: "Assign",
    },
    assigned: (transId: string, orderId: string) => `${transId} is recorded against order ${orderId}.`,
  },
  refused: {
    title: "Payment not assigned",
    back: "Back to paybill payments",
    notFound: "There is no such paybill payment.",
    taken: (transId: string) => `${transId} is already recorded against a quote or order: it was not assigned again.`,
    noTarget: "Type the quote number (Q-…), the order's reference (ORD-…) or the order's id.",
    target: (typed: string, reason: string | null) =>
      `"${typed}" cannot take this payment: ${unmatchedReasons[reason ?? "unknown"] ?? unmatchedReasons.unknown}`,
    concurrent: "Another payment of the same quote was recorded at the same moment. Please assign this one again.",
    recorded: (transId: string) => `${transId} is already in the ledger (recorded by hand): it was not assigned again.`,
  },
};
