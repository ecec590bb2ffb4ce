// Stripe's checks on form parameters, shared by every endpoint the stand-in answers: the same
// refusals, with the same `param`, that Stripe gives for what the site and the sync send.
import { invalidRequest, missingParam, unknownParam } from "./errors.ts";
import type { FormObject, FormValue } from "./form.ts";

/** The currencies Stripe accepts for card payments; anything else is refused as Stripe refuses it. */
const CURRENCIES = new Set(
  (
    "usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bif bmd bnd bob brl bsd bwp byn bzd cad cdf chf " +
    "clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd hkd hnl htg huf idr ils " +
    "inr isk jmd jpy kes kgs khr kmf krw kyd kzt lak lbp lkr lrd lsl mad mdl mga mkd mmk mnt mop mur mvr mwk mxn myr " +
    "mzn nad ngn nio nok npr nzd pab pen pgk php pkr pln pyg qar ron rsd rub rwf sar sbd scr sek sgd shp sle sos srd " +
    "std szl thb tjs top try ttd twd tzs uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw"
  ).split(" "),
);

const INTERVALS = ["day", "week", "month", "year"];

/** Stripe's largest USD amount: 8 digits of cents. */
export const MAX_AMOUNT = 99_999_999;

/** A parameter read only when it was sent. */
export function optional<T>(value: FormValue | undefined, read: (v: FormValue) => T): T | undefined {
  return value === undefined ? undefined : read(value);
}

export function allowOnly(value: FormObject, allowed: string[], prefix: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw unknownParam(prefix ? `${prefix}[${key}]` : key);
  }
}

export function object(value: FormValue, param: string): FormObject {
  if (typeof value === "string" || Array.isArray(value)) throw invalidRequest("Invalid object", param);
  return value;
}

export function text(value: FormValue, param: string): string {
  if (typeof value !== "string") throw invalidRequest("Invalid string", param);
  return value;
}

export function nonEmpty(value: FormValue, param: string): string {
  const s = text(value, param);
  if (s === "") {
    throw invalidRequest(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset.`,
      param,
    );
  }
  return s;
}

export function requiredString(value: FormObject, key: string, param: string): string {
  const v = value[key];
  if (v === undefined) throw missingParam(param);
  return nonEmpty(v, param);
}

export function integer(value: string, param: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, param);
  const n = Number(value);
  if (n < min) throw invalidRequest(`This value must be greater than or equal to ${min}.`, param);
  if (n > max) throw invalidRequest(`This value must be less than or equal to ${max}.`, param);
  return n;
}

/** Stripe reads booleans as the words `true` and `false`. */
export function boolean(value: FormValue, param: string): boolean {
  const s = text(value, param);
  if (s === "true") return true;
  if (s === "false") return false;
  throw invalidRequest(`Invalid boolean: ${s}`, param);
}

/** An array of strings (`a[]=x`, `a[0]=x`); an empty string is Stripe's way of sending an empty array. */
export function stringArray(value: FormValue, param: string): string[] {
  if (value === "") return [];
  if (!Array.isArray(value)) throw invalidRequest("Invalid array", param);
  return value.map((v, i) => nonEmpty(v, `${param}[${i}]`));
}

/** One value of an enum, refused with the list Stripe names. */
export function oneOf<T extends string>(value: FormValue, allowed: readonly T[], param: string): T {
  const s = nonEmpty(value, param);
  if (!(allowed as readonly string[]).includes(s)) {
    throw invalidRequest(`Invalid ${param.replace(/^.*\[|\]$/g, "")}: must be one of ${allowed.join(", ")}`, param);
  }
  return s as T;
}

export function currency(value: FormValue, param: string): string {
  const code = nonEmpty(value, param);
  if (!CURRENCIES.has(code)) {
    throw invalidRequest(
      `Invalid currency: ${code}. Stripe currently supports these currencies: ${[...CURRENCIES].join(", ")}`,
      param,
    );
  }
  return code;
}

export function checkUrl(value: string, param: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.protocol === "http:" || parsed.protocol === "https:") return value;
  } catch {}
  throw invalidRequest("Not a valid URL", param, "url_invalid");
}

/** Stripe's metadata rules: at most 50 keys, keys up to 40 characters, values up to 500. */
export function checkMetadata(value: FormValue | undefined, param: string): Record<string, string> {
  if (value === undefined) return {};
  const metadata = object(value, param);
  const entries = Object.entries(metadata);
  if (entries.length > 50) throw invalidRequest("You can have at most 50 keys in metadata.", param);
  for (const [key, v] of entries) {
    if (typeof v !== "string") throw invalidRequest("Metadata values must be strings.", `${param}[${key}]`);
    if (key.length > 40) {
      throw invalidRequest(
        `Metadata keys can have up to 40 characters, but you passed in a key that is ${key.length} characters.`,
        `${param}[${key}]`,
      );
    }
    if (v.length > 500) {
      throw invalidRequest(
        `Metadata values can have up to 500 characters, but you passed in a value that is ${v.length} characters.`,
        `${param}[${key}]`,
      );
    }
  }
  return metadata as Record<string, string>;
}

/**
 * Metadata sent to an update: keys are merged into what is stored, a key sent empty is removed,
 * and `metadata=` (empty) removes them all, as Stripe does.
 */
export function mergeMetadata(
  stored: Record<string, string>,
  value: FormValue | undefined,
  param: string,
): Record<string, string> {
  if (value === undefined) return stored;
  if (value === "") return {};
  const merged = { ...stored };
  for (const [key, v] of Object.entries(checkMetadata(value, param))) {
    if (v === "") delete merged[key];
    else merged[key] = v;
  }
  return merged;
}

export type Recurring = { interval: string; interval_count: number };

/** `recurring[interval]` (and `[interval_count]`, 1 unless given), as prices and `price_data` take it. */
export function recurringOf(value: FormValue, param: string): Recurring {
  const recurring = object(value, param);
  allowOnly(recurring, ["interval", "interval_count"], param);
  const interval = requiredString(recurring, "interval", `${param}[interval]`);
  if (!INTERVALS.includes(interval)) {
    throw invalidRequest(`Invalid interval: must be one of ${INTERVALS.join(", ")}`, `${param}[interval]`);
  }
  const count =
    recurring.interval_count === undefined
      ? 1
      : integer(text(recurring.interval_count, `${param}[interval_count]`), `${param}[interval_count]`, 1, 365);
  return { interval, interval_count: count };
}
