import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { type DeliveryJob, deliverMail, settleDeadLetters } from "../../src/mail/deliver.ts";
import { MAIL_DEAD_LETTER_QUEUE_NAME, MAIL_QUEUE_NAME } from "../../src/mail/mail-queues.ts";
import type { OutboxRow } from "../../src/mail/outbox.ts";
import { sweepOutbox } from "../../src/mail/outbox-sweep.ts";
import type { Mailer, OutgoingMail } from "../../src/providers/email.ts";
import { envWith } from "./support/env.ts";
import { workContext } from "./support/work-context.ts";

/** The claim a delivery takes holds this long (CLAIM_LEASE_SECONDS), and a loser looks again 5 s after it. */
const LEASE = 600;

type Claim = { token: string; secondsFromNow: number };

/** A queued e-mail written straight to D1 (never handed to the real queue), claimed if `claim` is given. */
async function queuedMail(claim?: Claim, enqueuedAgo = 0): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO outbox (kind, dedupe_key, recipient, subject, payload, status, enqueued_at, claim_token, claimed_until)
     VALUES ('contact-ack', ?, ?, 'We received your message', '{}', 'queued',
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?), ?,
       CASE WHEN ? IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) END)
     RETURNING id`,
  )
    .bind(
      `once:${crypto.randomUUID()}`,
      `once-${crypto.randomUUID()}@example.com`,
      `-${enqueuedAgo} seconds`,
      claim?.token ?? null,
      claim?.token ?? null,
      `${claim?.secondsFromNow ?? 0} seconds`,
    )
    .first<{ id: number }>();
  if (!row) throw new Error("outbox row not seeded");
  return row.id;
}

async function outboxRow(id: number): Promise<OutboxRow> {
  const found = await env.DB.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<OutboxRow>();
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

/** Moves the row's claim (whoever holds it) into the past: as if its lease had run out. */
async function expireClaim(id: number): Promise<void> {
  await env.DB.prepare(
    "UPDATE outbox SET claimed_until = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 second') WHERE id = ?",
  )
    .bind(id)
    .run();
}

/** A mailer that counts what it sends, and yields before returning so two deliveries interleave. */
function countingMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(mail);
    },
  };
}

/** A queue that records what it is given, or refuses everything. */
function standInQueue(refuse = false): Queue & { sent: DeliveryJob[] } {
  const sent: DeliveryJob[] = [];
  const take = async (body: DeliveryJob) => {
    if (refuse) throw new Error("Queue send failed: unavailable");
    sent.push(body);
  };
  return { sent, send: take, sendBatch: async () => {} } as unknown as Queue & { sent: DeliveryJob[] };
}

/** D1 as the tests' own, except that statements matching `pattern` fail as a lost connection would. */
function dbFailing(pattern: RegExp): D1Database {
  const fail = async () => {
    throw new Error("D1_ERROR: Network connection lost.");
  };
  const statement = { bind: () => statement, run: fail, first: fail, all: fail, raw: fail };
  return new Proxy(env.DB, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => (pattern.test(sql) ? statement : target.prepare(sql));
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The statement that marks a row sent (the one that writes sent_at), in any version of it: raw SQL or drizzle's. */
const MARK_SENT = /\bSET\b.*\bsent_at"? = /is;

let messages = 0;
function batchOf(jobs: DeliveryJob[], attempts = 1, queue = MAIL_QUEUE_NAME) {
  return createMessageBatch<DeliveryJob>(
    queue,
    jobs.map((body) => ({ id: `once-${++messages}`, timestamp: new Date(), attempts, body })),
  );
}

async function outcome(batch: MessageBatch<DeliveryJob>) {
  return getQueueResult(batch, createExecutionContext());
}

describe("each e-mail is sent at most once per claim", () => {
  it("two consumers delivering the same row at once send it once; the other looks again after the claim", async () => {
    const id = await queuedMail();
    const mailer = countingMailer();
    const first = batchOf([{ outboxId: id }]);
    const second = batchOf([{ outboxId: id }]);
    const retries = [first, second].map((b) => vi.spyOn(b.messages[0] as Message<DeliveryJob>, "retry"));
    await Promise.all([deliverMail(first, env, mailer), deliverMail(second, env, mailer)]);

    expect(mailer.sent).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 1, claimed_until: null });
    const results = [await outcome(first), await outcome(second)];
    expect(results.map((r) => r.explicitAcks.length).sort()).toEqual([0, 1]);
    // The one that lost waits out the winner's claim (in case the winner dies mid-send)…
    const delay = retries.flatMap((spy) => spy.mock.calls.map(([options]) => options?.delaySeconds ?? 0));
    expect(delay).toHaveLength(1);
    expect(delay[0]).toBeGreaterThan(LEASE - 60);
    expect(delay[0]).toBeLessThanOrEqual(LEASE + 10);

    // …and when it comes back the e-mail is sent: acknowledged, nothing sent.
    const later = batchOf([{ outboxId: id }], 2);
    await deliverMail(later, env, mailer);
    expect((await outcome(later)).explicitAcks).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it("a delivery that finds the row claimed sends nothing while the claim holds", async () => {
    const id = await queuedMail({ token: "someone-else", secondsFromNow: 300 });
    const mailer = countingMailer();
    const batch = batchOf([{ outboxId: id }]);
    const retry = vi.spyOn(batch.messages[0] as Message<DeliveryJob>, "retry");
    await deliverMail(batch, env, mailer);
    expect(mailer.sent).toEqual([]);
    expect(retry).toHaveBeenCalledTimes(1);
    const delay = retry.mock.calls[0]?.[0]?.delaySeconds ?? 0;
    expect(delay).toBeGreaterThan(240);
    expect(delay).toBeLessThanOrEqual(310);
    expect(await outboxRow(id)).toMatchObject({ status: "queued", attempts: 0, claim_token: "someone-else" });
  });

  it("a claim that ran out (its delivery died mid-send) is taken again and the e-mail sent", async () => {
    const id = await queuedMail({ token: "crashed", secondsFromNow: -1 });
    const mailer = countingMailer();
    const batch = batchOf([{ outboxId: id }], 2);
    await deliverMail(batch, env, mailer);
    expect(mailer.sent).toHaveLength(1);
    expect((await outcome(batch)).explicitAcks).toHaveLength(1);
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row.claim_token).not.toBe("crashed");
  });
});

describe("an e-mail sent whose mark then fails", () => {
  it("is not sent again by a redelivery, and its follow-up marks it sent without sending", async () => {
    const id = await queuedMail();
    const mailer = countingMailer();
    const queue = standInQueue();
    const first = batchOf([{ outboxId: id }]);
    await deliverMail(first, envWith({ DB: dbFailing(MARK_SENT), MAIL_QUEUE: queue }), mailer);
    expect(mailer.sent).toHaveLength(1);
    expect((await outcome(first)).explicitAcks).toHaveLength(1);
    expect(queue.sent).toEqual([{ outboxId: id, sentClaim: expect.any(String) }]);
    expect((await outboxRow(id)).status).toBe("queued");

    // The queue delivers the original message again (at least once): the claim stops it.
    const again = batchOf([{ outboxId: id }], 2);
    await deliverMail(again, env, mailer);
    expect((await outcome(again)).retryMessages).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);

    // The follow-up marks it sent, sending nothing.
    const followUp = batchOf(queue.sent);
    await deliverMail(followUp, env, mailer);
    expect((await outcome(followUp)).explicitAcks).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 1, last_error: null });

    // Long after the claim has run out, one more redelivery still sends nothing.
    await expireClaim(id);
    const late = batchOf([{ outboxId: id }], 3);
    await deliverMail(late, env, mailer);
    expect((await outcome(late)).explicitAcks).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it("when the follow-up cannot be queued either: retried, sent nothing while the claim holds, sent again after it", async () => {
    const id = await queuedMail();
    const mailer = countingMailer();
    const first = batchOf([{ outboxId: id }]);
    await deliverMail(first, envWith({ DB: dbFailing(MARK_SENT), MAIL_QUEUE: standInQueue(true) }), mailer);
    expect(mailer.sent).toHaveLength(1);
    expect((await outcome(first)).retryMessages).toHaveLength(1);

    const retried = batchOf([{ outboxId: id }], 2);
    await deliverMail(retried, env, mailer);
    expect(mailer.sent).toHaveLength(1);

    // Nothing anywhere recorded the send: once the claim has run out it goes again (docs/email.md).
    await expireClaim(id);
    const afterLease = batchOf([{ outboxId: id }], 3);
    await deliverMail(afterLease, env, mailer);
    expect(mailer.sent).toHaveLength(2);
    expect((await outboxRow(id)).status).toBe("sent");
  });

  it("a follow-up that cannot mark either is retried, and one the queue gave up on marks it sent", async () => {
    const id = await queuedMail({ token: "sent-by-me", secondsFromNow: 200 });
    const mailer = countingMailer();
    const followUp = batchOf([{ outboxId: id, sentClaim: "sent-by-me" }]);
    await deliverMail(followUp, envWith({ DB: dbFailing(MARK_SENT) }), mailer);
    expect((await outcome(followUp)).retryMessages).toHaveLength(1);
    expect((await outboxRow(id)).status).toBe("queued");

    const dead = batchOf([{ outboxId: id, sentClaim: "sent-by-me" }], 6, MAIL_DEAD_LETTER_QUEUE_NAME);
    await settleDeadLetters(dead, env);
    expect((await outboxRow(id)).status).toBe("sent");
    expect(mailer.sent).toEqual([]);
  });

  it("a follow-up for a claim taken over since marks nothing", async () => {
    const id = await queuedMail({ token: "newer-claim", secondsFromNow: 200 });
    const followUp = batchOf([{ outboxId: id, sentClaim: "older-claim" }]);
    await deliverMail(followUp, env, countingMailer());
    expect((await outcome(followUp)).explicitAcks).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: "queued", claim_token: "newer-claim" });
  });
});

describe("the dead-letter queue and the sweep respect a claim", () => {
  it("a dead letter does not fail a row another delivery is sending, and fails it once that claim is gone", async () => {
    const id = await queuedMail({ token: "sending", secondsFromNow: 300 });
    const dead = batchOf([{ outboxId: id }], 6, MAIL_DEAD_LETTER_QUEUE_NAME);
    await settleDeadLetters(dead, env);
    expect((await outboxRow(id)).status).toBe("queued");

    await expireClaim(id);
    await settleDeadLetters(batchOf([{ outboxId: id }], 6, MAIL_DEAD_LETTER_QUEUE_NAME), env);
    expect((await outboxRow(id)).status).toBe("failed");
  });

  it("the sweep leaves a row being sent alone, and hands it over once its claim has run out", async () => {
    const id = await queuedMail({ token: "slow", secondsFromNow: 300 }, 2 * 60 * 60);
    const handedOver: number[] = [];
    const queue = {
      sendBatch: async (jobs: { body: DeliveryJob }[]) => void handedOver.push(...jobs.map((j) => j.body.outboxId)),
    };
    await sweepOutbox(workContext(envWith({ MAIL_QUEUE: queue })));
    expect(handedOver).not.toContain(id);

    await expireClaim(id);
    await sweepOutbox(workContext(envWith({ MAIL_QUEUE: queue })));
    expect(handedOver).toContain(id);
  });
});
