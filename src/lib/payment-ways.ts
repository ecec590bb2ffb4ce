/**
 * The business's ways of being paid outside the site, as the owner sets them (Settings, Payment
 * details) and as quotes, pages and e-mails print them. A way whose details are not set is null.
 */
type BankDetails = {
  bank: string;
  accountName: string;
  accountNumber: string;
  branch: string | null;
  swift: string | null;
};

export type PaymentDetails = {
  bank: BankDetails | null;
  /** A paybill number (the buyer types our reference as the account number). */
  paybill: string | null;
  /** A Buy Goods till number (no account number: the owner matches by amount and name). */
  till: string | null;
  /** The WhatsApp number in international form without "+" (254712345678), as wa.me takes it. */
  whatsapp: string | null;
};
