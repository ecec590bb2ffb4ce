/**
 * VAT in one place: the rate, KRA's tax type, and how a VAT-inclusive amount splits into its net
 * and its VAT. Our catalogue prices are what a buyer pays; when we are VAT-registered they include
 * VAT at 16% (KRA's tax type B, "standard rated"), otherwise the sale is type D ("non-VAT") and no
 * VAT is shown. docs/tax.md gives the sources and the rounding rule.
 */
import { stringBinding } from "../http/bindings.ts";
import { VAT_RATE_PERCENT } from "../lib/vat-rate.ts";

/** KRA's tax types as eTIMS names them: B standard rated 16%, D non-VAT. */
export type TaxType = "B" | "D";

/** What the seller charges: registered for VAT (type B, prices include 16%) or not (type D). */
export type VatStatus = { registered: boolean; taxType: TaxType; ratePercent: number };

/** The VAT_REGISTERED var: "true" means every price includes VAT; anything else, that none does. */
export function vatStatus(env: Env): VatStatus {
  const registered = stringBinding(env, "VAT_REGISTERED")?.trim().toLowerCase() === "true";
  return registered
    ? { registered, taxType: "B", ratePercent: VAT_RATE_PERCENT }
    : { registered, taxType: "D", ratePercent: 0 };
}

/** An amount in minor units, split: net + vat = total, to the cent. */
export type VatSplit = { netCents: number; vatCents: number; totalCents: number };

/** VAT on a net amount, rounded half up to the cent (integers: no float drift). */
export const vatOnNet = (netCents: number, ratePercent: number): number =>
  Math.floor((netCents * ratePercent * 2 + 100) / 200);

/**
 * A VAT-inclusive total split into net and VAT (one rule for every line and document):
 * - the net is the amount whose VAT, rounded half up to the cent (vatOnNet), makes up the total;
 * - about 4 totals in 29 have no such net (adding a cent to the net can add two to net + VAT); for
 *   those the VAT is the total × rate / (100 + rate), rounded half up, and the net the rest. That
 *   VAT is within 0.6 of a cent of the rate applied to the net.
 * Type D (or a zero rate) has no VAT: the net is the total.
 */
export function splitInclusive(totalCents: number, ratePercent: number): VatSplit {
  if (ratePercent === 0 || totalCents === 0) return { netCents: totalCents, vatCents: 0, totalCents };
  const guess = Math.floor((totalCents * 100) / (100 + ratePercent));
  for (const netCents of [guess - 1, guess, guess + 1, guess + 2]) {
    const vatCents = vatOnNet(netCents, ratePercent);
    if (netCents >= 0 && netCents + vatCents === totalCents) return { netCents, vatCents, totalCents };
  }
  const vatCents = Math.floor((totalCents * ratePercent * 2 + (100 + ratePercent)) / (2 * (100 + ratePercent)));
  return { netCents: totalCents - vatCents, vatCents, totalCents };
}

/** Splits added up: a document's net, VAT and total are the sums of its lines'. */
export const sumSplits = (splits: readonly VatSplit[]): VatSplit => ({
  netCents: splits.reduce((a, s) => a + s.netCents, 0),
  vatCents: splits.reduce((a, s) => a + s.vatCents, 0),
  totalCents: splits.reduce((a, s) => a + s.totalCents, 0),
});

/** The split of an amount under the seller's status: type D has no VAT. */
export const splitFor = (totalCents: number, status: VatStatus): VatSplit =>
  splitInclusive(totalCents, status.ratePercent);
