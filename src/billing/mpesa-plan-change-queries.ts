/**
 * What a buyer (or the cron, at the end of the paid time) changes about an M-Pesa plan: its end and
 * the number its prompts go to (migrations/0019). A buyer's change and its audit row are one batch;
 * the row is written only when the change applies.
 */
import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { database, runBatch } from "../db/client.ts";
import { NOW } from "../db/column-values.ts";
import { type MpesaPlanMonthRow, mpesaPlanMonths, mpesaPlans } from "../db/mpesa-plan-tables.ts";
import { adminAudit, subscriptions } from "../db/schema.ts";

const OPEN: MpesaPlanMonthRow["status"][] = ["due", "past_due"];

/** The owner's audit row for what a buyer did to their plan (on its order's trail). */
export type PlanAudit = { orderId: string; action: "plan.canceled" | "plan.phone_changed"; detail: string };

/** The audit row, written only when `when` holds (checked before the change it records, in the same batch). */
const auditWhen = (audit: PlanAudit, when: SQL) =>
  sql`INSERT INTO ${adminAudit} (actor, action, subject_kind, subject_id, detail)
    SELECT ${"buyer (e-mailed /billing link)"}, ${audit.action}, 'order', ${audit.orderId}, ${audit.detail} WHERE ${when}`;

const liveSubscription = (subscriptionId: string) =>
  and(eq(subscriptions.subscription_id, subscriptionId), ne(subscriptions.status, "canceled")) as SQL;

const existsSubscription = (db: D1Database, where: SQL) =>
  sql`EXISTS ${database(db).select({ one: sql`1` }).from(subscriptions).where(where)}`;

/**
 * Ends a plan now: cancelled, with any unpaid month void (no longer asked for), audited when a buyer
 * did it. True when this call ended it.
 */
export async function endPlan(db: D1Database, subscriptionId: string, at: string, audit: PlanAudit | null) {
  const dz = database(db);
  const live = liveSubscription(subscriptionId);
  const results = await runBatch(db, [
    ...(audit ? [auditWhen(audit, existsSubscription(db, live))] : []),
    dz
      .update(subscriptions)
      .set({
        status: "canceled",
        canceled_at: at,
        cancel_at: sql`COALESCE(${subscriptions.cancel_at}, ${at})`,
        updated_at: at,
      })
      .where(live)
      .returning({ id: subscriptions.subscription_id }),
    dz
      .update(mpesaPlanMonths)
      .set({ status: "void", updated_at: at })
      .where(and(eq(mpesaPlanMonths.subscription_id, subscriptionId), inArray(mpesaPlanMonths.status, OPEN))),
  ]);
  return (results[audit ? 1 : 0]?.length ?? 0) > 0;
}

/** Sets a live plan to end when its paid time does, audited. True when this call set it. */
export async function scheduleCancel(db: D1Database, subscriptionId: string, audit: PlanAudit): Promise<boolean> {
  const dz = database(db);
  const settable = and(liveSubscription(subscriptionId), eq(subscriptions.cancel_at_period_end, 0)) as SQL;
  const [, set] = await runBatch(db, [
    auditWhen(audit, existsSubscription(db, settable)),
    dz
      .update(subscriptions)
      .set({ cancel_at_period_end: 1, cancel_at: subscriptions.current_period_end, updated_at: NOW })
      .where(settable)
      .returning({ id: subscriptions.subscription_id }),
  ]);
  return (set?.length ?? 0) > 0;
}

/** The number the plan's prompts go to, audited in the same batch; nothing for an ended plan. */
export async function setPlanPhone(db: D1Database, subscriptionId: string, phone: string, audit: PlanAudit) {
  const dz = database(db);
  const live = liveSubscription(subscriptionId);
  const [, changed] = await runBatch(db, [
    auditWhen(audit, existsSubscription(db, live)),
    dz
      .update(mpesaPlans)
      .set({ phone, updated_at: NOW })
      .where(and(eq(mpesaPlans.subscription_id, subscriptionId), existsSubscription(db, live)))
      .returning({ id: mpesaPlans.subscription_id }),
  ]);
  return (changed?.length ?? 0) > 0;
}
