/**
 * M-Pesa plans read back (migrations/0019): a plan with its subscription and buyer, its months, and
 * what the cron has to do today. Written with drizzle's builder; the writes and claims are in
 * mpesa-plan-write-queries.ts.
 */
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lte,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { database } from "../db/client.ts";
import { type MpesaPlanMonthRow, type MpesaPlanRow, mpesaPlanMonths, mpesaPlans } from "../db/mpesa-plan-tables.ts";
import { orders, payments, type SubscriptionRow, subscriptions } from "../db/schema.ts";
import { NEXT_STEP_OFFSETS } from "./mpesa-plan-dates.ts";

/** A plan with what its subscription and order say: the status, the plan billed, the buyer. */
export type MpesaPlan = MpesaPlanRow & {
  order_id: string;
  status: SubscriptionRow["status"];
  cancel_at_period_end: number;
  plan_id: string | null;
  plan_amount_cents: number | null;
  customer_email: string;
  customer_name: string;
};

const OPEN: MpesaPlanMonthRow["status"][] = ["due", "past_due"];

const planFields = {
  ...getTableColumns(mpesaPlans),
  order_id: subscriptions.order_id,
  status: subscriptions.status,
  cancel_at_period_end: subscriptions.cancel_at_period_end,
  plan_id: subscriptions.plan_id,
  plan_amount_cents: subscriptions.plan_amount_cents,
  customer_email: orders.customer_email,
  customer_name: orders.customer_name,
};

function plansWith(db: D1Database) {
  return database(db)
    .select(planFields)
    .from(mpesaPlans)
    .innerJoin(subscriptions, eq(subscriptions.subscription_id, mpesaPlans.subscription_id))
    .innerJoin(orders, eq(orders.order_id, subscriptions.order_id));
}

export async function planBySubscription(db: D1Database, subscriptionId: string): Promise<MpesaPlan | null> {
  return (await plansWith(db).where(eq(mpesaPlans.subscription_id, subscriptionId)).get()) ?? null;
}

/**
 * The plan a reference (SUB-…) names, whatever its case.
 * Plan at 100k: SEARCH mpesa_plans USING INDEX mpesa_plans_by_reference (reference=?), then
 *   subscriptions and orders by their keys
 */
export async function planByReference(db: D1Database, reference: string): Promise<MpesaPlan | null> {
  return (await plansWith(db).where(sql`${mpesaPlans.reference} = ${reference} COLLATE NOCASE`).get()) ?? null;
}

/**
 * The newest plan of an address that has not ended, with the address as its order holds it.
 * Plan at 100k: SEARCH orders USING INDEX orders_by_email (customer_email=?): the
 *   comparison's NOCASE is the index's collation (migrations/0028 says why it stays so)
 */
export async function livePlanForEmail(
  db: D1Database,
  email: string,
): Promise<{ subscriptionId: string; email: string; createdAt: string } | null> {
  const row = await plansWith(db)
    .where(and(sql`${orders.customer_email} = ${email.trim()} COLLATE NOCASE`, ne(subscriptions.status, "canceled")))
    .orderBy(desc(mpesaPlans.created_at))
    .get();
  return row ? { subscriptionId: row.subscription_id, email: row.customer_email, createdAt: row.created_at } : null;
}

/** The month being asked for (due or past due): at most one per plan, since the next opens once it is paid. */
export async function openMonth(db: D1Database, subscriptionId: string): Promise<MpesaPlanMonthRow | null> {
  const found = await database(db)
    .select()
    .from(mpesaPlanMonths)
    .where(and(eq(mpesaPlanMonths.subscription_id, subscriptionId), inArray(mpesaPlanMonths.status, OPEN)))
    .get();
  return found ?? null;
}

/** The plan's newest month, whatever its status. */
export async function latestMonth(db: D1Database, subscriptionId: string): Promise<MpesaPlanMonthRow | null> {
  const found = await database(db)
    .select()
    .from(mpesaPlanMonths)
    .where(eq(mpesaPlanMonths.subscription_id, subscriptionId))
    .orderBy(desc(mpesaPlanMonths.period_start))
    .limit(1)
    .get();
  return found ?? null;
}

export async function monthByPayKey(db: D1Database, payKey: string): Promise<MpesaPlanMonthRow | null> {
  return (await database(db).select().from(mpesaPlanMonths).where(eq(mpesaPlanMonths.pay_key, payKey)).get()) ?? null;
}

export async function monthOf(db: D1Database, subscriptionId: string, periodStart: string) {
  const found = await database(db)
    .select()
    .from(mpesaPlanMonths)
    .where(and(eq(mpesaPlanMonths.subscription_id, subscriptionId), eq(mpesaPlanMonths.period_start, periodStart)))
    .get();
  return found ?? null;
}

/** The shillings the ledger holds for a month: its paid KES lines, in cents. */
export function monthPaidCents(subscriptionId: string, periodStart: string): SQL<number> {
  return sql<number>`(SELECT COALESCE(SUM(${payments.amount_cents}), 0) FROM ${payments}
    WHERE ${payments.subscription_id} = ${subscriptionId} AND ${payments.period_start} = ${periodStart}
      AND ${payments.status} = 'paid' AND lower(${payments.currency}) = 'kes')`;
}

export async function paidKesOfMonth(db: D1Database, subscriptionId: string, periodStart: string): Promise<number> {
  const row = await database(db)
    .select({ cents: monthPaidCents(subscriptionId, periodStart) })
    .from(mpesaPlans)
    .where(eq(mpesaPlans.subscription_id, subscriptionId))
    .get();
  return Math.floor(Number(row?.cents ?? 0) / 100);
}

/** Months of these plans, newest first: the back office's history. */
export function monthsOfPlans(db: D1Database, subscriptionIds: readonly string[]): Promise<MpesaPlanMonthRow[]> {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return database(db)
    .select()
    .from(mpesaPlanMonths)
    .where(inArray(mpesaPlanMonths.subscription_id, [...subscriptionIds]))
    .orderBy(asc(mpesaPlanMonths.subscription_id), desc(mpesaPlanMonths.period_start));
}

/** Live plans whose paid time ends by `today` and that owe their next month, with none open yet. */
export function plansToOpen(db: D1Database, today: string, limit: number): Promise<MpesaPlan[]> {
  const open = database(db)
    .select({ one: sql`1` })
    .from(mpesaPlanMonths)
    .where(and(eq(mpesaPlanMonths.subscription_id, mpesaPlans.subscription_id), inArray(mpesaPlanMonths.status, OPEN)));
  return plansWith(db)
    .where(
      and(
        eq(subscriptions.status, "active"),
        eq(subscriptions.cancel_at_period_end, 0),
        lte(mpesaPlans.next_due_on, today),
        notExists(open),
      ),
    )
    .orderBy(asc(mpesaPlans.next_due_on))
    .limit(limit);
}

/** Plans set to cancel whose paid time has run out by `today`. */
export function plansToEnd(db: D1Database, today: string, limit: number): Promise<MpesaPlan[]> {
  return plansWith(db)
    .where(
      and(
        ne(subscriptions.status, "canceled"),
        eq(subscriptions.cancel_at_period_end, 1),
        lte(mpesaPlans.next_due_on, today),
      ),
    )
    .limit(limit);
}

/**
 * Months still due (not past due) of active plans whose next step has come by `today` (a try not yet
 * made today, or past due: NEXT_STEP_OFFSETS days after the due date), oldest first, with their plans.
 */
export async function monthsWithAStepDue(
  db: D1Database,
  today: string,
  limit: number,
): Promise<(MpesaPlanMonthRow & { plan: MpesaPlan })[]> {
  const m = mpesaPlanMonths;
  const offsets = NEXT_STEP_OFFSETS.map((days, tries) => sql`WHEN ${tries} THEN ${days}`);
  const stepDay = sql`(CASE ${m.tries} ${sql.join(offsets, sql` `)} ELSE ${NEXT_STEP_OFFSETS.at(-1) ?? 0} END)`;
  const rows = await database(db)
    .select({ month: getTableColumns(mpesaPlanMonths), plan: planFields })
    .from(mpesaPlanMonths)
    .innerJoin(mpesaPlans, eq(mpesaPlans.subscription_id, mpesaPlanMonths.subscription_id))
    .innerJoin(subscriptions, eq(subscriptions.subscription_id, mpesaPlans.subscription_id))
    .innerJoin(orders, eq(orders.order_id, subscriptions.order_id))
    .where(
      and(
        eq(m.status, "due"),
        eq(subscriptions.status, "active"),
        sql`julianday(${today}) - julianday(${m.period_start}) >= ${stepDay}`,
        or(isNull(m.last_try_on), ne(m.last_try_on, today)),
      ),
    )
    .orderBy(asc(mpesaPlanMonths.period_start))
    .limit(limit);
  return rows.map(({ month, plan }) => ({ ...month, plan }));
}
