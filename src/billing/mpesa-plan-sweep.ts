/**
 * The cron's billing of M-Pesa plans (docs/mpesa-plans.md), run by every 5-minute sweep with the
 * trigger's own time, and acting only in Nairobi's working hours: plans set to cancel end when their
 * paid time does; a plan whose paid time is over opens its next month at the day's price; a month due
 * is prompted on its due date, day 2 and day 5 (one try a day, each with an e-mail carrying the
 * links to pay), then is past due, and the buyer and the owner are told.
 */
import type { MpesaPlanMonthRow } from "../db/mpesa-plan-tables.ts";
import { type StepTally, tally } from "../http/cron-step.ts";
import type { WorkContext } from "../http/work-context.ts";
import { getOrder } from "../orders/orders.ts";
import { notifySubscriptionChange } from "./billing-notices.ts";
import { endPlan } from "./mpesa-plan-change-queries.ts";
import { inPromptHours, isPastDue, planDay, tryIsDue } from "./mpesa-plan-dates.ts";
import { type MpesaPlan, monthBalance, openNextMonth, promptMonth } from "./mpesa-plan-months.ts";
import { tellMonthDue, tellPastDue } from "./mpesa-plan-notices.ts";
import { monthsWithAStepDue, plansToEnd, plansToOpen } from "./mpesa-plan-queries.ts";
import { markPastDue } from "./mpesa-plan-write-queries.ts";

/**
 * What one run takes on at each step (its row budget); the rest wait for the next run, 5 minutes on.
 * Each step's WHERE no longer finds what it did (a plan ended or opened, a month's try made today).
 */
const PER_RUN = 25;

export async function sweepMpesaPlans(context: WorkContext, now: Date, counted?: StepTally): Promise<void> {
  if (!inPromptHours(now)) return;
  const today = planDay(now);
  await endPlansDue(context, today, now, counted);
  const toOpen = await plansToOpen(context.env.DB, today, PER_RUN);
  tally(counted, toOpen.length, PER_RUN);
  for (const plan of toOpen) {
    await step(context, plan, () => openNextMonth(context, plan));
  }
  const months = await monthsWithAStepDue(context.env.DB, today, PER_RUN);
  tally(counted, months.length, PER_RUN);
  for (const month of months) {
    await step(context, month.plan, () => stepMonth(context, month.plan, month, today, now));
  }
}

/** One plan's step, on its own: one that fails is logged and tried again by the next run. */
async function step(context: WorkContext, plan: MpesaPlan, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    context.log.error("An M-Pesa plan's billing step failed; the next run tries again", {
      subscriptionId: plan.subscription_id,
      error,
    });
  }
}

/** Plans set to cancel whose paid time is over: cancelled, and the owner told (once). */
async function endPlansDue(context: WorkContext, today: string, now: Date, counted?: StepTally): Promise<void> {
  const { env } = context;
  const plans = await plansToEnd(env.DB, today, PER_RUN);
  tally(counted, plans.length, PER_RUN);
  for (const plan of plans) {
    await step(context, plan, async () => {
      const at = now.toISOString();
      if (!(await endPlan(env.DB, plan.subscription_id, at, null))) return;
      const order = await getOrder(env.DB, plan.order_id);
      if (!order) return;
      await notifySubscriptionChange(context, order, "owner-subscription-canceled", {
        subscriptionId: plan.subscription_id,
        periodEnd: null,
        canceledAt: at,
      });
    });
  }
}

/** A due month's step today: past due after its last try's day, else its try (a prompt and an e-mail). */
async function stepMonth(
  context: WorkContext,
  plan: MpesaPlan,
  month: MpesaPlanMonthRow,
  today: string,
  now: Date,
): Promise<void> {
  const { env } = context;
  const key = { subscriptionId: plan.subscription_id, periodStart: month.period_start, reference: plan.reference };
  if (isPastDue(month.period_start, today)) {
    if (await markPastDue(env.DB, key, now.toISOString())) {
      await tellPastDue(context, plan, month, await monthBalance(env.DB, month));
    }
    return;
  }
  if (!tryIsDue(month.period_start, today, month.tries)) return;
  const prompted = await promptMonth(context, plan, month, { today, tries: month.tries });
  // Busy: another run made today's try, or a prompt for the plan waits for the phone (tried on a later run).
  if (prompted.kind === "busy" || prompted.kind === "nothing-due") return;
  const kes = prompted.kind === "sent" ? prompted.kes : await monthBalance(env.DB, month);
  await tellMonthDue(context, plan, month, { attempt: month.tries + 1, kes, prompted: prompted.kind === "sent" });
}
