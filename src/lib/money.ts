/**
 * Formatters by currency, made on first use: building an Intl.NumberFormat loads locale data,
 * which at module load cost every cold start about 12 ms, needed or not.
 */
const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterFor(currency: string): Intl.NumberFormat | null {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    } catch {
      // Not an ISO 4217 code (a bad row, a made-up event): shown as plain figures and the code.
      formatter = null;
    }
    formatters.set(code, formatter);
  }
  return formatter;
}

/**
 * `$12,000.00` (or `KES 1,530.00`, `€9.50`): every amount the site shows, from its smallest unit
 * (cents), the way Stripe and our database keep money. The currency's own decimals apply: a
 * zero-decimal currency's amount is already whole units.
 */
export function formatMoney(cents: number, currency = "usd"): string {
  const formatter = formatterFor(currency);
  if (!formatter) return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  const decimals = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(cents / 10 ** decimals);
}

/** @deprecated Being replaced by formatMoney(cents, currency) across the site (issue 22). */
export function formatUsd(amount: number): string {
  return formatMoney(Math.round(amount * 100), "usd");
}

/** Whole cents, so sums of prices never drift by floating-point error. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * The amount in cents when it is a whole number of cents, else null. Exact, not rounded: a price
 * is whole cents when its cents, back in dollars, are the very same number (19.99 is; 19.999 and
 * 0.1 + 0.2 are not). Rounding first would turn every price into whole cents and check nothing.
 */
export function exactCents(amount: number): number | null {
  const cents = Math.round(amount * 100);
  return Number.isSafeInteger(cents) && cents / 100 === amount ? cents : null;
}
