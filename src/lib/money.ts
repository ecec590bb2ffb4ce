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
 * Whole US cents, the site's own prices, written without Intl: pages' content formats its prices
 * when its module loads, where Intl's first use would cost every cold start what the lazy
 * formatters above save. The same text as Intl's en-US ("-$1,234.56"); anything else (-0, a
 * fraction of a cent) is left to Intl.
 */
function plainUsd(cents: number): string | null {
  if (!Number.isSafeInteger(cents) || Object.is(cents, -0)) return null;
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${cents < 0 ? "-" : ""}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

const isUsd = (currency: string): boolean => currency.toLowerCase() === "usd";

/** How many decimals the currency's amounts have: cents are its smallest unit (2 for most, 0 for yen). */
function decimalsOf(currency: string): number {
  if (isUsd(currency)) return 2;
  return formatterFor(currency)?.resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * `$12,000.00` (or `KES 1,530.00`, `€9.50`): every amount the site shows, from its smallest unit
 * (cents), the way Stripe and our database keep money. The currency's own decimals apply: a
 * zero-decimal currency's amount is already whole units.
 */
export function formatMoney(cents: number, currency = "usd"): string {
  const plain = isUsd(currency) ? plainUsd(cents) : null;
  if (plain !== null) return plain;
  const formatter = formatterFor(currency);
  if (!formatter) return `${decimalAmount(cents, currency)} ${currency.toUpperCase()}`;
  return formatter.format(cents / 10 ** decimalsOf(currency));
}

/**
 * The amount as a plain decimal, no symbol and no grouping (15000 cents → "150.00"): what a
 * spreadsheet sums, and what goes next to a currency code.
 */
export function decimalAmount(cents: number, currency = "usd"): string {
  const decimals = decimalsOf(currency);
  return (cents / 10 ** decimals).toFixed(decimals);
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
