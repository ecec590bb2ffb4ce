/**
 * What changes an M-Pesa plan (migrations/0019). Each change is one statement whose WHERE carries its
 * guard (a status, a date, a claim), or a batch of such: of two crons, two clicks or two payments at
 * once, one changes it and the other finds nothing to change.
 */
import { and, eq, inArray, isNull, lte, ne, notExists, or, type SQL, sql } from "drizzle-orm";
import { database, runBatch, type Statement } from "../db/client.ts";
import { NOW } from "../db/column-values.ts";
import { type MpesaPlanMonthRow, mpesaPlanMonths, mpesaPlans } from "../db/mpesa-plan-tables.ts";
import { mpesaRequests, orders, subscriptions } from "../db/schema.ts";
import { monthPaidCents } from "./mpesa-plan-queries.ts";

/** Daraja's code for a prompt the buyer cancelled on the phone: the month stays due, and it is no failure. */
const CANCELLED_ON_PHONE = 1032;

/** How long a claim to send a month's prompt holds: longer than an STK push takes to be answered. */
const CLAIM_SECONDS = 60;

const OPEN: MpesaPlanMonthRow["status"][] = ["due", "past_due"];

type MonthKey = { subscriptionId: string; periodStart: string };

const isMonth = ({ subscriptionId, periodStart }: MonthKey) =>
  and(eq(mpesaPlanMonths.subscription_id, subscriptionId), eq(mpesaPlanMonths.period_start, periodStart));

/** A new month as it opens (the first one, paid by the checkout, opens paid). */
export type NewMonth = MonthKey & {
  periodEnd: string;
  usdCents: number;
  kesAmount: number;
  kesRateX100: number;
  payKey: string;
};

export type PlanStart = {
  subscriptionId: string;
  orderId: string;
  reference: string;
  phone: string;
  anchorDay: number;
  planId: string;
  /** The month as the checkout paid it: its period, dollars and shillings. */
  first: NewMonth;
  /** The paid time's end as a timestamp (the Nairobi start of first.periodEnd). */
  periodEndIso: string;
  at: string;
};

/**
 * The subscription, its plan and its first (paid) month, for the checkout payment's own batch. Each
 * is written only when the order is paid by the statements before it, and once per order: a replayed
 * callback writes nothing.
 */
export function startPlanStatements(start: PlanStart): Statement[] {
  const { first } = start;
  return [
    sql`INSERT INTO ${subscriptions} (subscription_id, order_id, status, current_period_end, plan_id, plan_interval,
        plan_amount_cents, created_at, updated_at)
      SELECT ${start.subscriptionId}, ${start.orderId}, 'active', ${start.periodEndIso}, ${start.planId}, 'month',
        ${first.usdCents}, ${start.at}, ${start.at}
      WHERE EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.order_id} = ${start.orderId} AND ${orders.status} = 'paid')
        AND NOT EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.order_id} = ${start.orderId})`,
    sql`INSERT INTO ${mpesaPlans} (subscription_id, reference, phone, anchor_day, next_due_on, created_at, updated_at)
      SELECT ${start.subscriptionId}, ${start.reference}, ${start.phone}, ${start.anchorDay}, ${first.periodEnd},
        ${start.at}, ${start.at}
      WHERE EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.subscription_id} = ${start.subscriptionId})`,
    sql`INSERT INTO ${mpesaPlanMonths} (subscription_id, period_start, period_end, usd_cents, kes_amount, kes_rate_x100,
        status, pay_key, paid_at, created_at, updated_at)
      SELECT ${start.subscriptionId}, ${first.periodStart}, ${first.periodEnd}, ${first.usdCents}, ${first.kesAmount},
        ${first.kesRateX100}, 'paid', ${first.payKey}, ${start.at}, ${start.at}, ${start.at}
      WHERE EXISTS (SELECT 1 FROM ${mpesaPlans} WHERE ${mpesaPlans.subscription_id} = ${start.subscriptionId})`,
  ];
}

/** Opens a month to ask for; false when it is open already (another cron run, a payment). */
export async function insertMonth(db: D1Database, month: NewMonth): Promise<boolean> {
  const made = await database(db)
    .insert(mpesaPlanMonths)
    .values({
      subscription_id: month.subscriptionId,
      period_start: month.periodStart,
      period_end: month.periodEnd,
      usd_cents: month.usdCents,
      kes_amount: month.kesAmount,
      kes_rate_x100: month.kesRateX100,
      pay_key: month.payKey,
    })
    .onConflictDoNothing()
    .returning({ period_start: mpesaPlanMonths.period_start });
  return made.length > 0;
}

/** No prompt for the plan (its reference is every one's AccountReference) waits for the phone. */
const noPendingPrompt = (db: D1Database, reference: string): SQL =>
  notExists(
    database(db)
      .select({ one: sql`1` })
      .from(mpesaRequests)
      .where(and(eq(mpesaRequests.account_reference, reference), eq(mpesaRequests.status, "pending"))),
  );

const claimFree = () =>
  or(
    isNull(mpesaPlanMonths.prompt_claimed_at),
    lte(mpesaPlanMonths.prompt_claimed_at, sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${CLAIM_SECONDS} seconds`})`),
  );

/**
 * Claims the right to send the month's next prompt: it is open, no prompt for the plan is pending and
 * no other claim is live. The cron's claim is also its try of the day (`tries` made so far, none
 * today), counted by the same statement. The month when claimed.
 */
export async function claimMonthPrompt(
  db: D1Database,
  month: MonthKey & { reference: string },
  cron: { today: string; tries: number } | null,
): Promise<MpesaPlanMonthRow | null> {
  const cronGuard = cron
    ? and(
        eq(mpesaPlanMonths.status, "due"),
        eq(mpesaPlanMonths.tries, cron.tries),
        or(isNull(mpesaPlanMonths.last_try_on), ne(mpesaPlanMonths.last_try_on, cron.today)),
      )
    : inArray(mpesaPlanMonths.status, OPEN);
  const claimed = await database(db)
    .update(mpesaPlanMonths)
    .set({
      prompt_claimed_at: NOW,
      ...(cron ? { tries: sql`${mpesaPlanMonths.tries} + 1`, last_try_on: cron.today } : {}),
      updated_at: NOW,
    })
    .where(and(isMonth(month), cronGuard, claimFree(), noPendingPrompt(db, month.reference)))
    .returning()
    .get();
  return claimed ?? null;
}

/** Ends a claim: the prompt was sent (it now keeps others away by being pending) or not. */
export async function releaseMonthPrompt(db: D1Database, month: MonthKey, sent: boolean): Promise<void> {
  await database(db)
    .update(mpesaPlanMonths)
    .set({ prompt_claimed_at: null, prompts: sql`${mpesaPlanMonths.prompts} + ${sent ? 1 : 0}`, updated_at: NOW })
    .where(isMonth(month));
}

/** How a prompt of the plan ended unpaid, on its open month: a cancel on the phone is not counted as a failure. */
export async function recordPromptResult(db: D1Database, reference: string, code: number, desc: string) {
  const plan = database(db)
    .select({ id: mpesaPlans.subscription_id })
    .from(mpesaPlans)
    .where(eq(mpesaPlans.reference, reference));
  await database(db)
    .update(mpesaPlanMonths)
    .set({
      last_result_code: code,
      last_result: desc.slice(0, 200),
      failures: sql`${mpesaPlanMonths.failures} + ${code === CANCELLED_ON_PHONE ? 0 : 1}`,
      updated_at: NOW,
    })
    .where(and(inArray(mpesaPlanMonths.subscription_id, plan), inArray(mpesaPlanMonths.status, OPEN)));
}

/**
 * For a payment's batch, after its ledger line: the month is paid once its lines cover its shillings,
 * the plan is then paid up to the next due date, and a past-due subscription is active again. Each
 * statement is guarded by the one before it, so a replay moves nothing twice.
 */
export function monthCoveredStatements(
  db: D1Database,
  month: MpesaPlanMonthRow,
  next: { dueOn: string; startIso: string },
  at: string,
): Statement[] {
  const key = { subscriptionId: month.subscription_id, periodStart: month.period_start };
  const dz = database(db);
  const paid = dz
    .select({ one: sql`1` })
    .from(mpesaPlanMonths)
    .where(and(isMonth(key), eq(mpesaPlanMonths.status, "paid")));
  return [
    dz
      .update(mpesaPlanMonths)
      .set({ status: "paid", paid_at: at, prompt_claimed_at: null, updated_at: at })
      .where(
        and(
          isMonth(key),
          inArray(mpesaPlanMonths.status, OPEN),
          sql`${monthPaidCents(key.subscriptionId, key.periodStart)} >= ${mpesaPlanMonths.kes_amount} * 100`,
        ),
      ),
    dz
      .update(mpesaPlans)
      .set({ next_due_on: next.dueOn, updated_at: at })
      .where(
        and(
          eq(mpesaPlans.subscription_id, key.subscriptionId),
          eq(mpesaPlans.next_due_on, key.periodStart),
          sql`EXISTS ${paid}`,
        ),
      ),
    dz
      .update(subscriptions)
      .set({
        status: sql`CASE WHEN ${subscriptions.status} = 'past_due' THEN 'active' ELSE ${subscriptions.status} END`,
        current_period_end: next.startIso,
        updated_at: at,
      })
      .where(
        and(
          eq(subscriptions.subscription_id, key.subscriptionId),
          ne(subscriptions.status, "canceled"),
          sql`EXISTS ${paid}`,
        ),
      ),
  ];
}

/** Marks an unpaid month past due (and its subscription), unless a prompt for it still waits. True when this call did. */
export async function markPastDue(db: D1Database, month: MonthKey & { reference: string }, at: string) {
  const dz = database(db);
  const [moved] = await runBatch(db, [
    dz
      .update(mpesaPlanMonths)
      .set({ status: "past_due", updated_at: at })
      .where(and(isMonth(month), eq(mpesaPlanMonths.status, "due"), noPendingPrompt(db, month.reference)))
      .returning({ period_start: mpesaPlanMonths.period_start }),
    dz
      .update(subscriptions)
      .set({ status: "past_due", updated_at: at })
      .where(
        and(
          eq(subscriptions.subscription_id, month.subscriptionId),
          eq(subscriptions.status, "active"),
          sql`EXISTS (SELECT 1 FROM ${mpesaPlanMonths} WHERE ${isMonth(month)} AND ${mpesaPlanMonths.status} = 'past_due')`,
        ),
      ),
  ]);
  return (moved?.length ?? 0) > 0;
}
