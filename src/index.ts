import { createApp } from "./app.ts";
import type { MailJob } from "./mail/enqueue.ts";
import { MAIL_DEAD_LETTER_QUEUE_NAME } from "./mail/mail-queues.ts";

/** The eTIMS queue's name (wrangler.toml); its consumer loads on first use like the others. */
const ETIMS_QUEUE_NAME = "acacia-etims";

const app = createApp();

/**
 * The Worker: pages and endpoints, the mail queue's consumers and the Cron Triggers' sweeps. The
 * queue's and the Cron's code load on their first call: a cold start for a page never evaluates
 * them (the start-up budget, scripts/bench/budgets.ts).
 */
export default {
  fetch: app.fetch,
  async queue(batch, env) {
    if (batch.queue === ETIMS_QUEUE_NAME) {
      const { consumeSaleNudges } = await import("./etims/etims-queue.ts");
      return consumeSaleNudges(batch, env);
    }
    const { deliverMail, settleDeadLetters } = await import("./mail/deliver.ts");
    if (batch.queue === MAIL_DEAD_LETTER_QUEUE_NAME) await settleDeadLetters(batch as MessageBatch<MailJob>, env);
    else await deliverMail(batch as MessageBatch<MailJob>, env);
  },
  async scheduled(controller, env) {
    const { runScheduled } = await import("./cron.ts");
    await runScheduled(controller, env);
  },
} satisfies ExportedHandler<Env, MailJob | { reason: string }>;
