/**
 * The back office's words for refunds (issue 35, docs/refunds.md): the Refund link on a ledger line,
 * the form, the second look before anything is sent, the refund's own page, and what the order
 * shows of its refunds.
 */

/** How the money goes back, as the form offers it and the order names it. */
export type RefundWay = "card" | "mpesa" | "bank";

export const refundsCopy = {
  /** On a paid ledger line. */
  refundLink: "Refund…",
  noCardRefund: "Refund subscription invoices in Stripe's dashboard: Stripe tells the site and the refund shows here.",
  ways: {
    card: "Card refund through Stripe",
    mpesa: "M-Pesa reversal through Safaricom",
    bank: "Sent back by you (bank or M-Pesa), recorded here",
  } satisfies Record<RefundWay, string>,
  /** Beside each way on the form. */
  wayHints: {
    card: "Stripe gives the amount back to the card the buyer paid with (5 to 10 days to appear).",
    mpesa:
      "Safaricom gives the whole payment back to the number that paid and tells the buyer by SMS. It is done once M-Pesa confirms it, usually within minutes.",
    bank: "You have already sent the money back yourself: write its reference. It counts at once.",
  } satisfies Record<RefundWay, string>,
  status: { pending: "Pending", succeeded: "Refunded", failed: "Failed" },
  form: {
    title: "Refund a payment",
    heading: "Refund a payment",
    lead: "Nothing is sent yet: the next page shows what will happen and asks you to confirm it.",
    payment: "Payment",
    paid: "Paid",
    refunded: "Already refunded",
    pending: "Refund in progress",
    left: "Left to refund",
    way: "How",
    amount: "Amount to refund",
    amountHint: (currency: string, left: string) =>
      `In ${currency.toUpperCase()}, at most ${left}. Leave it as it is to refund everything left.`,
    wholeOnly: (whole: string) =>
      `M-Pesa reverses a whole payment: ${whole}. For part of it, send it back yourself and record it.`,
    reason: "Reason (for your records; the buyer is not shown it)",
    reasonHint: (max: number) => `Up to ${max} characters.`,
    reference: "Reference of the money you sent back (bank or M-Pesa)",
    referenceHint:
      "3 to 40 letters, digits, - / . or spaces, as your bank or M-Pesa printed it. Only for a refund you sent yourself.",
    review: "Review the refund",
    back: "Back to the order",
  },
  /** The second look: what will happen, and the button that does exactly that. */
  review: {
    title: "Confirm the refund",
    heading: "Confirm the refund",
    notYet: "Not sent yet. Check the amount and the way before you confirm.",
    amount: "Refund",
    of: "Of the payment",
    way: "How",
    reason: "Reason",
    reference: "Reference",
    buyer: "The buyer is e-mailed once the refund is done",
    credit: "A KRA credit note is reported for it when the payment's sale was reported.",
    submit: (amount: string) => `Yes, refund ${amount}`,
    cancel: "No, go back to the order",
  },
  /** One refund's page after the form. */
  page: {
    title: (amount: string) => `Refund of ${amount}`,
    order: "Order",
    statusLabel: "Status",
    when: "Requested",
    by: "By",
    done: "Done",
    why: "Why it failed",
    note: "Note",
    stripeId: "Stripe refund",
    mpesaId: "M-Pesa reversal",
    reference: "Reference",
    creditNote: "KRA credit note",
    creditNoteState: (number: string, accepted: boolean) =>
      accepted ? `${number}, registered with KRA` : `${number}, waiting for KRA`,
    pendingCard: "Stripe has not confirmed it yet. Send it again: Stripe refunds at most once for the same request.",
    pendingMpesa: "Waiting for M-Pesa's result. The refund counts once M-Pesa confirms it.",
    retry: "Send to Stripe again",
    creditNoteLink: (number: string) => `Credit note ${number} (PDF)`,
    back: "Back to the order",
  },
  /** Under a ledger line: each refund of it. */
  line: (amount: string, status: string, way: string) => `${status}: ${amount} · ${way}`,
  summary: {
    full: "Refunded in full",
    part: (refunded: string, paid: string) => `Refunded ${refunded} of ${paid}`,
    pending: (amount: string) => `Refund of ${amount} in progress`,
  },
  /** Refusals (a page with why, and the way back). */
  refused: {
    title: "Refund not made",
    back: "Back to the order",
    notFound: "There is no such payment.",
    notPaid: "Only a paid payment can be refunded.",
    noWay: "This payment cannot be refunded from here.",
    incomplete: "The form came back incomplete: choose how, and fill in the amount and the reason.",
    wayUnavailable: (way: string) => `${way} is not available for this payment.`,
    mpesaNotConfigured:
      "M-Pesa reversals are not configured (MPESA_INITIATOR_NAME, MPESA_SECURITY_CREDENTIAL and MPESA_RESULT_PATH_SECRET): send the money back yourself and record it.",
    noReceipt:
      "This M-Pesa payment has no M-Pesa receipt number to reverse: reverse it in the M-Pesa portal and record it here.",
    stripeNotConfigured: "Stripe is not configured: the card refund cannot be sent.",
    noPaymentIntent:
      "Stripe does not say which card payment this order's checkout took: refund it in Stripe's dashboard.",
    stripeUnavailable: "Stripe could not be reached. Nothing was refunded: try again in a minute.",
    amount: "Write the amount as a number with at most two decimals, above zero (e.g. 1,500 or 1500.50).",
    tooMuch: (left: string) => `That is more than is left to refund of this payment (${left}). Nothing was refunded.`,
    wholeOnly: (whole: string) =>
      `M-Pesa reverses a whole payment: the amount must be ${whole}, with no earlier refund.`,
    reason: (max: number) => `Write why you refund it (1 to ${max} characters).`,
    reference: "Write the reference of the money you sent back: 3 to 40 letters, digits, - / . or spaces.",
    pending: "Another refund of this payment is still in progress: wait for it to finish.",
    changed: (left: string) =>
      `The payment changed while you were confirming: ${left} is left to refund now. Nothing was refunded; look again.`,
    notPending: "This refund is no longer waiting for Stripe: nothing was sent.",
  },
  /** Why a refund failed or waits, as the owner reads it on the refund and the order. */
  failure: {
    stripeRefused: (message: string) => `Stripe refused the refund: ${message}`,
    stripeFailed: (reason: string) => `Stripe could not give the money back (${reason}).`,
    stripeNoAnswer: "Stripe did not answer. It may have refunded it: send it again, Stripe refunds at most once.",
    mpesaRefused: "Daraja refused the reversal request (see the log for its answer). Nothing was reversed.",
    mpesaUnreachable:
      "Daraja could not be reached: the reversal was most likely not received. Check the M-Pesa statement before you try again.",
    mpesaResult: (code: string, desc: string) => `M-Pesa did not reverse it: ${desc} (result ${code}).`,
    mpesaTimedOut: "The reversal timed out in Daraja's queue: M-Pesa did not process it. You can ask for it again.",
  },
  /** The audit row's detail. */
  auditDetail: (amount: string, way: RefundWay, paymentId: string) => `${amount} ${way} refund of ${paymentId}`,
  /** To a network that posts reversal answers faster than Daraja ever would. */
  rateLimited: "Too many requests. Please wait a minute.",
  retryAudit: (refundId: string) => `card refund ${refundId} sent to Stripe again`,
  /** The reason of a refund made in Stripe's dashboard. */
  dashboardReason: (reason: string | null) => `Refunded in Stripe's dashboard${reason ? ` (${reason})` : ""}`,
};
