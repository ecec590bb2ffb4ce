/**
 * The owner's Tax invoices as SQL: the sales a back-office query selects, with their payment, order
 * and receipt, and the owner's "Send again now". Whatever the owner typed is a bound parameter.
 */
import { and, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { type AdminQuery, dateBounds } from "../admin/admin-query.ts";
import { database, runBatch } from "../db/client.ts";
import { receipts } from "../db/document-tables.ts";
import { type EtimsSaleRow, etimsSales } from "../db/etims-tables.ts";
import { keysetListing, type Listing } from "../db/keyset-listing.ts";
import { adminAudit, orders, payments } from "../db/schema.ts";

/** A sale as the list shows it; the payment, order and receipt are null once retention removed them. */
export type InvoiceRow = Pick<
  EtimsSaleRow,
  | "branch_id"
  | "invc_no"
  | "receipt_type"
  | "org_invc_no"
  | "trader_invoice_no"
  | "payment_id"
  | "sold_at"
  | "status"
  | "attempts"
  | "next_attempt_at"
  | "last_attempt_at"
  | "last_error"
  | "cur_rcpt_no"
  | "tot_rcpt_no"
  | "rcpt_sign"
  | "sdc_date_time"
  | "accepted_at"
> & {
  order_id: string | null;
  customer_name: string | null;
  amount_cents: number | null;
  currency: string | null;
  receipt_number: string | null;
};

const receiptOfSale = sql`SELECT min(${receipts.number}) FROM ${receipts}
  WHERE ${receipts.payment_id} = ${etimsSales.payment_id}`;

/**
 * Each selected column's name is unique across the joined tables: the listing's rows are read back
 * by column name (admin-listing-queries.ts), so a second `status` or `created_at` would overwrite
 * the sale's.
 */
const listed = {
  branch_id: etimsSales.branch_id,
  invc_no: etimsSales.invc_no,
  receipt_type: etimsSales.receipt_type,
  org_invc_no: etimsSales.org_invc_no,
  trader_invoice_no: etimsSales.trader_invoice_no,
  payment_id: etimsSales.payment_id,
  sold_at: etimsSales.sold_at,
  status: etimsSales.status,
  attempts: etimsSales.attempts,
  next_attempt_at: etimsSales.next_attempt_at,
  last_attempt_at: etimsSales.last_attempt_at,
  last_error: etimsSales.last_error,
  cur_rcpt_no: etimsSales.cur_rcpt_no,
  tot_rcpt_no: etimsSales.tot_rcpt_no,
  rcpt_sign: etimsSales.rcpt_sign,
  sdc_date_time: etimsSales.sdc_date_time,
  accepted_at: etimsSales.accepted_at,
  order_id: payments.order_id,
  amount_cents: payments.amount_cents,
  currency: payments.currency,
  customer_name: orders.customer_name,
  // A subquery, not a join: a second receipt for one payment must not list its sale twice.
  receipt_number: sql<string | null>`(${receiptOfSale})`.as("receipt_number"),
};

const SEARCHED = [
  etimsSales.trader_invoice_no,
  payments.order_id,
  orders.order_ref,
  orders.customer_name,
  orders.customer_email,
  orders.customer_company,
];

/**
 * The text anywhere in those columns, matched literally (instr, not LIKE: see admin-listing-queries'
 * textSearch); "42" or "#42" also finds KRA's invoice number 42.
 */
function searched(q: string): SQL | undefined {
  const kraNumber = /^#?([0-9]{1,15})$/.exec(q)?.[1];
  return or(
    ...SEARCHED.map((column) => sql`instr(lower(${column}), lower(${q})) > 0`),
    kraNumber ? eq(etimsSales.invc_no, Number(kraNumber)) : undefined,
  );
}

/** The sales a query selects, newest number first, by the day they were sold. */
export function invoicesListing(db: D1Database, query: AdminQuery<"invoices">): Listing {
  const dz = database(db);
  const { start, end } = dateBounds(query);
  const joined = (fields: SelectedFields) =>
    dz
      .select(fields)
      .from(etimsSales)
      .leftJoin(payments, eq(payments.payment_id, etimsSales.payment_id))
      .leftJoin(orders, eq(orders.order_id, payments.order_id))
      .$dynamic();
  const sort = [etimsSales.invc_no, etimsSales.trader_invoice_no] as const;
  return keysetListing({
    from: joined,
    fields: listed,
    filter: and(
      query.status ? eq(etimsSales.status, query.status) : undefined,
      start ? gte(etimsSales.sold_at, start) : undefined,
      end ? lt(etimsSales.sold_at, end) : undefined,
    ),
    search: query.q ? searched(query.q) : undefined,
    searchIndex: undefined,
    sort,
    names: ["invc_no", "trader_invoice_no"],
    kinds: ["integer", "text"],
  });
}

/** Who acted and when: the change and its audit row share the time. */
type Acting = { actor: string; at: string };

/**
 * A waiting sale is due now, audited under its order with its invoice number (admin_audit's CHECK
 * has no kind for invoices). Both statements select the same waiting sale, so an accepted or unknown
 * one changes nothing and writes no audit row: true when it was waiting.
 */
export async function makeSaleDueNow(db: D1Database, traderInvoiceNo: string, acting: Acting): Promise<boolean> {
  const dz = database(db);
  const waiting = and(eq(etimsSales.trader_invoice_no, traderInvoiceNo), eq(etimsSales.status, "pending"));
  const [audit] = await runBatch(db, [
    dz
      .insert(adminAudit)
      .select(
        dz
          .select({
            id: sql<number>`NULL`.as("id"),
            at: sql<string>`${acting.at}`.as("at"),
            actor: sql<string>`${acting.actor}`.as("actor"),
            action: sql<"order.etims_retry">`'order.etims_retry'`.as("action"),
            subject_kind: sql<"order">`'order'`.as("subject_kind"),
            subject_id: sql<string>`${payments.order_id}`.as("subject_id"),
            detail: sql<string>`${etimsSales.trader_invoice_no}`.as("detail"),
          })
          .from(etimsSales)
          .innerJoin(payments, eq(payments.payment_id, etimsSales.payment_id))
          .where(waiting),
      )
      .returning({ id: adminAudit.id }),
    dz
      .update(etimsSales)
      .set({ next_attempt_at: acting.at })
      .where(and(waiting, sql`${etimsSales.payment_id} IN (SELECT ${payments.payment_id} FROM ${payments})`)),
  ]);
  return (audit?.length ?? 0) > 0;
}

/** Whether a sale has this invoice number, and its status. */
export async function saleStatusOf(db: D1Database, traderInvoiceNo: string): Promise<EtimsSaleRow["status"] | null> {
  const row = await database(db)
    .select({ status: etimsSales.status })
    .from(etimsSales)
    .where(eq(etimsSales.trader_invoice_no, traderInvoiceNo))
    .get();
  return row?.status ?? null;
}
