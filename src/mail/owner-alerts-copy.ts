/**
 * The owner's alerts (at most one of each kind an hour) and the daily digest: headlines, the one
 * sentence each says, and the facts' labels.
 */
export const ownerAlertCopy = {
  mailFailed: {
    headline: "E-mail not delivered",
    subject: "an e-mail gave up after every retry",
    summary:
      "An e-mail could not be sent after every retry and is marked failed. You can send it again from the outbox; this is the only such alert this hour.",
    labels: { kind: "E-mail", recipient: "To", subject: "Subject", error: "Last error", id: "Outbox no." },
  },
  stuck: {
    headline: "Payments waiting too long",
    subject: "payments have waited longer than they should",
    summary:
      "These payments have waited longer than a payment normally takes: a card checkout over 24 hours, an M-Pesa prompt over 15 minutes. Check them in the back office; this is the only such alert this hour.",
    cardOrder: (status: string, customer: string, since: string) => `${customer}, ${status} since ${since}`,
    prompt: (orderId: string, kes: number, since: string) => `KES ${kes} for order ${orderId}, sent ${since}`,
    labels: { card: "Card order", prompt: "M-Pesa prompt", more: "More" },
    more: (count: number) => `${count} more in the back office`,
  },
  digest: {
    headline: "Your daily summary",
    subject: (day: string) => `Daily summary for ${day}`,
    intro: "What happened in the last 24 hours and what is waiting for you.",
    sections: {
      paidOrders: "New paid orders",
      paybill: "Paybill payments received (compare them with your M-Pesa statement)",
      messages: "Messages not yet answered",
      quotes: "Quotes expiring in the next 3 days",
      failedRenewals: "Failed renewals",
      review: "Waiting for your review",
      dataRequests: "Data requests due within 2 days (the Data Protection Act's clock)",
      breaches: "Breaches: the ODPC's 72-hour clock and the people to tell",
      insight: "Yesterday on the website",
    },
    open: "Open in the back office",
    none: "None.",
  },
} as const;
