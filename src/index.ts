import { createApp } from "./app.ts";
import { logger } from "./http/log.ts";
import { deliverMail, settleDeadLetters } from "./mail/deliver.ts";
import type { MailJob } from "./mail/queue-mail.ts";
import { MAIL_DEAD_LETTER_QUEUE_NAME } from "./mail/queues.ts";
import { sweepOutbox } from "./mail/sweep.ts";

const app = createApp();

/** The Worker: pages and endpoints, the mail queue's consumers, and the outbox sweep (Cron Trigger). */
export default {
  fetch: app.fetch,
  async queue(batch, env) {
    if (batch.queue === MAIL_DEAD_LETTER_QUEUE_NAME) await settleDeadLetters(batch, env);
    else await deliverMail(batch, env);
  },
  async scheduled(controller, env) {
    await sweepOutbox(env, logger({ requestId: `cron:${controller.cron}`, path: "scheduled" }));
  },
} satisfies ExportedHandler<Env, MailJob>;
