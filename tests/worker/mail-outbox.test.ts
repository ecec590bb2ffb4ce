import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { deliverMail, settleDeadLetters } from "../../src/mail/deliver.ts";
import { enqueueMail, type MailJob } from "../../src/mail/enqueue.ts";
import { MAIL_DEAD_LETTER_QUEUE_NAME, MAIL_QUEUE_NAME } from "../../src/mail/mail-queues.ts";
import type { OutboxRow } from "../../src/mail/outbox.ts";
import { sweepOutbox } from "../../src/mail/outbox-sweep.ts";
import type { Mailer, OutgoingMail } from "../../src/providers/email.ts";
import { TEST_OWNER_EMAIL } from "../support/secrets.ts";
import { envWith } from "./support/env.ts";
import { makeOrder } from "./support/factories.ts";
import { get } from "./support/html.ts";
import {
  deliverSigned,
  paidSession,
  payAtStandin,
  placeOrder,
  SITE,
  sessionEvent,
  sitePost,
} from "./support/orders.ts";
import { testClientIp } from "./support/payment.ts";
import { workContext } from "./support/work-context.ts";

async function outboxFor(column: "order_id" | "recipient", value: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare(`SELECT * FROM outbox WHERE ${column} = ? ORDER BY id`)
    .bind(value)
    .all<OutboxRow>();
  return results;
}

async function row(id: number): Promise<OutboxRow> {
  const found = await env.DB.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<OutboxRow>();
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

/** An e-mail recorded as the site records one, but never handed to the real queue (the test delivers it). */
async function recordedMail(overrides: Partial<{ createdAgo: number; enqueued: boolean }> = {}): Promise<number> {
  const unqueued = envWith({ MAIL_QUEUE: { sendBatch: async () => {} } });
  const result = await enqueueMail(workContext(unqueued), {
    kind: "contact-ack",
    dedupeKey: `test:${crypto.randomUUID()}`,
    to: `buyer-${crypto.randomUUID()}@example.com`,
    data: {},
  });
  if (result.id === null) throw new Error("not recorded");
  const ago = overrides.createdAgo ?? 0;
  await env.DB.prepare(
    `UPDATE outbox SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?),
       enqueued_at = CASE WHEN ? THEN enqueued_at ELSE NULL END WHERE id = ?`,
  )
    .bind(`-${ago} seconds`, overrides.enqueued ? 1 : 0, result.id)
    .run();
  return result.id;
}

function recordingMailer(fail?: Error): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      if (fail) throw fail;
      sent.push(mail);
    },
  };
}

function batchOf(queue: string, ids: number[], attempts = 1) {
  return createMessageBatch<MailJob>(
    queue,
    ids.map((outboxId, i) => ({ id: `msg-${i}-${outboxId}`, timestamp: new Date(), attempts, body: { outboxId } })),
  );
}

describe("the mail queue's consumer", () => {
  it("sends a queued e-mail once, marks it sent and acknowledges the message", async () => {
    const id = await recordedMail();
    const mailer = recordingMailer();
    const batch = batchOf(MAIL_QUEUE_NAME, [id]);
    const ctx = createExecutionContext();
    await deliverMail(batch, env, mailer);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([`msg-0-${id}`]);
    expect(result.retryMessages).toEqual([]);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.subject).toMatch(/received your message/i);
    const after = await row(id);
    expect(after.status).toBe("sent");
    expect(after.attempts).toBe(1);
    expect(after.sent_at).not.toBeNull();

    // Delivered again (queues deliver at least once): acknowledged, not sent twice.
    const again = batchOf(MAIL_QUEUE_NAME, [id], 2);
    await deliverMail(again, env, mailer);
    expect((await getQueueResult(again, createExecutionContext())).explicitAcks).toEqual([`msg-0-${id}`]);
    expect(mailer.sent).toHaveLength(1);
  });

  it("retries a failed send with a growing delay, keeping the error; the dead-letter queue marks it failed", async () => {
    const id = await recordedMail();
    const failing = recordingMailer(new Error("Email Service unavailable"));
    // getQueueResult reports which messages were retried but not their delay: the spy does.
    const first = batchOf(MAIL_QUEUE_NAME, [id], 1);
    const firstRetry = vi.spyOn(first.messages[0] as Message<MailJob>, "retry");
    await deliverMail(first, env, failing);
    expect((await getQueueResult(first, createExecutionContext())).retryMessages).toEqual([{ msgId: `msg-0-${id}` }]);
    expect(firstRetry).toHaveBeenCalledWith({ delaySeconds: 30 });
    expect(await row(id)).toMatchObject({
      status: "queued",
      attempts: 1,
      last_error: "Error: Email Service unavailable",
    });

    const third = batchOf(MAIL_QUEUE_NAME, [id], 3);
    const thirdRetry = vi.spyOn(third.messages[0] as Message<MailJob>, "retry");
    await deliverMail(third, env, failing);
    expect(thirdRetry).toHaveBeenCalledWith({ delaySeconds: 120 });

    const dead = batchOf(MAIL_DEAD_LETTER_QUEUE_NAME, [id]);
    await settleDeadLetters(dead, env);
    expect((await getQueueResult(dead, createExecutionContext())).explicitAcks).toEqual([`msg-0-${id}`]);
    expect(await row(id)).toMatchObject({
      status: "failed",
      attempts: 2,
      last_error: "Error: Email Service unavailable",
    });
  });

  it("retries when the EMAIL binding itself throws, and leaves orders and messages alone", async () => {
    const id = await recordedMail();
    const broken = envWith({
      EMAIL: { send: async () => Promise.reject(new Error("binding exploded")) },
    });
    const batch = batchOf(MAIL_QUEUE_NAME, [id]);
    await deliverMail(batch, broken);
    expect((await getQueueResult(batch, createExecutionContext())).retryMessages).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "queued", last_error: "Error: binding exploded" });
  });

  it("acknowledges a message for a row that does not exist", async () => {
    const batch = batchOf(MAIL_QUEUE_NAME, [987654321]);
    await deliverMail(batch, env, recordingMailer());
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toHaveLength(1);
  });

  it("sends through the real queue and the local Email Service on its own", async () => {
    const to = `real-${crypto.randomUUID()}@example.com`;
    const { id } = await enqueueMail(workContext(), { kind: "contact-ack", dedupeKey: `real:${to}`, to, data: {} });
    await vi.waitFor(async () => expect((await row(id ?? 0)).status).toBe("sent"), { timeout: 15_000, interval: 200 });
  }, 20_000);
});

describe("recording e-mails", () => {
  it("records e-mails as not configured without MAIL_FROM, and sends nothing", async () => {
    const unconfigured = envWith({ MAIL_FROM: "" });
    const to = `nocfg-${crypto.randomUUID()}@example.com`;
    const result = await enqueueMail(workContext(unconfigured), {
      kind: "contact-ack",
      dedupeKey: `nocfg:${to}`,
      to,
      data: {},
    });
    expect(result.outcome).toBe("not_configured");
    expect(await row(result.id ?? 0)).toMatchObject({ status: "not_configured", recipient: to });
  });

  it("keeps the row queued when the queue cannot be reached, and the sweep hands it over later", async () => {
    const down = envWith({
      MAIL_QUEUE: { sendBatch: async () => Promise.reject(new Error("queue unavailable")) },
    });
    const to = `down-${crypto.randomUUID()}@example.com`;
    const result = await enqueueMail(workContext(down), { kind: "contact-ack", dedupeKey: `down:${to}`, to, data: {} });
    expect(result.outcome).toBe("queued");
    const id = result.id ?? 0;
    expect(await row(id)).toMatchObject({ status: "queued", enqueued_at: null });

    // Recent rows are left to the queue; a row never handed over for minutes is swept.
    const handedOver: MailJob[] = [];
    const queue = {
      sendBatch: async (messages: { body: MailJob }[]) => void handedOver.push(...messages.map((m) => m.body)),
    };
    const sweepEnv = envWith({ MAIL_QUEUE: queue });
    await sweepOutbox(workContext(sweepEnv));
    expect(handedOver.map((job) => job.outboxId)).not.toContain(id);
    await env.DB.prepare(
      "UPDATE outbox SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-10 minutes') WHERE id = ?",
    )
      .bind(id)
      .run();
    await sweepOutbox(workContext(sweepEnv));
    expect(handedOver.map((job) => job.outboxId)).toContain(id);
    expect((await row(id)).enqueued_at).not.toBeNull();
  });

  it("sweeps a row handed over long ago and never settled, but not a sent one", async () => {
    const lost = await recordedMail({ createdAgo: 2 * 60 * 60, enqueued: true });
    await env.DB.prepare(
      "UPDATE outbox SET enqueued_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 hours') WHERE id = ?",
    )
      .bind(lost)
      .run();
    const done = await recordedMail({ createdAgo: 2 * 60 * 60 });
    await env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE id = ?").bind(done).run();
    const handedOver: number[] = [];
    const queue = {
      sendBatch: async (messages: { body: MailJob }[]) => void handedOver.push(...messages.map((m) => m.body.outboxId)),
    };
    await sweepOutbox(workContext(envWith({ MAIL_QUEUE: queue })));
    expect(handedOver).toContain(lost);
    expect(handedOver).not.toContain(done);
  });
});

describe("one e-mail per order, however often the payment is seen", () => {
  const paid = paidSession;

  it("a webhook delivered three times (and a second event for it) queues one confirmation and one owner notice", async () => {
    const id = await makeOrder();
    const payload = sessionEvent("checkout.session.completed", await paid(id));
    for (let i = 0; i < 3; i++) expect((await deliverSigned(payload)).status).toBe(200);
    expect((await deliverSigned(sessionEvent("checkout.session.completed", await paid(id)))).status).toBe(200);
    const mails = await outboxFor("order_id", id);
    expect(mails.map((m) => m.kind).sort()).toEqual(["order-confirmed", "owner-new-order"]);
    expect(mails.find((m) => m.kind === "order-confirmed")?.recipient).toBe("seeded@example.com");
    expect(mails.find((m) => m.kind === "owner-new-order")?.recipient).toBe(TEST_OWNER_EMAIL);
  });

  it("confirmed by the success page, then by the webhook: still one of each", async () => {
    const { sessionId, payUrl } = await placeOrder(["s2"]);
    await payAtStandin(payUrl);
    const page = await get(`/checkout/success?session_id=${sessionId}`);
    expect(page.h1).toBe("Payment Successful!");
    expect((await outboxFor("order_id", sessionId)).map((m) => m.kind).sort()).toEqual([
      "order-confirmed",
      "owner-new-order",
    ]);
    await deliverSigned(sessionEvent("checkout.session.completed", await paid(sessionId)));
    expect(await outboxFor("order_id", sessionId)).toHaveLength(2);
  });

  it("no e-mail for an order that is not paid", async () => {
    const id = await makeOrder();
    await deliverSigned(sessionEvent("checkout.session.expired", { id, status: "expired", payment_status: "unpaid" }));
    expect(await outboxFor("order_id", id)).toEqual([]);
  });
});

describe("contact messages", () => {
  async function post(fields: Record<string, string>) {
    const body = JSON.stringify({ company: "", phone: "", website: "", ...fields });
    return exports.default.fetch(`${SITE}/api/contact`, sitePost(body, "application/json", testClientIp()));
  }

  /** Waits for the real queue to send the row, then makes it queued and unclaimed again, for a test's own delivery. */
  async function requeueOnceSent(id: number) {
    await vi.waitFor(async () => expect((await row(id)).status).toBe("sent"), { timeout: 15_000, interval: 200 });
    await env.DB.prepare("UPDATE outbox SET status = 'queued', claim_token = NULL, claimed_until = NULL WHERE id = ?")
      .bind(id)
      .run();
  }

  it("tell the owner (Reply-To the sender) and acknowledge the sender, once an hour per address", async () => {
    const email = `ack-${crypto.randomUUID()}@example.co.ke`;
    const first = await post({
      name: "Amina\r\nBcc: x@y",
      email,
      message: "Please call me about https://spam.example",
    });
    expect(first.status).toBe(201);
    const [owner] = (await outboxFor("recipient", TEST_OWNER_EMAIL)).filter((m) => m.payload.includes(email));
    expect(owner?.kind).toBe("owner-contact");
    expect(owner?.subject).not.toMatch(/[\r\n]/);
    const acks = await outboxFor("recipient", email);
    expect(acks.map((m) => m.kind)).toEqual(["contact-ack"]);
    expect(acks[0]?.payload).toBe("{}");

    // The message is stored and the owner told again; the sender is not mailed a second time.
    expect((await post({ name: "Amina", email, message: "Second message" })).status).toBe(201);
    expect(await outboxFor("recipient", email)).toHaveLength(1);
    const ownerMails = (await outboxFor("recipient", TEST_OWNER_EMAIL)).filter((m) => m.payload.includes(email));
    expect(ownerMails).toHaveLength(2);

    // The owner's e-mail, as sent: to the owner only, Reply-To the sender, no header injected. The
    // real queue sends it first (its claim would keep this delivery out); then it is queued again.
    await requeueOnceSent(owner?.id ?? 0);
    const mailer = recordingMailer();
    const batch = batchOf(MAIL_QUEUE_NAME, [owner?.id ?? 0]);
    await deliverMail(batch, env, mailer);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: TEST_OWNER_EMAIL, replyTo: email });
    expect(mailer.sent[0]?.subject).not.toMatch(/[\r\n]/);
  }, 20_000);

  it("keep a 10,000-character message from a name with CR/LF as given, and mail it whole to the owner only", async () => {
    const email = `long-${crypto.randomUUID()}@example.com`;
    const name = "Amina\r\nBcc: victim@example.org";
    const long = `${"Network audit for 40 staff. ".repeat(357)}${"x".repeat(4)}`;
    expect(long).toHaveLength(10_000);
    expect((await post({ name, email, message: long })).status).toBe(201);
    const stored = await env.DB.prepare("SELECT name, message FROM contact_messages WHERE email = ?")
      .bind(email)
      .first<{ name: string; message: string }>();
    expect(stored).toEqual({ name, message: long.trim() });

    const [owner] = (await outboxFor("recipient", TEST_OWNER_EMAIL)).filter((m) => m.payload.includes(email));
    await requeueOnceSent(owner?.id ?? 0);
    const mailer = recordingMailer();
    await deliverMail(batchOf(MAIL_QUEUE_NAME, [owner?.id ?? 0]), env, mailer);
    const [mail] = mailer.sent;
    expect(mail?.to).toBe(TEST_OWNER_EMAIL);
    expect(mail?.subject).toBe("New message from Amina Bcc: victim@example.org");
    expect(mail?.text).toContain(long.trim());
    expect(mail?.html).toContain(long.trim());
  }, 20_000);
});
