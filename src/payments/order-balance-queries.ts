/**
 * What an order is due, what has been paid toward it and whether that settles it, said once in SQL:
 * the guarded UPDATE that marks an order paid and the pages that show its balance read the same
 * expressions, so the rule the books follow and the figure the owner sees cannot disagree.
 *
 * An order priced in shillings (an M-Pesa order: kes_amount at kes_rate_x100) is counted in KES
 * cents, a payment in US dollars converted at the order's own rate. Any other order is counted in
 * cents of its currency, a KES payment by the USD equivalent it was recorded with. A shortfall of at
 * most KES 1 or one cent is exchange-rate rounding, not a balance.
 *
 * The expressions stay one SQL text, which the settling UPDATE (raw: its sum and its guard are one
 * statement) and the reads below (drizzle's builder around them, through sql.raw) both use.
 */

import { and, asc, desc, eq, exists, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { database, type Statement } from "../db/client.ts";
import { orders, payments } from "../db/schema.ts";

/** `o` is the alias of the orders row in the surrounding statement. */
const accountCurrency = (o: string) => `(CASE WHEN ${o}.kes_amount IS NOT NULL THEN 'kes' ELSE ${o}.currency END)`;

const due = (o: string) =>
  `(CASE WHEN ${o}.kes_amount IS NOT NULL THEN ${o}.kes_amount * 100 ELSE ${o}.total_cents END)`;

const paidToward = (o: string) => `(SELECT COALESCE(SUM(CASE
      WHEN ${o}.kes_amount IS NOT NULL THEN
        CASE WHEN p.currency = 'kes' THEN p.amount_cents ELSE p.amount_cents * ${o}.kes_rate_x100 / 100 END
      WHEN p.currency = ${o}.currency THEN p.amount_cents
      ELSE COALESCE(p.usd_cents, 0) END), 0)
    FROM payments p WHERE p.order_id = ${o}.order_id AND p.status = 'paid')`;

const rounding = (o: string) => `(CASE WHEN ${o}.kes_amount IS NOT NULL THEN 100 ELSE 1 END)`;

/** SQL, true when what was paid toward order `o` covers what it is due (within rounding). */
const orderSettledSql = (o: string): string => `(${paidToward(o)} + ${rounding(o)} >= ${due(o)})`;

/**
 * Marks the order paid when what was paid toward it now covers what it is due, from the statuses
 * the state machine allows (order-status.ts), for settlePayment's batch after the ledger line.
 * Raw SQL: the sum and the guard are one statement, so two payments recorded together settle it
 * exactly when their total does.
 * Plan at 100k: SEARCH orders USING INDEX sqlite_autoindex_orders_1 (order_id=?),
 *   its payments by SEARCH p USING INDEX payments_by_session (order_id=?)
 */
export function settleWhenCoveredStatement(orderId: string, payableFrom: readonly string[], at: string): Statement {
  const from = sql.join(
    payableFrom.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`UPDATE orders SET status = 'paid', paid_at = ${at}, updated_at = ${at}
      WHERE order_id = ${orderId} AND status IN (${from}) AND ${sql.raw(orderSettledSql("orders"))}
      RETURNING order_id`;
}

/** An order's account: amounts in minor units of `currency` ('kes' for an order priced in shillings). */
export type OrderBalance = {
  currency: string;
  dueCents: number;
  paidCents: number;
  /** What is left to pay; 0 once settled (a rounding shortfall is no balance). */
  balanceCents: number;
  settled: boolean;
};

function balanceOf(row: { currency: string; due: number; paid: number; settled: number }): OrderBalance {
  const settled = row.settled === 1;
  return {
    currency: row.currency,
    dueCents: row.due,
    paidCents: row.paid,
    balanceCents: settled ? 0 : row.due - row.paid,
    settled,
  };
}

/** The orders row the reads below name `o`, as the expressions above are written for. */
const o = alias(orders, "o");

/** An order's account as columns of a read of `o`: the expressions above, unchanged, through sql.raw. */
const balanceColumns = {
  currency: sql<string>`${sql.raw(accountCurrency("o"))}`,
  due: sql<number>`${sql.raw(due("o"))}`,
  paid: sql<number>`${sql.raw(paidToward("o"))}`,
  settled: sql<number>`${sql.raw(orderSettledSql("o"))}`,
};

/** `o` is not paid, yet money was recorded against it: a quote's order being paid in parts. */
function partPaid(db: D1Database) {
  const paidLine = database(db)
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.order_id, o.order_id), eq(payments.status, "paid")));
  return and(ne(o.status, "paid"), exists(paidLine));
}

/** `column` is one of `values`, sent as one JSON array: one parameter however many there are. */
const inJsonList = (column: typeof o.order_id | typeof o.quote_number, values: readonly string[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;

/**
 * The order's account, or null when there is no such order.
 * Plan at 100k: SEARCH o USING INDEX sqlite_autoindex_orders_1 (order_id=?),
 *   each sum by SEARCH p USING INDEX payments_by_session (order_id=?)
 */
export async function orderBalance(db: D1Database, orderId: string): Promise<OrderBalance | null> {
  const row = await database(db).select(balanceColumns).from(o).where(eq(o.order_id, orderId)).get();
  return row ? balanceOf(row) : null;
}

/**
 * The order a written quote is being paid through in parts: not yet paid, with money recorded
 * against it. Null when none (the usual case: a quote is paid in one go, or not at all).
 * Plan at 100k: SEARCH o USING INDEX orders_by_quote (quote_number=?),
 *   its payments by SEARCH p USING INDEX payments_by_session (order_id=?)
 */
export async function quotePartPayment(
  db: D1Database,
  quoteNumber: string,
): Promise<{ orderId: string; balance: OrderBalance } | null> {
  const row = await database(db)
    .select({ order_id: o.order_id, ...balanceColumns })
    .from(o)
    .where(and(eq(o.quote_number, quoteNumber), partPaid(db)))
    .orderBy(desc(o.created_at))
    .limit(1)
    .get();
  return row ? { orderId: row.order_id, balance: balanceOf(row) } : null;
}

/** The accounts of these orders, by order id (one statement: the ids travel as one JSON array). */
export async function orderBalances(db: D1Database, orderIds: readonly string[]): Promise<Map<string, OrderBalance>> {
  const rows = await database(db)
    .select({ order_id: o.order_id, ...balanceColumns })
    .from(o)
    .where(inJsonList(o.order_id, orderIds));
  return new Map(rows.map((row) => [row.order_id, balanceOf(row)]));
}

/** Of these quotes, those being paid in parts: their order's account, by quote number. */
export async function quotePartPayments(
  db: D1Database,
  numbers: readonly string[],
): Promise<Map<string, OrderBalance>> {
  const rows = await database(db)
    .select({ quote_number: o.quote_number, ...balanceColumns })
    .from(o)
    .where(and(inJsonList(o.quote_number, numbers), partPaid(db)))
    .orderBy(asc(o.created_at));
  const accounts = new Map<string, OrderBalance>();
  // Every row names a quote (the IN above); of two orders of one quote, the later one is kept.
  for (const row of rows) if (row.quote_number) accounts.set(row.quote_number, balanceOf(row));
  return accounts;
}
