/** Where the company works: quotes, e-mails and pages give Nairobi's dates, whatever the server's zone. */
const NAIROBI = "Africa/Nairobi";

const STYLES = {
  /** "23 November 2026": a quote's date and validity, in its PDF, its page and its e-mails. */
  long: { day: "numeric", month: "long", year: "numeric" },
  /** "23 Nov 2026, 14:05": a time in the back office. */
  stamp: { dateStyle: "medium", timeStyle: "short" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * Formatters by style and zone, made on first use: building an Intl.DateTimeFormat loads locale
 * and time zone data, which at module load would cost every cold start, needed or not.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatted(iso: string, style: keyof typeof STYLES, timeZone: string): string {
  const date = new Date(iso);
  // Anything unreadable is shown as stored rather than as "Invalid Date".
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${style} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { ...STYLES[style], timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** A stored ISO time as a date written out: "23 November 2026". */
export function formatLongDate(iso: string, timeZone = NAIROBI): string {
  return formatted(iso, "long", timeZone);
}

/** A stored ISO time as the owner reads it: "23 Nov 2026, 14:05". */
export function formatDateTime(iso: string, timeZone = NAIROBI): string {
  return formatted(iso, "stamp", timeZone);
}

/** The day of a stored ISO time, short: "23 Nov 2026" (the date part of formatDateTime). */
export function formatShortDate(iso: string, timeZone = NAIROBI): string {
  return formatDateTime(iso, timeZone).split(",")[0] ?? iso;
}

/** The calendar day of a stored ISO time, as stored (UTC): "2026-11-23". */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}

/** Nairobi is UTC+3 all year (no daylight saving): its clock is an offset, never a time zone lookup. */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The instant shifted so that its UTC fields (getUTCFullYear…, toISOString) read Nairobi's clock. */
const nairobiClock = (at: Date | string): Date => new Date(new Date(at).getTime() + NAIROBI_OFFSET_MS);

/** Nairobi's calendar day of an instant: "2026-11-28". */
export const nairobiDay = (at: Date | string): string => nairobiClock(at).toISOString().slice(0, 10);

/** Nairobi's calendar year of an instant (documents are numbered per year there). */
export const nairobiYear = (at: Date | string): number => nairobiClock(at).getUTCFullYear();

/** Nairobi's time of an instant as Safaricom and KRA write it: YYYYMMDDhhmmss. */
export const nairobiStamp = (at: Date | string): string =>
  nairobiClock(at).toISOString().slice(0, 19).replace(/[-T:]/g, "");

/** A YYYYMMDDhhmmss stamp (Nairobi's clock) in its parts; null when the text is not one. */
export function nairobiStampParts(stamp: string) {
  const parts = stamp.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/);
  if (!parts) return null;
  const [, year = "", month = "", day = "", hours = "", minutes = "", seconds = ""] = parts;
  return { year, month, day, hours, minutes, seconds };
}
