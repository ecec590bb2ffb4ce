/**
 * The owner's refund form, read and checked: the payment, how, how much, why, the reference of money
 * sent back by hand, and the confirmation. The second look's form carries the pair it showed
 * (confirm_payment, confirm_amount) and a key of its own: only that exact pair is refunded, and the
 * key makes a second press of the same button the same refund.
 */
import { isWellFormedText } from "../lib/well-formed-text.ts";
import { z } from "../lib/zod.ts";
import { parseAmount, parseReference } from "../payments/manual-payment-form.ts";
import { randomKey } from "./refunds.ts";
import { type RefundWay, refundsCopy } from "./refunds-copy.ts";

/** The longest reason the owner may write (migrations/0020's CHECK). */
export const REFUND_REASON_MAX = 500;

/** A ledger line's id as the ledger writes them (a session id, mp_…, manual_…, in_…, ws_CO_…). */
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,255}$/;
const KEY = /^[0-9a-f]{32}$/;

export type RefundAsk = {
  paymentId: string;
  way: RefundWay;
  amountCents: number;
  reason: string;
  reference: string | null;
  /** The confirmation's key: the refund's idempotency key (and Stripe's). */
  key: string;
  /** The form confirms this very payment and amount: the refund is made. Else it is shown for a second look. */
  confirmed: boolean;
};

export type ParsedRefund = { ok: true; ask: RefundAsk } | { ok: false; paymentId: string | null; message: string };

/** The form's text fields as posted, bounded before anything reads them. */
const fieldsShape = z.object({
  payment: z.string().regex(PAYMENT_ID),
  way: z.enum(["card", "mpesa", "bank"]),
  amount: z.string().max(40),
  reason: z.string().max(REFUND_REASON_MAX * 4),
  reference: z.string().max(200).optional(),
  key: z.string().regex(KEY).optional(),
  confirm_payment: z.string().max(255).optional(),
  confirm_amount: z.string().max(20).optional(),
});

/** The reason: trimmed, line breaks as LF; null when empty, too long or not text. */
function parseReason(text: string): string | null {
  const reason = text.replaceAll("\r\n", "\n").trim();
  return reason && reason.length <= REFUND_REASON_MAX && isWellFormedText(reason) ? reason : null;
}

/** Reads the form; the first problem is the one named. */
export function parseRefundForm(fields: Record<string, string>): ParsedRefund {
  const copy = refundsCopy.refused;
  const paymentId = PAYMENT_ID.test(fields.payment ?? "") ? (fields.payment ?? null) : null;
  const refuse = (message: string): ParsedRefund => ({ ok: false, paymentId, message });
  const parsed = fieldsShape.safeParse(fields);
  if (!parsed.success) return refuse(paymentId ? copy.incomplete : copy.notFound);
  const form = parsed.data;
  const amountCents = parseAmount(form.amount);
  if (amountCents === null) return refuse(copy.amount);
  const reason = parseReason(form.reason);
  if (reason === null) return refuse(copy.reason(REFUND_REASON_MAX));
  const reference = form.way === "bank" ? parseReference(form.reference ?? "") : null;
  if (form.way === "bank" && reference === null) return refuse(copy.reference);
  const confirmed =
    form.key !== undefined && form.confirm_payment === form.payment && form.confirm_amount === String(amountCents);
  return {
    ok: true,
    ask: {
      paymentId: form.payment,
      way: form.way,
      amountCents,
      reason,
      reference,
      key: confirmed && form.key ? form.key : randomKey(),
      confirmed,
    },
  };
}

/** The hidden fields of the second look's form: what it shows, and the pair that confirms it. */
export function confirmationFields(ask: RefundAsk): Record<string, string> {
  return {
    payment: ask.paymentId,
    way: ask.way,
    amount: (ask.amountCents / 100).toFixed(2),
    reason: ask.reason,
    ...(ask.reference ? { reference: ask.reference } : {}),
    key: ask.key,
    confirm_payment: ask.paymentId,
    confirm_amount: String(ask.amountCents),
  };
}
