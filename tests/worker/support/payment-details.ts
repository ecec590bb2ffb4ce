// The owner's payment details, set as the Settings form saves them (payments/payment-details.ts).
import { env } from "cloudflare:workers";
import { type PaymentDetailsValues, savePaymentDetails } from "../../../src/payments/payment-details.ts";

/** A complete set: a bank account with branch and SWIFT code, a paybill and a WhatsApp number. */
export const SAMPLE_DETAILS: PaymentDetailsValues = {
  bankName: "Kenya Commercial Bank",
  accountName: "Acacia IT Consulting Ltd",
  accountNumber: "1234567890",
  branch: "Westlands",
  swift: "KCBLKENX",
  paybill: "522522",
  till: null,
  whatsapp: "254712345678",
};

/** Saves these details (SAMPLE_DETAILS, with any changes) as the owner "admin". */
export function setPaymentDetails(changes: Partial<PaymentDetailsValues> = {}): Promise<void> {
  return savePaymentDetails(env, { ...SAMPLE_DETAILS, ...changes }, "admin");
}

/**
 * Forgets every detail, as on a fresh site (no audit row: the back office's own clearing is tried
 * through its form): the site then shows no offline way to pay and no WhatsApp link.
 */
export async function clearPaymentDetails(): Promise<void> {
  await env.DB.prepare("DELETE FROM settings WHERE key <> 'kes_rate'").run();
}
