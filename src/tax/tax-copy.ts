import { VAT_RATE_PERCENT } from "../lib/vat-rate.ts";

const NET = "Net";
const VAT = `VAT ${VAT_RATE_PERCENT}%`;
const kraPin = (pin: string) => `KRA PIN ${pin}`;

/**
 * The words pages and documents use of tax, in one place and built from the one rate, so a changed
 * rate cannot leave a page saying the old one.
 */
export const taxCopy = {
  /** The small print of a page or document whose prices include VAT: said once, never on each card. */
  pricesInclude: `All prices include ${VAT_RATE_PERCENT}% VAT.`,
  net: NET,
  vat: VAT,
  /** Under a line's total, small: what of it is net and what is VAT. */
  lineSplit: (net: string, vat: string) => `${NET} ${net} · ${VAT} ${vat}`,
  /** A seller's or a buyer's PIN with KRA, as documents print it. */
  kraPin,
} as const;
