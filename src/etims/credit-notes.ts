/**
 * A refund reported to KRA as a credit note (docs/tax.md "Credit notes"): numbered in the batch that
 * settles the refund, when eTIMS is configured and the refunded payment's sale was numbered, then
 * sent by the same sender as every sale, after the sale it credits (its number is higher).
 */
import type { Statement } from "../db/client.ts";
import type { EtimsSaleRow } from "../db/etims-tables.ts";
import type { WorkContext } from "../http/work-context.ts";
import { nairobiYear } from "../lib/dates.ts";
import { etimsConfigOrNull } from "../providers/etims.ts";
import { creditNoteNumberStatements, creditNoteSales, refundOfCreditNote } from "./credit-note-queries.ts";

/** The statements that number the refund's credit note; none when eTIMS is not configured (or unusable: logged). */
export function creditNoteNumbering(context: WorkContext, refundId: string, at: string): Statement[] {
  let config: ReturnType<typeof etimsConfigOrNull>;
  try {
    config = etimsConfigOrNull(context.env);
  } catch (error) {
    context.log.error("eTIMS is misconfigured: this refund is not reported to KRA", { refundId, error });
    return [];
  }
  if (!config) return [];
  return creditNoteNumberStatements({ refundId, branchId: config.branchId, year: nairobiYear(at), at });
}

/** A refund's credit note and the sale it credits (its tax invoice), for the credit note's document. */
export const creditNoteOf = (db: D1Database, refund: Parameters<typeof creditNoteSales>[1]) =>
  creditNoteSales(db, refund);

/** What a credit note's request is built from beyond its sale: the refund's amount and time. */
export function creditNoteRefund(db: D1Database, sale: EtimsSaleRow) {
  return refundOfCreditNote(db, sale);
}
