import { formatLongDate } from "../lib/dates.ts";
import { kesAmount, MPESA_MAX_KES } from "../lib/kes.ts";
import { currentKesRate } from "../payments/kes-rate.ts";
import { quotePartPayment } from "../payments/order-balance.ts";
import { mpesaConfigured } from "../providers/daraja.ts";
import type { Quote } from "../quotes/quote-numbers.ts";
import type { MpesaTerms } from "./mpesa-payment-schema.ts";

/** M-Pesa on the quote's page: the shillings to confirm, or why it is not offered (null: not at all). */
export type QuoteMpesa =
  | { kind: "offer"; kes: number; rateX100: number; setOn: string | null }
  /** A quote with a monthly service: paid by M-Pesa through checkout, where the plan starts. */
  | { kind: "plan-at-checkout" }
  | { kind: "over-limit"; kes: number }
  | { kind: "paid" }
  | { kind: "part-paid" };

/** Whether M-Pesa is offered now, and the rate a buyer is shown before confirming. */
export async function mpesaTerms(env: Env): Promise<MpesaTerms> {
  if (!mpesaConfigured(env)) return { available: false };
  const rate = await currentKesRate(env);
  if (!rate) return { available: false };
  return {
    available: true,
    rateX100: rate.rateX100,
    setOn: rate.setAt ? formatLongDate(rate.setAt) : null,
    maxKes: MPESA_MAX_KES,
  };
}

/**
 * What a quote's page offers for M-Pesa: the shillings at today's rate, or why not (a monthly
 * service, which checkout takes by M-Pesa, above M-Pesa's limit, already paid, or being paid in
 * parts by bank or paybill). null: not offered (not configured, quote expired).
 */
export async function quoteMpesaOffer(env: Env, quote: Quote, now: number): Promise<QuoteMpesa | null> {
  if (quote.accepted_at) return { kind: "paid" };
  if (!(Date.parse(quote.valid_until) > now)) return null;
  const terms = await mpesaTerms(env);
  if (!terms.available) return null;
  if (await quotePartPayment(env.DB, quote.number)) return { kind: "part-paid" };
  if (quote.monthly_cents > 0) return { kind: "plan-at-checkout" };
  const kes = kesAmount(quote.due_cents, terms.rateX100);
  if (kes > terms.maxKes) return { kind: "over-limit", kes };
  return { kind: "offer", kes, rateX100: terms.rateX100, setOn: terms.setOn };
}
