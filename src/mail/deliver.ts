import { runContext, type WorkContext } from "../http/work-context.ts";
import { createMailer, type Mailer } from "../providers/email.ts";
import { company } from "../site/company-copy.ts";
import type { MailJob } from "./enqueue.ts";
import { isMailKind, mailKinds } from "./mail-kinds.ts";
import {
  AFTER_LEASE_SECONDS,
  CLAIM_LEASE_SECONDS,
  MARK_RETRY_DELAY_SECONDS,
  retryDelaySeconds,
} from "./mail-queues.ts";
import {
  claimOutbox,
  claimState,
  getOutbox,
  markAttemptFailed,
  markClaimedFailed,
  markFailed,
  markSent,
  type OutboxRow,
} from "./outbox.ts";
import { alertMailFailed } from "./owner-alerts.ts";

/**
 * A mail queue message: the outbox row to send or, with `sentClaim`, a row that the delivery
 * holding that claim has sent but could not mark sent (see markSentLater). Such a message never sends.
 */
export type DeliveryJob = MailJob & { sentClaim?: string };

type Delivery = WorkContext & { message: Message<DeliveryJob>; mailer: Mailer | null };

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 500);
}

/**
 * The mail queue's consumer: each message names an outbox row, which is claimed, rendered and sent.
 * Only a queued row that no other delivery holds is claimed (one D1 statement), so a second delivery
 * of it (the queue's redelivery, the sweep's, the owner's Resend) sends nothing while the claim holds
 * or once it is sent. What is and is not guaranteed is in docs/email.md (Guarantees).
 */
export async function deliverMail(
  batch: MessageBatch<DeliveryJob>,
  env: Env,
  mailer = createMailer(env),
): Promise<void> {
  // No request to take an origin from: it is the cron's (a quote's PDF keeps its own, quote-mail.ts).
  const context = runContext(env, `queue:${batch.queue}`, "queue");
  for (const message of batch.messages) {
    try {
      await deliverOne({ ...context, message, mailer });
    } catch (error) {
      // D1 failed where nothing had gone out (the claim, its state, recording a failed send): try
      // again later; a claim this delivery still holds keeps the retry from sending until it runs out.
      context.log.warn("E-mail delivery failed before sending; the queue will retry it", { error });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

async function deliverOne(d: Delivery): Promise<void> {
  const id = Number(d.message.body?.outboxId);
  if (!Number.isSafeInteger(id)) return d.message.ack();
  const sentClaim = d.message.body?.sentClaim;
  if (typeof sentClaim === "string") return confirmSent(d, id, sentClaim);

  const token = crypto.randomUUID();
  const row = await claimOutbox(d.env.DB, id, token, CLAIM_LEASE_SECONDS);
  if (!row) return leaveUnclaimed(d, id);
  if (row.body_cleared_at !== null) return refuseCleared(d, row, token);
  try {
    await sendRow(d, row, d.mailer);
  } catch (error) {
    await markAttemptFailed(d.env.DB, id, token, errorText(error));
    d.log.warn("E-mail send failed; the queue will retry it", {
      outboxId: id,
      mailKind: row.kind,
      attempt: d.message.attempts,
      error,
    });
    d.message.retry({ delaySeconds: retryDelaySeconds(d.message.attempts) });
    return;
  }
  await settleSent(d, row, token);
}

/** What a cleared e-mail is marked failed with: the owner reads it in the outbox. */
const BODY_CLEARED_ERROR = "Not sent: this e-mail's content was cleared (data retention or erasure)";

/**
 * Its body was cleared (the payload is JSON null): nothing can be rendered, so it fails for good
 * rather than retry; the queue message is done.
 */
async function refuseCleared(d: Delivery, row: OutboxRow, token: string): Promise<void> {
  await markClaimedFailed(d.env.DB, row.id, token, BODY_CLEARED_ERROR);
  d.log.warn("E-mail not sent: its content was cleared", { outboxId: row.id, mailKind: row.kind });
  d.message.ack();
}

/**
 * Not claimed: no such row, or nothing left to do (sent, failed, not configured), or another
 * delivery holds it right now. That one may die mid-send, so this message looks again once its claim
 * has run out; by then the row is usually sent and the message is simply acknowledged.
 */
async function leaveUnclaimed(d: Delivery, id: number): Promise<void> {
  const state = await claimState(d.env.DB, id);
  if (state?.status !== "queued") return d.message.ack();
  d.log.info("E-mail is being sent by another delivery; looking again when its claim runs out", {
    outboxId: id,
    leaseLeftSeconds: state.leaseLeftSeconds,
  });
  d.message.retry({ delaySeconds: state.leaseLeftSeconds + AFTER_LEASE_SECONDS });
}

async function settleSent(d: Delivery, row: OutboxRow, token: string): Promise<void> {
  const fields = { outboxId: row.id, mailKind: row.kind, orderId: row.order_id ?? undefined };
  let marked: boolean;
  try {
    marked = await markSent(d.env.DB, row.id, token);
  } catch (error) {
    await markSentLater(d, row.id, token, error);
    return;
  }
  // Not marked: this send outlived its claim and another delivery claimed the row since.
  if (marked) d.log.info("E-mail sent", fields);
  else d.log.error("E-mail sent after its claim had run out; it may have gone twice", fields);
  d.message.ack();
}

/**
 * Sent, but D1 did not take the mark. The claim still keeps every other delivery from sending until
 * it runs out, and a "sent, mark it" message records the send well before that. If the queue refuses
 * that message too, nothing anywhere knows the e-mail went: this message is retried, and once the
 * claim has run out the e-mail is sent again (the one at-least-once case, docs/email.md).
 */
async function markSentLater(d: Delivery, id: number, token: string, markError: unknown): Promise<void> {
  try {
    await d.env.MAIL_QUEUE.send({ outboxId: id, sentClaim: token } satisfies DeliveryJob);
    d.log.warn("E-mail sent but not marked sent; a follow-up message will mark it", { outboxId: id, error: markError });
    d.message.ack();
  } catch (error) {
    d.log.error("E-mail sent but neither marked sent nor followed up; it goes again after its claim runs out", {
      outboxId: id,
      error,
    });
    d.message.retry({ delaySeconds: retryDelaySeconds(d.message.attempts) });
  }
}

/** A "sent, mark it" message: marks the row sent for the claim that sent it, and sends nothing. */
async function confirmSent(d: Delivery, id: number, token: string): Promise<void> {
  try {
    const marked = await markSent(d.env.DB, id, token);
    d.log.info(
      marked ? "E-mail marked sent by its follow-up" : "E-mail settled or claimed again before its follow-up",
      {
        outboxId: id,
      },
    );
    d.message.ack();
  } catch (error) {
    d.log.warn("E-mail still not marked sent; its follow-up will retry", { outboxId: id, error });
    d.message.retry({ delaySeconds: MARK_RETRY_DELAY_SECONDS });
  }
}

async function sendRow(context: WorkContext, row: OutboxRow, mailer: Mailer | null): Promise<void> {
  if (!mailer) throw new Error("E-mail is not configured (MAIL_FROM or the EMAIL binding is missing)");
  if (!isMailKind(row.kind)) throw new Error(`Unknown e-mail kind ${row.kind}`);
  const template = mailKinds[row.kind];
  // biome-ignore lint/suspicious/noExplicitAny: the payload was written from this kind's own data type
  const data = JSON.parse(row.payload) as any;
  const rendered = template.render(data, { company });
  const attachments = template.attachments ? await template.attachments(data, context) : undefined;
  await mailer.send({ to: row.recipient, ...rendered, replyTo: template.replyTo?.(data), attachments });
}

/**
 * The dead-letter queue's consumer: what the mail queue gave up on is marked failed in the outbox,
 * unless a delivery holds a claim on it right now (that one settles it). A "sent, mark it" message
 * that ran out of retries marks the row sent instead: the e-mail went. A row marked failed here
 * alerts the owner (at most once an hour; never for a failed alert itself: mail/owner-alerts.ts).
 */
export async function settleDeadLetters(batch: MessageBatch<DeliveryJob>, env: Env): Promise<void> {
  // No request to take an origin from: the alert's link is built as the cron's are.
  const context = runContext(env, `queue:${batch.queue}`, "queue");
  for (const message of batch.messages) {
    const id = Number(message.body?.outboxId);
    const sentClaim = message.body?.sentClaim;
    if (Number.isSafeInteger(id) && typeof sentClaim === "string") {
      await markSent(env.DB, id, sentClaim);
      context.log.warn("E-mail marked sent from the dead-letter queue", { outboxId: id });
    } else if (Number.isSafeInteger(id)) {
      if (await markFailed(env.DB, id, null)) {
        context.log.error("E-mail failed after every retry", { outboxId: id });
        await alertOwner(context, id);
      } else context.log.warn("Dead letter for an e-mail that is settled or being sent; left alone", { outboxId: id });
    }
    message.ack();
  }
}

/** Tells the owner about a dead-lettered e-mail; a failure here must not undo the row's settling. */
async function alertOwner(context: WorkContext, id: number): Promise<void> {
  try {
    const row = await getOutbox(context.env.DB, id);
    if (row) await alertMailFailed(context, row);
  } catch (error) {
    context.log.error("The owner could not be alerted about a failed e-mail", { outboxId: id, error });
  }
}
