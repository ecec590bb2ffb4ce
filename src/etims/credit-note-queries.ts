/**
 * Credit notes' SQL: a refund of a reported sale is a sale of its own, rcptTyCd 'R' naming the
 * original's invcNo (orgInvcNo), numbered from the same per-branch counter in the batch that
 * settles the refund, so the numbers still run 1, 2, 3… with none skipped or given twice. Raw SQL,
 * as the sales' numbering is (sale-queries.ts): the three statements decide from one guard.
 */
import { and, eq, sql } from "drizzle-orm";
import { database, type Statement } from "../db/client.ts";
import { type EtimsSaleRow, etimsSales } from "../db/etims-tables.ts";
import { type RefundRow, refunds } from "../db/refund-tables.ts";

export type NewCreditNote = { refundId: string; branchId: string; year: number; at: string };

/**
 * Only a succeeded refund not credited yet, of a payment whose sale this branch numbered, gets a
 * credit note (a payment made before eTIMS was configured has no sale to credit).
 */
const needsCreditNote = (refundId: string, branchId: string) => sql`EXISTS (SELECT 1 FROM refunds r
    JOIN etims_sales s ON s.payment_id = r.payment_id AND s.receipt_type = 'S' AND s.branch_id = ${branchId}
    WHERE r.refund_id = ${refundId} AND r.status = 'succeeded' AND r.credit_note_invc_no IS NULL)`;

/**
 * The statements that number a refund's credit note, for the batch that settles the refund (after
 * the statement that marks it succeeded): the counter moves, the 'R' sale is written at the new
 * number with the original's number and KES rate, and the refund keeps the number, all or none.
 */
export function creditNoteNumberStatements({ refundId, branchId, year, at }: NewCreditNote): Statement[] {
  const needs = needsCreditNote(refundId, branchId);
  return [
    sql`INSERT INTO etims_counters (branch_id, last_invc_no) SELECT ${branchId}, 1 WHERE ${needs}
        ON CONFLICT (branch_id) DO UPDATE SET last_invc_no = last_invc_no + 1`,
    sql`INSERT INTO etims_sales (branch_id, invc_no, receipt_type, payment_id, org_invc_no, trader_invoice_no,
          kes_rate_x100, sold_at, next_attempt_at, created_at)
        SELECT ${branchId}, c.last_invc_no, 'R', s.payment_id, s.invc_no, printf('CN-%d-%05d', ${year}, c.last_invc_no),
          s.kes_rate_x100, ${at}, ${at}, ${at}
        FROM etims_counters c, refunds r
          JOIN etims_sales s ON s.payment_id = r.payment_id AND s.receipt_type = 'S' AND s.branch_id = ${branchId}
        WHERE c.branch_id = ${branchId} AND r.refund_id = ${refundId} AND ${needs}`,
    sql`UPDATE refunds SET credit_note_branch = ${branchId},
          credit_note_invc_no = (SELECT last_invc_no FROM etims_counters WHERE branch_id = ${branchId})
        WHERE refund_id = ${refundId} AND ${needs}`,
  ];
}

/** A refund's credit note and the sale it credits; null when the refund has none. */
export async function creditNoteSales(
  db: D1Database,
  refund: Pick<RefundRow, "credit_note_branch" | "credit_note_invc_no" | "payment_id">,
): Promise<{ note: EtimsSaleRow; original: EtimsSaleRow } | null> {
  if (refund.credit_note_branch === null || refund.credit_note_invc_no === null) return null;
  const dz = database(db);
  const [notes, originals] = await dz.batch([
    dz
      .select()
      .from(etimsSales)
      .where(
        and(eq(etimsSales.branch_id, refund.credit_note_branch), eq(etimsSales.invc_no, refund.credit_note_invc_no)),
      ),
    dz
      .select()
      .from(etimsSales)
      .where(and(eq(etimsSales.payment_id, refund.payment_id), eq(etimsSales.receipt_type, "S"))),
  ]);
  const [note] = notes;
  const [original] = originals;
  return note && original ? { note, original } : null;
}

/** The refund a credit note reports: its amount and when it succeeded; null when none names it. */
export async function refundOfCreditNote(
  db: D1Database,
  sale: Pick<EtimsSaleRow, "branch_id" | "invc_no" | "payment_id">,
): Promise<{ amountCents: number; refundedAt: string } | null> {
  const row = await database(db)
    .select({ amountCents: refunds.amount_cents, settledAt: refunds.settled_at, createdAt: refunds.created_at })
    .from(refunds)
    .where(
      and(
        eq(refunds.credit_note_branch, sale.branch_id),
        eq(refunds.credit_note_invc_no, sale.invc_no),
        eq(refunds.payment_id, sale.payment_id),
      ),
    )
    .get();
  return row ? { amountCents: row.amountCents, refundedAt: row.settledAt ?? row.createdAt } : null;
}
