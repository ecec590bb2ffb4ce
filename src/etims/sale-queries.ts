/**
 * eTIMS sales' SQL (migrations/0017): the numbering taken in the payment's own batch, the sales
 * waiting to be sent, the sender's lease, and what each attempt leaves. drizzle's builder but for
 * the numbering, whose guards are raw SQL as the receipts' are.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { database, type Statement } from "../db/client.ts";
import { type EtimsSaleRow, etimsSales, etimsSenderLeases } from "../db/etims-tables.ts";
import { orders, payments } from "../db/schema.ts";

export type NewSale = {
  paymentId: string;
  branchId: string;
  /** The Nairobi year of the sale, for our invoice number INV-<year>-<invcNo>. */
  year: number;
  /** KES per USD in hundredths for a dollar payment; null for one in shillings. */
  rateX100: number | null;
  at: string;
};

/** Only a paid payment of some amount, not yet reported, is given a sale. */
const needsSale = (
  paymentId: string,
) => sql`NOT EXISTS (SELECT 1 FROM etims_sales WHERE payment_id = ${paymentId} AND receipt_type = 'S')
  AND EXISTS (SELECT 1 FROM payments WHERE payment_id = ${paymentId} AND status = 'paid' AND amount_cents > 0)`;

/**
 * The two statements that number a sale, for the batch that records its payment (settlePayment's):
 * the branch's counter moves only when the sale row is written in the same transaction, so the
 * numbers run 1, 2, 3… with no gap and none given twice, whatever runs at the same time.
 * Plan at 100k: the guard's SEARCH etims_sales USING COVERING INDEX etims_sales_by_payment (payment_id=?)
 *   and SEARCH payments USING INDEX sqlite_autoindex_payments_1 (payment_id=?)
 */
export function saleNumberStatements(sale: NewSale): Statement[] {
  const { paymentId, branchId, year, rateX100, at } = sale;
  return [
    sql`INSERT INTO etims_counters (branch_id, last_invc_no) SELECT ${branchId}, 1 WHERE ${needsSale(paymentId)}
        ON CONFLICT (branch_id) DO UPDATE SET last_invc_no = last_invc_no + 1`,
    sql`INSERT INTO etims_sales (branch_id, invc_no, receipt_type, payment_id, trader_invoice_no, kes_rate_x100,
          sold_at, next_attempt_at, created_at)
        SELECT ${branchId}, last_invc_no, 'S', ${paymentId}, printf('INV-%d-%05d', ${year}, last_invc_no), ${rateX100},
          ${at}, ${at}, ${at}
        FROM etims_counters WHERE branch_id = ${branchId} AND ${needsSale(paymentId)}`,
  ];
}

// Plan at 100k: SEARCH etims_sales USING INDEX etims_sales_by_payment (payment_id=?)
export async function saleOfPayment(db: D1Database, paymentId: string): Promise<EtimsSaleRow | null> {
  const row = await database(db)
    .select()
    .from(etimsSales)
    .where(and(eq(etimsSales.payment_id, paymentId), eq(etimsSales.receipt_type, "S")))
    .get();
  return row ?? null;
}

/** Waiting sales whose next attempt is due, in the order of their numbers (the partial index on next_attempt_at). */
export function dueSales(db: D1Database, branchId: string, now: string, limit: number): Promise<EtimsSaleRow[]> {
  return database(db)
    .select()
    .from(etimsSales)
    .where(
      and(eq(etimsSales.status, "pending"), eq(etimsSales.branch_id, branchId), lte(etimsSales.next_attempt_at, now)),
    )
    .orderBy(asc(etimsSales.invc_no))
    .limit(limit)
    .all();
}

/**
 * Takes the branch's sender lease for `holder` until `until`, unless another holds one that has not
 * lapsed: true when it is ours. One statement, so two senders starting together cannot both win.
 */
export async function takeSenderLease(db: D1Database, branchId: string, holder: string, now: string, until: string) {
  const won = await database(db)
    .insert(etimsSenderLeases)
    .values({ branch_id: branchId, holder, until })
    .onConflictDoUpdate({
      target: etimsSenderLeases.branch_id,
      set: { holder, until },
      setWhere: sql`${etimsSenderLeases.until} < ${now}`,
    })
    .returning({ holder: etimsSenderLeases.holder });
  return won[0]?.holder === holder;
}

export async function releaseSenderLease(db: D1Database, branchId: string, holder: string): Promise<void> {
  await database(db)
    .delete(etimsSenderLeases)
    .where(and(eq(etimsSenderLeases.branch_id, branchId), eq(etimsSenderLeases.holder, holder)));
}

const saleKey = (sale: Pick<EtimsSaleRow, "branch_id" | "invc_no">) =>
  and(eq(etimsSales.branch_id, sale.branch_id), eq(etimsSales.invc_no, sale.invc_no));

export type KraAnswer = {
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcDateTime: string;
};

/** KRA accepted the sale: its numbers and signature, for good. Only a waiting sale changes (true when it did). */
export async function markSaleAccepted(db: D1Database, sale: EtimsSaleRow, answer: KraAnswer, at: string) {
  const moved = await database(db)
    .update(etimsSales)
    .set({
      status: "accepted",
      attempts: sql`${etimsSales.attempts} + 1`,
      last_attempt_at: at,
      last_error: null,
      cur_rcpt_no: answer.curRcptNo,
      tot_rcpt_no: answer.totRcptNo,
      intrl_data: answer.intrlData,
      rcpt_sign: answer.rcptSign,
      sdc_date_time: answer.sdcDateTime,
      accepted_at: at,
    })
    .where(and(saleKey(sale), eq(etimsSales.status, "pending")))
    .returning({ invc_no: etimsSales.invc_no });
  return moved.length > 0;
}

/** An attempt failed (KRA down, or it refused the content): why, and when to try again. */
export async function markSaleFailed(db: D1Database, sale: EtimsSaleRow, error: string, at: string, next: string) {
  await database(db)
    .update(etimsSales)
    .set({
      attempts: sql`${etimsSales.attempts} + 1`,
      last_attempt_at: at,
      last_error: error.slice(0, 500),
      next_attempt_at: next,
    })
    .where(and(saleKey(sale), eq(etimsSales.status, "pending")));
}

/**
 * KRA is down: every waiting sale of the branch waits at least until `next`, so that when it is
 * back the numbers are sent in their order again, not the later ones first.
 */
export async function holdWaitingSales(db: D1Database, branchId: string, next: string): Promise<void> {
  await database(db)
    .update(etimsSales)
    .set({ next_attempt_at: sql`max(${etimsSales.next_attempt_at}, ${next})` })
    .where(and(eq(etimsSales.branch_id, branchId), eq(etimsSales.status, "pending")));
}

/**
 * The owner asked to send again (or corrected what KRA refused): the order's waiting sales are due now.
 * Plan at 100k: SEARCH etims_sales USING COVERING INDEX etims_sales_by_payment_status (payment_id=? AND status=?)
 *   for each of SEARCH payments USING INDEX payments_by_session (order_id=?)
 */
export async function makeOrderSalesDue(db: D1Database, orderId: string, now: string): Promise<number> {
  const rows = await database(db)
    .update(etimsSales)
    .set({ next_attempt_at: now })
    .where(
      and(
        eq(etimsSales.status, "pending"),
        sql`${etimsSales.payment_id} IN (SELECT ${payments.payment_id} FROM ${payments} WHERE ${payments.order_id} = ${orderId})`,
      ),
    )
    .returning({ invc_no: etimsSales.invc_no });
  return rows.length;
}

/**
 * Whether any sale of the order's payments has been accepted by KRA (its buyer's PIN is then final).
 * Plan at 100k: SEARCH payments USING INDEX payments_by_session (order_id=?), then
 *   SEARCH etims_sales USING INDEX etims_sales_by_payment_status (payment_id=? AND status=?)
 *   (migrations/0028; SCAN etims_sales before: etims_sales_by_payment holds sales, not credit notes)
 */
export async function orderHasReportedSale(db: D1Database, orderId: string): Promise<boolean> {
  const row = await database(db)
    .select({ invc_no: etimsSales.invc_no })
    .from(etimsSales)
    .innerJoin(payments, eq(payments.payment_id, etimsSales.payment_id))
    .where(and(eq(payments.order_id, orderId), eq(etimsSales.status, "accepted")))
    .get();
  return row !== undefined;
}

/** Sales waiting since before `before` that the owner has not been told of yet, oldest first. */
export function longWaitingSales(db: D1Database, before: string, limit: number) {
  return database(db)
    .select({
      invc_no: etimsSales.invc_no,
      trader_invoice_no: etimsSales.trader_invoice_no,
      created_at: etimsSales.created_at,
      last_error: etimsSales.last_error,
      attempts: etimsSales.attempts,
      order_id: payments.order_id,
      customer_name: orders.customer_name,
    })
    .from(etimsSales)
    .innerJoin(payments, eq(payments.payment_id, etimsSales.payment_id))
    .leftJoin(orders, eq(orders.order_id, payments.order_id))
    .where(and(eq(etimsSales.status, "pending"), lte(etimsSales.created_at, before)))
    .orderBy(asc(etimsSales.invc_no))
    .limit(limit)
    .all();
}
