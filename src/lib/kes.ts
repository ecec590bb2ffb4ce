/**
 * Shillings for an M-Pesa payment. The owner's rate is kept as KES per USD in hundredths
 * (129.50 → 12950) so every figure is integer arithmetic: the browser shows, and the worker
 * charges, the same whole shillings for the same cart and rate.
 */

/** M-Pesa's largest single payment (Safaricom's per-transaction limit). */
export const MPESA_MAX_KES = 250_000;

/** A sane band for the rate: anything outside is a typo (1.29, 12950), not a market move. */
export const KES_RATE_MIN_X100 = 1_000;
export const KES_RATE_MAX_X100 = 100_000;

/** Whole shillings for US cents at the rate, rounded up: the buyer never pays less than the price. */
export function kesAmount(usdCents: number, rateX100: number): number {
  const hundredths = usdCents * rateX100;
  return Math.floor((hundredths + 9_999) / 10_000);
}

/** US cents a shilling amount is worth at the rate (rounded to the nearest cent), for receipts. */
export function usdCentsOf(kes: number, rateX100: number): number {
  return Math.round((kes * 10_000) / rateX100);
}

/** "129.5" / "129.50" / " 129 " → 12950; null when it is not a rate with at most two decimals in the band. */
export function parseKesRate(text: string): number | null {
  const match = text.match(/^\s*(\d{1,4})(?:\.(\d{1,2}))?\s*$/);
  if (!match) return null;
  const rate = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return rate >= KES_RATE_MIN_X100 && rate <= KES_RATE_MAX_X100 ? rate : null;
}

/** 12950 → "129.50". */
export function formatKesRate(rateX100: number): string {
  return `${Math.floor(rateX100 / 100)}.${String(rateX100 % 100).padStart(2, "0")}`;
}

/** 12950 → "KES 12,950": whole shillings, the way M-Pesa shows them. */
export function formatKes(kes: number): string {
  return `KES ${String(kes).replace(/\B(?=(\d{3})+$)/g, ",")}`;
}
