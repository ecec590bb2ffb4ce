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
