/** The words of the owner's payment details: the Settings form and its refusals. */
export const paymentDetailsCopy = {
  heading: "Payment details",
  explain:
    "What quotes, their pages and e-mails tell buyers about paying by bank transfer or M-Pesa, and the WhatsApp number the site offers. A way of paying left empty is not shown at all. A quote's PDF keeps the details it was issued with; its page always shows the ones set here.",
  bankLegend: "Bank transfer",
  bankHint:
    "Bank name, account name and account number together, or all three empty. Branch and SWIFT code are optional.",
  mpesaLegend: "M-Pesa",
  mpesaHint: "A paybill takes the quote's or order's number as its account number; a till (Buy Goods) takes none.",
  whatsappLegend: "WhatsApp",
  whatsappHint:
    "The number buyers can message, in any usual form (0712 345 678 or +254 712 345 678). Empty hides the WhatsApp links.",
  labels: {
    bankName: "Bank name",
    accountName: "Account name",
    accountNumber: "Account number",
    branch: "Branch",
    swift: "SWIFT code",
    mpesaKind: "Kind",
    paybill: "Paybill",
    till: "Till (Buy Goods)",
    mpesaNumber: "Paybill or till number",
    whatsapp: "WhatsApp number",
  },
  submit: "Save payment details",
  saved: "Payment details saved.",
  notSet: "Not set",
  refused: "The payment details were not saved:",
  invalid: {
    text: (label: string) =>
      `${label}: use letters, digits, spaces and . , ' & - ( ) / only, no brackets or placeholders, at most 80 characters.`,
    accountNumber: "Account number: 5 to 24 letters, digits, spaces or dashes.",
    swift: "SWIFT code: 8 or 11 letters and digits, like KCBLKENX.",
    bankIncomplete:
      "Bank transfer: give the bank name, the account name and the account number, or leave all three empty.",
    bankExtras: "Bank transfer: a branch or SWIFT code needs the bank name, account name and account number too.",
    mpesaNumber: "Paybill or till number: 5 to 7 digits.",
    whatsapp:
      "WhatsApp number: a phone number with its country code, like +254 712 345 678 (or a Kenyan 07… / 01… number).",
  },
  /** The audit row's detail: what was saved, field by field ("-" for a detail cleared). */
  auditDetail: (entries: readonly [string, string | null][]) =>
    entries.map(([label, value]) => `${label}: ${value ?? "-"}`).join("; "),
};
