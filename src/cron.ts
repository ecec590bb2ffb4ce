import { sweepMpesaPlans } from "./billing/mpesa-plan-sweep.ts";
import { alertBreachDeadlines } from "./breaches/breach-alerts.ts";
import { alertWaitingSales } from "./etims/etims-alerts.ts";
import { reportWaitingSales } from "./etims/report-sales.ts";
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

/**
 * The Cron Triggers' work: the sweeps every 5 minutes (the breach register's 72-hour clock among
 * them), and once a day (its own trigger, wrangler.toml) the owner's digest, the retention sweep and
 * the alert for overdue data requests, and the funnel's past salts forgotten (docs/insight.md). Each sweep on its own: one that fails
 * must not keep the others from running.
 */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const context = runContext(env, `cron:${controller.cron}`, "scheduled");
  const now = new Date(controller.scheduledTime);
  const sweeps = await Promise.allSettled(
    controller.cron === DIGEST_CRON
      ? [
          sendDailyDigest(context, now),
          sweepRetention(context, now),
          alertOverdueDataRequests(context, now),
          forgetPastSalts(env.DB, nairobiDay(now)),
        ]
      : everyFiveMinutes(context, now),
  );
  for (const sweep of sweeps)
    if (sweep.status === "rejected") context.log.error("A sweep failed", { error: sweep.reason });
}

/**
 * Sales first: one KRA accepts is drawn as a tax invoice at once, and the receipts' sweep then skips
 * it. The receipts are swept whatever the sales did (a misconfigured eTIMS throws, and is logged).
 */
async function salesThenReceipts(context: WorkContext): Promise<void> {
  try {
    await reportWaitingSales(context);
  } finally {
    await sweepReceipts(context);
  }
}

/** The sweeps of the 5-minute Cron; the M-Pesa plans' is dated by the trigger's time. */
function everyFiveMinutes(context: WorkContext, now: Date): Promise<unknown>[] {
  return [
    sweepOutbox(context),
    forgetPastBudgets(context.env.DB),
    sweepMpesaRequests(context),
    sweepMpesaPlans(context, now),
    salesThenReceipts(context),
    alertStuckPayments(context),
    alertWaitingSales(context),
    alertBreachDeadlines(context, now),
  ];
}
