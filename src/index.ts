import { createApp } from "./app.ts";
import type { MailJob } from "./mail/enqueue.ts";
import { MAIL_DEAD_LETTER_QUEUE_NAME } from "./mail/mail-queues.ts";

const app = createApp();

/**
 * The Worker: pages and endpoints, the mail queue's consumers and the Cron Triggers' sweeps. The
 * queue's and the Cron's code load on their first call: a cold start for a page never evaluates
 * them (the start-up budget, scripts/bench/budgets.ts).
 */
export default {
  fetch: app.fetch,
  async queue(batch, env) {
    const { deliverMail, settleDeadLetters } = await import("./mail/deliver.ts");
    if (batch.queue === MAIL_DEAD_LETTER_QUEUE_NAME) await settleDeadLetters(batch, env);
    else await deliverMail(batch, env);
  },
  async scheduled(controller, env) {
    const { runScheduled } = await import("./cron.ts");
    await runScheduled(controller, env);
  },
} satisfies ExportedHandler<Env, MailJob>;
