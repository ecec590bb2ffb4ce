import type { QuoteLineRow } from "../db/document-tables.ts";
import { splitFor, sumSplits, type VatSplit, type VatStatus } from "../tax/vat.ts";

/** A quote's VAT, when its prices include it: each line's split, and the document's. */
export type QuoteVat = { lines: VatSplit[]; document: VatSplit };

export const lineTotalCents = (line: QuoteLineRow): number => line.unit_amount_cents * line.quantity;

/**
 * Each line split on its own total, and the document's figures the sums of the lines' (never a
 * split of the grand total), so the page and the PDF add up to the cent whichever way one checks:
 * down each column and across each line. Null when the seller is not VAT-registered: no VAT is shown.
 */
export function quoteVat(lines: readonly QuoteLineRow[], status: VatStatus): QuoteVat | null {
  if (!status.registered) return null;
  const splits = lines.map((line) => splitFor(lineTotalCents(line), status));
  return { lines: splits, document: sumSplits(splits) };
}
