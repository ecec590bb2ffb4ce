import { sweepMpesaPlans } from "./billing/mpesa-plan-sweep.ts";
import { alertBreachDeadlines } from "./breaches/breach-alerts.ts";
import { alertWaitingSales } from "./etims/etims-alerts.ts";
import { reportWaitingSales } from "./etims/report-sales.ts";
import { type StepTally, timedStep } from "./http/cron-step.ts";
import { runContext, type WorkContext } from "./http/work-context.ts";
import { forgetPastSalts } from "./insight/salt-queries.ts";
import { nairobiDay } from "./lib/dates.ts";
import { sweepOutbox } from "./mail/outbox-sweep.ts";
import { alertStuckPayments } from "./mail/owner-alerts.ts";
import { DIGEST_CRON, sendDailyDigest } from "./mail/owner-digest.ts";
import { sweepMpesaRequests } from "./mpesa/mpesa-settle.ts";
import { alertOverdueDataRequests } from "./privacy/data-request-deadlines.ts";
import { sweepRetention } from "./privacy/retention.ts";
import { sweepReceipts } from "./receipts/issue-receipt.ts";
import { forgetPastBudgets } from "./security/budget.ts";

/** One named step of a Cron run: its work, told where to count its rows (src/http/cron-step.ts). */
type Step = [name: string, work: (counted: StepTally) => Promise<unknown>];

/**
 * The Cron Triggers' work: the sweeps every 5 minutes (the breach register's 72-hour clock among
 * them), and once a day (its own trigger, wrangler.toml) the owner's digest, the retention sweep and
 * the alert for overdue data requests, and the funnel's past salts forgotten (docs/insight.md). Each
 * sweep on its own: one that fails must not keep the others from running. Each step takes at most
 * its row budget (a constant beside it) and leaves the rest to the next run, and writes one log line
 * with its rows and milliseconds; retention writes one per rule (`retention.<rule>`).
 */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const context = runContext(env, `cron:${controller.cron}`, "scheduled");
  const now = new Date(controller.scheduledTime);
  const steps = controller.cron === DIGEST_CRON ? daily(context, now) : everyFiveMinutes(context, now);
  // A failed step has written its own error line (timedStep); settling them all lets the others finish.
  await Promise.allSettled(steps.map((run) => run()));
}

/** Runs the steps one after the other, each on its own: a step that fails does not stop the next. */
function inTurn(context: WorkContext, steps: Step[]): () => Promise<void> {
  return async () => {
    for (const [name, work] of steps) await timedStep(context.log, name, work).catch(() => undefined);
  };
}

/** The daily trigger's steps; retention's rules are steps of their own, logged by sweepRetention. */
function daily(context: WorkContext, now: Date): (() => Promise<unknown>)[] {
  const { log } = context;
  return [
    () => timedStep(log, "digest", (counted) => sendDailyDigest(context, now, counted)),
    () => sweepRetention(context, now),
    () => timedStep(log, "dataRequests.overdue", (counted) => alertOverdueDataRequests(context, now, counted)),
    () =>
      timedStep(log, "insight.salts", async (counted) => {
        // Today's salt and at most yesterday's are in the table: the delete needs no budget.
        counted.rows = await forgetPastSalts(context.env.DB, nairobiDay(now));
      }),
  ];
}

/**
 * The sweeps of the 5-minute Cron; the M-Pesa plans' and the breaches' are dated by the trigger's
 * time, the others by the clock (as they always were). Sales before
 * receipts: one KRA accepts is drawn as a tax invoice at once, and the receipts' sweep then skips
 * it; the receipts are swept whatever the sales did (a misconfigured eTIMS throws, and is logged).
 */
function everyFiveMinutes(context: WorkContext, now: Date): (() => Promise<unknown>)[] {
  const { log } = context;
  const step = (name: string, work: Step[1]) => () => timedStep(log, name, work);
  return [
    step("outbox.sweep", (counted) => sweepOutbox(context, counted)),
    step("budgets.forget", (counted) => forgetPastBudgets(context.env.DB, new Date(), counted)),
    step("mpesa.requests", (counted) => sweepMpesaRequests(context, counted)),
    step("mpesa.plans", (counted) => sweepMpesaPlans(context, now, counted)),
    inTurn(context, [
      ["etims.sales", (counted) => reportWaitingSales(context, new Date(), counted)],
      ["receipts.pdfs", (counted) => sweepReceipts(context, counted)],
    ]),
    step("alerts.stuckPayments", (counted) => alertStuckPayments(context, new Date(), counted)),
    step("alerts.etims", (counted) => alertWaitingSales(context, new Date(), counted)),
    step("alerts.breaches", (counted) => alertBreachDeadlines(context, now, counted)),
  ];
}
