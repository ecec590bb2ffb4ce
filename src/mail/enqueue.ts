import { stringBinding } from "../http/bindings.ts";
import type { WorkContext } from "../http/work-context.ts";
import { headerSafe } from "../providers/email.ts";
import { company } from "../site/company-copy.ts";
import { type MailData, type MailKind, mailKinds } from "./mail-kinds.ts";
import { insertOutbox, markEnqueued } from "./outbox.ts";

/** What a queue message carries: the outbox row to send (the row holds everything else). */
export type MailJob = { outboxId: number };

export type MailRequest<K extends MailKind> = {
  kind: K;
  /** One e-mail per key: the same key again sends nothing (see the outbox's dedupe_key). */
  dedupeKey: string;
  /** The recipient of a customer e-mail; owner e-mails go to OWNER_EMAIL. */
  to?: string;
  data: MailData<K>;
  orderId?: string;
  messageId?: number;
};

export type QueuedMail = { outcome: "queued" | "not_configured" | "duplicate" | "error"; id: number | null };

/**
 * Records an e-mail in the outbox and hands it to the queue. Never throws and never waits for the
 * e-mail itself: a request that triggers an e-mail answers at once, and a queue that cannot be
 * reached leaves the row queued for the sweep (mail/outbox-sweep.ts) to hand over later.
 */
export async function enqueueMail<K extends MailKind>(
  { env, log }: WorkContext,
  request: MailRequest<K>,
): Promise<QueuedMail> {
  const template = mailKinds[request.kind];
  const recipient = template.audience === "owner" ? stringBinding(env, "OWNER_EMAIL") : request.to;
  const configured = Boolean(stringBinding(env, "MAIL_FROM") && recipient);
  const fields = { mailKind: request.kind, dedupeKey: request.dedupeKey };
  try {
    // biome-ignore lint/suspicious/noExplicitAny: each kind's data matches its own template (MailData<K>)
    const { subject } = template.render(request.data as any, { company });
    const id = await insertOutbox(env.DB, {
      kind: request.kind,
      dedupeKey: request.dedupeKey,
      recipient: recipient ?? "",
      subject: headerSafe(subject),
      orderId: request.orderId,
      messageId: request.messageId,
      payload: request.data,
      status: configured ? "queued" : "not_configured",
    });
    if (id === null) return { outcome: "duplicate", id: null };
    if (!configured) {
      log.warn("E-mail not sent: MAIL_FROM or the recipient is not configured", { ...fields, outboxId: id });
      return { outcome: "not_configured", id };
    }
    try {
      await handToQueue(env, [id]);
    } catch (error) {
      log.warn("E-mail recorded but not handed to the queue; the sweep will retry", {
        ...fields,
        outboxId: id,
        error,
      });
    }
    return { outcome: "queued", id };
  } catch (error) {
    log.error("E-mail could not be recorded in the outbox", { ...fields, error });
    return { outcome: "error", id: null };
  }
}

/**
 * Hands recorded outbox rows to the queue and marks them handed over: the one way a row reaches
 * the queue (a new e-mail, the owner's resend, the sweep). Throws when the queue cannot be
 * reached; the rows stay queued for the sweep.
 */
export async function handToQueue(env: Env, outboxIds: readonly number[]): Promise<void> {
  if (outboxIds.length === 0) return;
  await env.MAIL_QUEUE.sendBatch(outboxIds.map((outboxId) => ({ body: { outboxId } satisfies MailJob })));
  await markEnqueued(env.DB, [...outboxIds]);
}
