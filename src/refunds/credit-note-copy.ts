/** The words of a refund's credit note (its PDF), beside the tax invoice's (receipt-document-copy.ts). */
export const creditNoteCopy = {
  title: "Credit note",
  labels: { number: "Number", credits: "Credits invoice", issued: "Date issued" },
  issuedTo: "Issued to",
  refundHeading: "Refund",
  amountRefunded: "Amount refunded",
  details: { payment: "Of the payment", order: "Order", way: "Refunded by" },
  ways: { card: "Card, via Stripe", mpesa: "M-Pesa reversal", bank: "Bank transfer or M-Pesa" },
  /** Under the totals in shillings, for a card refund made in dollars. */
  usdRefunded: (usd: string, rate: string) => `Refunded US${usd} at KES ${rate} per US dollar, the invoice's rate`,
  registered: "This credit note is registered with KRA through eTIMS.",
  page: (number: string, page: number, pages: number) => `${number} · Page ${page} of ${pages}`,
  filename: (number: string) => `credit-note-${number}.pdf`,
};
