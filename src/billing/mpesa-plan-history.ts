/** The months of M-Pesa plans as the back office lists them: each one billed, and how it was asked for and paid. */
import type { MpesaPlanMonthRow } from "../db/mpesa-plan-tables.ts";
import { monthsOfPlans } from "./mpesa-plan-queries.ts";

export type PlanMonthHistory = Pick<
  MpesaPlanMonthRow,
  | "period_start"
  | "period_end"
  | "status"
  | "kes_amount"
  | "tries"
  | "prompts"
  | "failures"
  | "last_result_code"
  | "last_result"
  | "paid_at"
>;

/** Each plan's months, newest first, by subscription id (plans with none are absent). */
export async function mpesaPlanHistories(
  db: D1Database,
  subscriptionIds: readonly string[],
): Promise<Map<string, PlanMonthHistory[]>> {
  const byPlan = new Map<string, PlanMonthHistory[]>();
  for (const month of await monthsOfPlans(db, subscriptionIds)) {
    const months = byPlan.get(month.subscription_id) ?? [];
    months.push(month);
    byPlan.set(month.subscription_id, months);
  }
  return byPlan;
}
