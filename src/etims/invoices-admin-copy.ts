/** The back office's Tax invoices: every sale reported to KRA eTIMS, or waiting to be, as the owner reads it. */
export const invoicesAdminCopy = {
  nav: "Tax invoices",
  qHint: "Invoice number, KRA's number, order reference or buyer",
  /** Singular and plural, for the count above the list. */
  nouns: ["tax invoice", "tax invoices"] as const,
  lead: "Every sale reported to KRA eTIMS, newest number first. One KRA has not accepted is sent again on its own, under the same number. Times are East Africa Time (Nairobi).",
  notConfigured:
    "eTIMS is not configured, so new sales are not reported to KRA: set the ETIMS_* secrets as docs/tax.md explains.",
  empty: "No tax invoices match.",
  status: { pending: "Waiting for KRA", accepted: "Accepted by KRA" },
  /** A symbol beside each status word, so the statuses differ in shape as well as colour. */
  statusSymbol: { pending: "…", accepted: "✓" },
  columns: {
    invoice: "Invoice",
    order: "Order",
    amount: "Amount",
    status: "Status",
    attempts: "Attempts",
    kra: "KRA",
    actions: "Actions",
  },
  kraNumber: (invcNo: number) => `KRA invoice no. ${invcNo}`,
  creditNote: (orgInvcNo: number | null) =>
    orgInvcNo === null ? "Credit note" : `Credit note for KRA invoice no. ${orgInvcNo}`,
  soldAt: "Sold",
  noOrder: "(order no longer kept)",
  lastAttempt: "Last attempt",
  notSentYet: "Not sent yet",
  nextAttempt: "Next attempt",
  kraMessage: "KRA's message",
  noAnswer: "No answer from KRA yet.",
  numbers: {
    receipt: "Receipt no.",
    total: "Total receipts no.",
    signature: "Signature",
    time: "Control unit time",
    accepted: "Accepted",
  },
  /** Once KRA accepted the sale, the receipt's PDF is its tax invoice. */
  receipt: (number: string) => `Receipt ${number} (PDF)`,
  noReceipt: "No receipt yet",
  retry: "Send again now",
  /** The button's accessible name: its words first (as seen), then which invoice it sends. */
  retryLabel: (invoice: string) => `Send again now: ${invoice}`,
  retried: "Sent to the queue: KRA is asked again now.",
  /** The audit trail's words for the retry (kept under the order: admin_audit has no kind for invoices). */
  history: "Asked KRA again for a tax invoice",
  refused: {
    title: "Nothing sent",
    accepted: "KRA has already accepted this tax invoice, so it was not sent again. Nothing changed.",
    unknown: "No tax invoice has this number, so nothing was sent. Nothing changed.",
    back: "Back to the tax invoices",
  },
} as const;
