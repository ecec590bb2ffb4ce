/**
 * The retention periods (wrangler.toml [vars], docs/privacy-operations.md) and the cutoffs they give.
 * A period that is not a whole number in its range is null: its rule is skipped, never run with a
 * guessed period, since a wrong one erases what must be kept.
 */
import type { WorkContext } from "../http/work-context.ts";

type PeriodSetting = { name: keyof Env & `RETENTION_${string}`; min: number; max: number; unit: string };

const SETTINGS = {
  enquiryMonths: { name: "RETENTION_ENQUIRY_MONTHS", min: 1, max: 120, unit: "months" },
  mailBodyDays: { name: "RETENTION_MAIL_BODY_DAYS", min: 1, max: 3650, unit: "days" },
  recordYears: { name: "RETENTION_RECORD_YEARS", min: 1, max: 30, unit: "years" },
} as const satisfies Record<string, PeriodSetting>;

export type RetentionPeriods = { [K in keyof typeof SETTINGS]: number | null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Digits only (a leading "+", "1e1", "24.0" or " 24" is not a period anyone meant to write). */
function readPeriod({ env, log }: WorkContext, setting: PeriodSetting): number | null {
  // Read as unknown: the generated type says it is always wrangler.toml's value, a deploy may differ.
  const value: unknown = Reflect.get(env, setting.name);
  const period = typeof value === "string" && /^[0-9]{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (period >= setting.min && period <= setting.max) return period;
  log.error("Retention period not usable; its rule is skipped", {
    setting: setting.name,
    value: typeof value === "string" ? value.slice(0, 40) : typeof value,
    expected: `a whole number of ${setting.unit}, ${setting.min} to ${setting.max}`,
  });
  return null;
}

/** The three periods, each null (and logged) when its setting is not usable. */
export function readRetentionPeriods(context: WorkContext): RetentionPeriods {
  return {
    enquiryMonths: readPeriod(context, SETTINGS.enquiryMonths),
    mailBodyDays: readPeriod(context, SETTINGS.mailBodyDays),
    recordYears: readPeriod(context, SETTINGS.recordYears),
  };
}

/**
 * The same moment `months` calendar months earlier, in UTC; a day the earlier month lacks becomes its
 * last day (31 March less one month is 28 or 29 February), so a period never comes out longer.
 */
export function monthsBefore(now: Date, months: number): Date {
  const target = now.getUTCFullYear() * 12 + now.getUTCMonth() - months;
  const year = Math.floor(target / 12);
  const month = target - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(now.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(year, month, day, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()),
  );
}

/** `days` days earlier: UTC has no summer time, so a day is always 24 hours. */
function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * Each rule's cutoff as stored timestamps are written (ISO, UTC, milliseconds), so SQL compares them
 * as text: a row dated before its cutoff is past its period; one at or after it is kept. Null: skipped.
 */
export type RetentionCutoffs = { enquiries: string | null; mailBodies: string | null; records: string | null };

export function retentionCutoffs(periods: RetentionPeriods, now: Date): RetentionCutoffs {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    enquiries: iso(periods.enquiryMonths === null ? null : monthsBefore(now, periods.enquiryMonths)),
    mailBodies: iso(periods.mailBodyDays === null ? null : daysBefore(now, periods.mailBodyDays)),
    records: iso(periods.recordYears === null ? null : monthsBefore(now, periods.recordYears * 12)),
  };
}
