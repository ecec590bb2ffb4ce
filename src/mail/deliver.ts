import { company } from "../content/company.ts";
import { type Logger, logger } from "../http/log.ts";
import { createMailer, type Mailer } from "../services/email.ts";
import { isMailKind, mailKinds } from "./kinds.ts";
import { getOutbox, markAttemptFailed, markFailed, markSent } from "./outbox.ts";
import type { MailJob } from "./queue-mail.ts";
import { retryDelaySeconds } from "./queues.ts";

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 500);
}

/**
 * The mail queue's consumer: each message names an outbox row; the row is rendered and sent.
 * A sent (or no longer queued) row is acknowledged without sending again, so a redelivered message
 * never sends twice. A failed send is retried with growing delays; after the last retry the queue
 * moves the message to the dead-letter queue (settleDeadLetters marks the row failed).
 */
export async function deliverMail(batch: MessageBatch<MailJob>, env: Env, mailer = createMailer(env)): Promise<void> {
  const log = logger({ requestId: `queue:${batch.queue}`, path: "queue" });
  for (const message of batch.messages) {
    const id = Number(message.body?.outboxId);
    const row = Number.isInteger(id) ? await getOutbox(env.DB, id) : null;
    if (row?.status !== "queued") {
      message.ack();
      continue;
    }
    try {
      await sendRow(row, mailer, env);
      await markSent(env.DB, row.id, row.attempts + 1);
      log.info("E-mail sent", { outboxId: row.id, mailKind: row.kind, orderId: row.order_id ?? undefined });
      message.ack();
    } catch (error) {
      await markAttemptFailed(env.DB, row.id, row.attempts + 1, errorText(error));
      logFailure(log, row.id, row.kind, message.attempts, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

async function sendRow(
  row: { kind: string; recipient: string; payload: string },
  mailer: Mailer | null,
  env: Env,
): Promise<void> {
  if (!mailer) throw new Error("E-mail is not configured (MAIL_FROM or the EMAIL binding is missing)");
  if (!isMailKind(row.kind)) throw new Error(`Unknown e-mail kind ${row.kind}`);
  const template = mailKinds[row.kind];
  // biome-ignore lint/suspicious/noExplicitAny: the payload was written from this kind's own data type
  const data = JSON.parse(row.payload) as any;
  const rendered = template.render(data, { company });
  const attachments = template.attachments ? await template.attachments(data, env) : undefined;
  await mailer.send({ to: row.recipient, ...rendered, replyTo: template.replyTo?.(data), attachments });
}

function logFailure(log: Logger, id: number, kind: string, attempt: number, error: unknown): void {
  log.warn("E-mail send failed; the queue will retry it", { outboxId: id, mailKind: kind, attempt, error });
}

/** The dead-letter queue's consumer: what the mail queue gave up on is marked failed in the outbox. */
export async function settleDeadLetters(batch: MessageBatch<MailJob>, env: Env): Promise<void> {
  const log = logger({ requestId: `queue:${batch.queue}`, path: "queue" });
  for (const message of batch.messages) {
    const id = Number(message.body?.outboxId);
    if (Number.isInteger(id)) {
      await markFailed(env.DB, id, null);
      log.error("E-mail failed after every retry", { outboxId: id });
    }
    message.ack();
  }
}
