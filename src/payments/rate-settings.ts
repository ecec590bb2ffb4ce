/**
 * The back office's Settings: the KES-per-USD rate M-Pesa payments are charged at, when and by whom
 * it was set, and its history. Setting it writes the value and its audit row in one batch
 * (payments/setting-queries.ts). A large change is asked about before it is saved: a misplaced decimal point
 * (12.95 for 129.50) would charge every M-Pesa buyer a tenth of the price.
 */
import { auditFor } from "../db/audit-trail.ts";
import type { AuditRow } from "../db/schema.ts";
import { formatKesRate, KES_RATE_MAX_X100, KES_RATE_MIN_X100, parseKesRate } from "../lib/kes.ts";
import { currentKesRate, type KesRate, setKesRate } from "./kes-rate.ts";
import { type OdpcSetting, odpcSetting } from "./odpc-registration.ts";
import { type PaymentDetailsFields, paymentDetailsFields } from "./payment-details.ts";

/** The audit trail's subject for the rate: the settings key putSetting audits under. */
const RATE_SUBJECT = "kes_rate";

/** How many of the rate's past changes the page lists. */
const RATE_HISTORY_LIMIT = 20;

/**
 * A change larger than this share of the current rate saves only once confirmed. A market move in a
 * day is a few percent; a slipped digit or decimal point is tenfold.
 */
const CONFIRM_ABOVE_PERCENT = 20;

export type SettingsView = {
  rate: KesRate | null;
  /** The owner's payment details and WhatsApp number, as the form shows them. */
  details: PaymentDetailsFields;
  /** The ODPC registration number the privacy policy names, or null. */
  odpc: OdpcSetting;
  history: AuditRow[];
  bounds: { min: number; max: number };
  /** A change of more than this percent of the current rate is confirmed before it is saved. */
  confirmAbove: number;
};

export async function settingsView(env: Env): Promise<SettingsView> {
  const [rate, history, details, odpc] = await Promise.all([
    currentKesRate(env),
    auditFor(env.DB, "setting", RATE_SUBJECT, RATE_HISTORY_LIMIT),
    paymentDetailsFields(env),
    odpcSetting(env),
  ]);
  return {
    rate,
    details,
    odpc,
    history,
    bounds: { min: KES_RATE_MIN_X100, max: KES_RATE_MAX_X100 },
    confirmAbove: CONFIRM_ABOVE_PERCENT,
  };
}

/** The rate form's fields: the typed rate and, from the confirmation's form, what it confirmed. */
export type RateForm = { rate?: string; confirm?: string; from?: string };

/**
 * A large change to ask about: the rate in force, the new one, the change in percent, and the
 * hidden fields of the form that confirms it.
 */
export type RateConfirmation = { fromX100: number; toX100: number; percent: number; fields: Required<RateForm> };

export type RateOutcome =
  | { kind: "saved"; rateX100: number }
  | { kind: "invalid" }
  | { kind: "confirm"; confirmation: RateConfirmation };

/** The change from one rate to another in percent of the first (negative when it falls). */
function changePercent(fromX100: number, toX100: number): number {
  return ((toX100 - fromX100) * 100) / fromX100;
}

/** Whether going from one rate to the other is a change to confirm first (integers: no rounding at the edge). */
function needsConfirmation(fromX100: number, toX100: number): boolean {
  return Math.abs(toX100 - fromX100) * 100 > fromX100 * CONFIRM_ABOVE_PERCENT;
}

/**
 * The change to ask about. Its form carries the new rate and the one it replaces, and only that
 * pair confirms: a confirmation of 12.95 cannot save another value, nor save 12.95 once someone
 * else has moved the rate the owner was shown.
 */
function confirmationOf(fromX100: number, toX100: number): RateConfirmation {
  const to = formatKesRate(toX100);
  return {
    fromX100,
    toX100,
    percent: changePercent(fromX100, toX100),
    fields: { rate: to, confirm: to, from: formatKesRate(fromX100) },
  };
}

/** Whether the form is the confirmation of this change, its fields read as rates. */
function confirms(form: RateForm, confirmation: RateConfirmation): boolean {
  const rateOf = (text: string | undefined) => (text === undefined ? null : parseKesRate(text));
  return rateOf(form.confirm) === confirmation.toX100 && rateOf(form.from) === confirmation.fromX100;
}

/**
 * Sets the owner's rate from the form: saved at once when it is within CONFIRM_ABOVE_PERCENT of the
 * rate in force (or there is none), else only when the form confirms this very change; invalid
 * when the text is not a rate.
 */
export async function saveKesRate(env: Env, form: RateForm, actor: string): Promise<RateOutcome> {
  const rateX100 = parseKesRate(form.rate ?? "");
  if (rateX100 === null) return { kind: "invalid" };
  const current = await currentKesRate(env);
  if (current && needsConfirmation(current.rateX100, rateX100)) {
    const confirmation = confirmationOf(current.rateX100, rateX100);
    if (!confirms(form, confirmation)) return { kind: "confirm", confirmation };
  }
  await setKesRate(env, rateX100, actor);
  return { kind: "saved", rateX100 };
}
