import { createApp } from "./app.ts";
import { type Logger, logger } from "./http/log.ts";
import { cronOrigin } from "./http/site-origin.ts";
import { alertStuckPayments } from "./mail/alerts.ts";
import { deliverMail, settleDeadLetters } from "./mail/deliver.ts";
import { DIGEST_CRON, sendDailyDigest } from "./mail/digest.ts";
import type { MailJob } from "./mail/enqueue.ts";
import { MAIL_DEAD_LETTER_QUEUE_NAME } from "./mail/queues.ts";
import { sweepOutbox } from "./mail/sweep.ts";
import { sweepMpesaRequests } from "./payments/mpesa-settle.ts";
import { sweepRetention } from "./privacy/retention.ts";
import { sweepReceipts } from "./receipts/issue.ts";
import { forgetPastBudgets } from "./security/budget.ts";

const app = createApp();

/**
 * The Worker: pages and endpoints, the mail queue's consumers, the sweeps (every 5 minutes), and
 * once a day (its own Cron Trigger, wrangler.toml) the owner's digest and the retention sweep.
 */
export default {
  fetch: app.fetch,
  async queue(batch, env) {
    if (batch.queue === MAIL_DEAD_LETTER_QUEUE_NAME) await settleDeadLetters(batch, env);
    else await deliverMail(batch, env);
  },
  async scheduled(controller, env) {
    const log = logger({ requestId: `cron:${controller.cron}`, path: "scheduled" });
    // Each sweep on its own: one that fails must not keep the other from running.
    const context = { env, origin: cronOrigin(env), log };
    const now = new Date(controller.scheduledTime);
    const sweeps = await Promise.allSettled(
      controller.cron === DIGEST_CRON
        ? [sendDailyDigest(env, log, context.origin, now), sweepRetention(env, log, now)]
        : everyFiveMinutes(context),
    );
    for (const sweep of sweeps) if (sweep.status === "rejected") log.error("A sweep failed", { error: sweep.reason });
  },
} satisfies ExportedHandler<Env, MailJob>;

/** The sweeps of the 5-minute Cron. */
function everyFiveMinutes(context: { env: Env; origin: string; log: Logger }): Promise<unknown>[] {
  const { env, origin, log } = context;
  return [
    sweepOutbox(env, log),
    forgetPastBudgets(env.DB),
    sweepMpesaRequests(context),
    sweepReceipts(env, log, origin),
    alertStuckPayments(env, log, origin),
  ];
}
