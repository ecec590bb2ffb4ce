/**
 * The paybill payments' SQL (migrations/0018): each confirmation's row, written in the batch that
 * settles it (settlePayment's `alongside`) or alone when it matches nothing, the owner's assignment
 * with its audit row, and the reads of the back office, the digest and the matcher.
 *
 * TransID is the table's key: a plain INSERT of a second row for it fails, and with it the whole
 * batch that would have settled the payment again. The guards below fail a batch the same way, by
 * writing NULL into a NOT NULL column, so a race is decided by the database, never by a read before.
 */
import { and, asc, count, eq, getTableColumns, gte, lt, sql } from "drizzle-orm";
import { type C2bPaymentRow, c2bPayments } from "../db/c2b-tables.ts";
import { database, runBatch, type Statement } from "../db/client.ts";
import { keysetListing, type Listing } from "../db/keyset-listing.ts";
import { type OrderRow, orders, type PaymentRow } from "../db/schema.ts";
import type { C2bPayment } from "./c2b-body-schema.ts";

/** What a settled payment paid, for its row. */
export type C2bMatch = {
  targetKind: "quote" | "order" | "subscription";
  targetRef: string;
  orderId: string | null;
  paymentId: string | null;
  excessCents: number | null;
};

/**
 * SQL that is true when `orderId` may take a payment of quote `q` (the alias the statements give
 * the quote): the quote is not accepted by another order, and no other order is being paid in parts
 * for it. The same rule the owner's recorded payments keep (payments/manual-payment-queries.ts).
 */
const quoteFreeFor = (orderId: string) => sql`(q.number IS NOT NULL
    AND (q.accepted_order IS NULL OR q.accepted_order = ${orderId})
    AND NOT EXISTS (SELECT 1 FROM orders other JOIN payments p ON p.order_id = other.order_id
      WHERE other.quote_number = q.number AND other.order_id <> ${orderId}
        AND other.status <> 'paid' AND p.status = 'paid'))`;

/** A guard on the quote a batch makes an order for: null when the target needs none. */
export type QuoteGuard = { quoteNumber: string; orderId: string } | null;

const guardSql = (guard: QuoteGuard) => (guard ? quoteFreeFor(guard.orderId) : sql`1`);
const guardQuote = (guard: QuoteGuard) =>
  sql`(SELECT 1) LEFT JOIN quotes q ON q.number = ${guard?.quoteNumber ?? null}`;

/** The row of a matched confirmation, for settlePayment's batch; fails the batch on a replay or a lost race. */
export function matchedRowStatement(payment: C2bPayment, match: C2bMatch, guard: QuoteGuard): Statement {
  const p = payment;
  return sql`INSERT INTO c2b_payments (trans_id, trans_type, amount_cents, short_code, bill_ref, msisdn, payer_name,
      trans_time, org_account_balance, third_party_trans_id, status, target_kind, target_ref, order_id, payment_id,
      excess_cents)
    SELECT ${p.transId}, ${p.transType}, ${p.amountCents}, ${p.shortCode}, ${p.billRef}, ${p.msisdn}, ${p.payerName},
      ${p.transTime}, ${p.orgAccountBalance}, ${p.thirdPartyTransId},
      CASE WHEN ${guardSql(guard)} THEN 'matched' END,
      ${match.targetKind}, ${match.targetRef}, ${match.orderId}, ${match.paymentId}, ${match.excessCents}
    FROM ${guardQuote(guard)}`;
}

/** The columns of a row that come from Safaricom's body, as sent (cleaned and clipped). */
const sentColumns = (p: C2bPayment) => ({
  trans_id: p.transId,
  trans_type: p.transType,
  amount_cents: p.amountCents,
  short_code: p.shortCode,
  bill_ref: p.billRef,
  msisdn: p.msisdn,
  payer_name: p.payerName,
  trans_time: p.transTime,
  org_account_balance: p.orgAccountBalance,
  third_party_trans_id: p.thirdPartyTransId,
});

/** One row written alone; false when its TransID is already kept (a replay). */
async function insertRow(db: D1Database, row: typeof c2bPayments.$inferInsert): Promise<boolean> {
  const kept = await database(db)
    .insert(c2bPayments)
    .values(row)
    .onConflictDoNothing({ target: c2bPayments.trans_id })
    .returning({ trans_id: c2bPayments.trans_id });
  return kept.length > 0;
}

/** Keeps a confirmation that settles nothing; false when its TransID is already kept. */
export function keepUnmatched(db: D1Database, payment: C2bPayment, reason: string): Promise<boolean> {
  return insertRow(db, { ...sentColumns(payment), status: "unmatched", unmatched_reason: reason });
}

/**
 * Keeps a confirmation whose M-Pesa receipt the owner had already recorded by hand: matched to that
 * ledger line, nothing settled again. False when its TransID is already kept.
 */
export function keepMatchedToRecorded(
  db: D1Database,
  payment: C2bPayment,
  recorded: Pick<PaymentRow, "payment_id" | "order_id">,
): Promise<boolean> {
  return insertRow(db, {
    ...sentColumns(payment),
    status: "matched",
    target_kind: "order",
    target_ref: recorded.order_id,
    order_id: recorded.order_id,
    payment_id: recorded.payment_id,
  });
}

/** Claims a confirmation for an M-Pesa plan before the plan is paid: false when its TransID is already kept. */
export function claimForPlan(db: D1Database, payment: C2bPayment, match: C2bMatch): Promise<boolean> {
  return insertRow(db, {
    ...sentColumns(payment),
    status: "matched",
    target_kind: match.targetKind,
    target_ref: match.targetRef,
    payment_id: match.paymentId,
    excess_cents: match.excessCents,
  });
}

/** The order a plan's payment went to, once the plan has it. */
export async function setPaidOrder(db: D1Database, transId: string, orderId: string): Promise<void> {
  await database(db).update(c2bPayments).set({ order_id: orderId }).where(eq(c2bPayments.trans_id, transId));
}

/** A claimed payment the plan did not take, back to the owner to assign. */
export async function releaseToOwner(db: D1Database, transId: string, reason: string): Promise<void> {
  await database(db)
    .update(c2bPayments)
    .set({
      status: "unmatched",
      unmatched_reason: reason,
      target_kind: null,
      target_ref: null,
      order_id: null,
      payment_id: null,
      excess_cents: null,
      assigned_by: null,
      assigned_at: null,
    })
    .where(eq(c2bPayments.trans_id, transId));
}

/** Who assigns, when, and what their audit row says. */
export type Assigning = { actor: string; at: string; detail: string };

/**
 * The owner's assignment, last in settlePayment's batch: the audit row, whose actor is NULL (failing
 * the batch) unless the payment is still unmatched and the quote still free, then the row itself.
 * Two assignments at once: the second finds it assigned, and nothing of it is written.
 */
export function assignStatements(
  db: D1Database,
  transId: string,
  match: C2bMatch,
  who: Assigning,
  guard: QuoteGuard,
): Statement[] {
  const audit = sql`INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
    SELECT ${who.at},
      CASE WHEN EXISTS (SELECT 1 FROM c2b_payments WHERE trans_id = ${transId} AND status = 'unmatched')
        AND ${guardSql(guard)} THEN ${who.actor} END,
      'payment.assigned', 'payment', ${transId}, ${who.detail}
    FROM ${guardQuote(guard)}`;
  const row = database(db)
    .update(c2bPayments)
    .set({
      status: "assigned",
      target_kind: match.targetKind,
      target_ref: match.targetRef,
      order_id: match.orderId,
      payment_id: match.paymentId,
      excess_cents: match.excessCents,
      assigned_by: who.actor,
      assigned_at: who.at,
    })
    .where(and(eq(c2bPayments.trans_id, transId), eq(c2bPayments.status, "unmatched")));
  return [audit, row];
}

/**
 * The owner's assignment on its own (a plan's payment is then handed to the plan); throws when the
 * guard refuses it.
 */
export async function runAssignment(db: D1Database, transId: string, match: C2bMatch, who: Assigning): Promise<void> {
  await runBatch(db, assignStatements(db, transId, match, who, null));
}

// Plan at 100k: SEARCH c2b_payments USING INDEX sqlite_autoindex_c2b_payments_1 (trans_id=?)
export async function c2bRow(db: D1Database, transId: string): Promise<C2bPaymentRow | null> {
  return (await database(db).select().from(c2bPayments).where(eq(c2bPayments.trans_id, transId)).get()) ?? null;
}

/**
 * Every payment not waiting for the owner (matched or assigned), newest first by (received_at,
 * trans_id), as the back office pages it (db/keyset-listing.ts). The condition is written as the
 * partial index's own (migrations/0031), so a page is one range read of c2b_payments_settled:
 * SEARCH c2b_payments USING INDEX c2b_payments_settled ((received_at,trans_id)<(?,?)).
 */
export function settledListing(db: D1Database): Listing {
  const dz = database(db);
  const sort = [c2bPayments.received_at, c2bPayments.trans_id] as const;
  return keysetListing({
    from: (selected) => dz.select(selected).from(c2bPayments).$dynamic(),
    fields: getTableColumns(c2bPayments),
    filter: sql`${c2bPayments.status} <> 'unmatched'`,
    search: undefined,
    searchIndex: undefined,
    sort,
    names: ["received_at", "trans_id"],
    kinds: ["text", "text"],
  });
}

/**
 * The payments waiting for the owner, the longest waiting first, up to `limit`: few, each to act on.
 * SCAN c2b_payments USING INDEX c2b_payments_unmatched (the partial index holds them alone).
 */
export function unmatchedPayments(db: D1Database, limit: number): Statement {
  return database(db)
    .select()
    .from(c2bPayments)
    .where(sql`${c2bPayments.status} = 'unmatched'`)
    .orderBy(asc(c2bPayments.received_at), asc(c2bPayments.trans_id))
    .limit(limit);
}

/** How many payments wait for the owner, exactly (column `n`): a count of the partial index's entries. */
export function unmatchedCount(db: D1Database): Statement {
  return database(db)
    .select({ n: count().as("n") })
    .from(c2bPayments)
    .where(sql`${c2bPayments.status} = 'unmatched'`);
}

/** The confirmations received in [since, until), oldest first: the digest's list. */
export function c2bReceivedBetween(db: D1Database, since: string, until: string, limit: number) {
  return database(db)
    .select()
    .from(c2bPayments)
    .where(and(gte(c2bPayments.received_at, since), lt(c2bPayments.received_at, until)))
    .orderBy(asc(c2bPayments.received_at))
    .limit(limit);
}

/**
 * Orders whose reference starts with these 8 hex digits (what ORD-XXXXXXXX names): a range on the
 * unique index of order_ref (random UUIDs, lower case), so no scan however many orders there are.
 * Plan at 100k: SEARCH orders USING INDEX sqlite_autoindex_orders_2 (order_ref>? AND order_ref<?)
 */
export function ordersByRefPrefix(db: D1Database, hex8: string): Promise<OrderRow[]> {
  const from = `${hex8.toLowerCase()}-`;
  // "." follows "-" in ASCII: every reference starting with the prefix and its dash sorts in between.
  const to = `${hex8.toLowerCase()}.`;
  return database(db)
    .select()
    .from(orders)
    .where(and(gte(orders.order_ref, from), lt(orders.order_ref, to)))
    .limit(5);
}
