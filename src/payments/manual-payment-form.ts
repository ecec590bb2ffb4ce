/**
 * The owner's "Record a payment" form, read and checked: what was paid (a quote or an order), how,
 * how much in which currency, the reference, the day and a note. Each refusal names what to fix.
 */

import { nairobiDay } from "../lib/dates.ts";
import { isWellFormedText } from "../lib/well-formed-text.ts";
import { adminPaymentsCopy, type ManualMethod } from "./payments-admin-copy.ts";

/** The longest note the owner may write on a payment. */
export const MANUAL_NOTE_MAX = 500;

/** The first day a payment may be dated: anything earlier is a typo (2002 for 2026). */
export const EARLIEST_PAID_ON = "2020-01-01";

/** Far above any consultancy invoice, in either currency: 999,999,999.99. */
const MAX_AMOUNT_CENTS = 99_999_999_999;

export type ManualTarget = { kind: "quote"; number: string } | { kind: "order"; orderId: string };

export type ManualPayment = {
  target: ManualTarget;
  method: ManualMethod;
  /** In minor units of `currency` (KES cents = shillings × 100). */
  amountCents: number;
  currency: "usd" | "kes";
  /** As typed, trimmed; unique whatever its case. */
  reference: string;
  /** YYYY-MM-DD. */
  paidOn: string;
  note: string | null;
};

type ParsedManualPayment =
  | { ok: true; payment: ManualPayment }
  | { ok: false; target: ManualTarget | null; message: string };

/** What quoteNumber() writes (quotes/quote-numbers.ts), and a Stripe session id or ours (mp_…, mn_…). */
const QUOTE_NUMBER = /^Q-\d{4}-\d{5,12}$/;
const SESSION_ID = /^[A-Za-z0-9_]{1,255}$/;

/** 12950, 12,950, 1500.5, 1,500.50: digits (grouped by commas or not) and at most two decimals. */
const AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{1,2}))?$/;

/** The day in Nairobi (UTC+3 all year, no daylight saving): the owner's "today". */
export const nairobiToday = (now = new Date()): string => nairobiDay(now);

function targetOf(fields: Record<string, string>): ManualTarget | null {
  const quote = fields.quote?.trim();
  const order = fields.order?.trim();
  if (quote && !order) return QUOTE_NUMBER.test(quote) ? { kind: "quote", number: quote } : null;
  if (order && !quote) return SESSION_ID.test(order) ? { kind: "order", orderId: order } : null;
  return null;
}

/** Cents of a typed amount, or null when it is not one (or not above zero). */
export function parseAmount(text: string): number | null {
  const match = text.trim().match(AMOUNT);
  if (!match?.[1]) return null;
  const whole = Number(match[1].replaceAll(",", ""));
  const cents = whole * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/** A trimmed reference, or null when it is not 3–40 letters, digits, - / . or spaces (ASCII: what banks and M-Pesa print). */
export function parseReference(text: string): string | null {
  const reference = text.trim();
  if (reference.length < 3 || reference.length > 40) return null;
  return /^[A-Za-z0-9\-/. ]+$/.test(reference) ? reference : null;
}

/** A real calendar day, YYYY-MM-DD, from EARLIEST_PAID_ON to `today` inclusive; null otherwise. */
function parsePaidOn(text: string, today: string): string | null {
  const day = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return null;
  return day >= EARLIEST_PAID_ON && day <= today ? day : null;
}

/** The note: trimmed, line breaks as LF, null when empty; undefined when it is too long or not text. */
function parseNote(text: string | undefined): string | null | undefined {
  const note = (text ?? "").replaceAll("\r\n", "\n").trim();
  if (note === "") return null;
  if (!isWellFormedText(note) || note.length > MANUAL_NOTE_MAX) return undefined;
  return note;
}

/**
 * Reads the form. `today` is the owner's day (nairobiToday()): a payment cannot be dated after it.
 * The first problem found is the one named.
 */
export function parseManualPayment(fields: Record<string, string>, today: string): ParsedManualPayment {
  const copy = adminPaymentsCopy.invalid;
  const target = targetOf(fields);
  const refuse = (message: string): ParsedManualPayment => ({ ok: false, target, message });
  if (!target) return refuse(copy.target);

  const method = fields.method;
  if (method !== "bank_transfer" && method !== "mpesa_paybill") return refuse(copy.method);
  const amountCents = parseAmount(fields.amount ?? "");
  if (amountCents === null) return refuse(copy.amount);
  const currency = fields.currency;
  if (currency !== "usd" && currency !== "kes") return refuse(copy.currency);
  if (method === "mpesa_paybill" && currency !== "kes") return refuse(copy.paybillInKes);
  const reference = parseReference(fields.reference ?? "");
  if (reference === null) return refuse(copy.reference);
  const paidOn = parsePaidOn(fields.paid_on ?? "", today);
  if (paidOn === null) return refuse(copy.paidOn);
  const note = parseNote(fields.note);
  if (note === undefined) return refuse(copy.note(MANUAL_NOTE_MAX));

  return { ok: true, payment: { target, method, amountCents, currency, reference, paidOn, note } };
}
