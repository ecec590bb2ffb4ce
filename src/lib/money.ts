const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `$12,000.00`: every price and total on the site shows like this. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
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
