import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { OutboxRow } from "../../src/db/schema.ts";
import worker from "../../src/index.ts";
import { type DeliveryJob, settleDeadLetters } from "../../src/mail/deliver.ts";
import { MAIL_DEAD_LETTER_QUEUE_NAME } from "../../src/mail/mail-queues.ts";
import { alertMailFailed, alertStuckPayments } from "../../src/mail/owner-alerts.ts";
import { TEST_OWNER_EMAIL } from "../support/secrets.ts";
import { makeMail, makeMpesaRequest, makeOrder } from "./support/factories.ts";
import { workContext } from "./support/work-context.ts";

const context = workContext(env, { origin: "https://example.com" });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function alerts(kind: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM outbox WHERE kind = ? ORDER BY id")
    .bind(kind)
    .all<OutboxRow>();
  return results;
}

/** What the dead-letter queue hands its consumer: these outbox rows, given up on. */
function deadLetters(ids: number[]): MessageBatch<DeliveryJob> {
  const messages = ids.map((outboxId) => ({ body: { outboxId }, attempts: 6, ack() {}, retry() {} }));
  return { queue: MAIL_DEAD_LETTER_QUEUE_NAME, messages } as unknown as MessageBatch<DeliveryJob>;
}

const hourKey = (kind: string, at = new Date()) => `${kind}:${at.toISOString().slice(0, 13)}`;

describe("a dead-lettered e-mail alerts the owner, at most once an hour", () => {
  // First in the file: no alert of this hour exists yet, so a loop would show as a new row.
  it("a failed alert marks itself failed and alerts nobody", async () => {
    const id = await makeMail({ status: "queued", kind: "owner-alert-mail-failed", recipient: TEST_OWNER_EMAIL });
    await settleDeadLetters(deadLetters([id]), env);
    expect((await env.DB.prepare("SELECT status FROM outbox WHERE id = ?").bind(id).first())?.status).toBe("failed");
    expect((await alerts("owner-alert-mail-failed")).map((r) => r.id)).toEqual([id]);
    expect(
      await alertMailFailed(context, {
        id,
        kind: "owner-alert-stuck",
        recipient: "x",
        subject: "s",
        last_error: null,
      }),
    ).toBeNull();
  });

  it("one alert for every e-mail failed this hour, one after another and ten at once", async () => {
    const first = await makeMail({
      status: "queued",
      recipient: "buyer@example.com",
      subject: "Your quote Q-1",
      last_error: "Error: mailbox full",
    });
    await settleDeadLetters(deadLetters([first]), env);
    const more = await Promise.all(Array.from({ length: 10 }, () => makeMail({ status: "queued" })));
    await Promise.all(more.map((id) => settleDeadLetters(deadLetters([id]), env)));

    const sent = (await alerts("owner-alert-mail-failed")).filter(
      (r) => r.dedupe_key === hourKey("owner-alert-mail-failed"),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.recipient).toBe(TEST_OWNER_EMAIL);
    expect(sent[0]?.subject).toBe("E-mail not delivered: an e-mail gave up after every retry");
    const payload = JSON.parse(sent[0]?.payload ?? "{}");
    expect(payload.details).toContainEqual(["To", "buyer@example.com"]);
    expect(payload.details).toContainEqual(["Last error", "Error: mailbox full"]);
    expect(payload.adminUrl).toBe(`${"http://localhost:8787"}/admin/outbox?status=failed`);
    const failed = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM outbox WHERE status = 'failed' AND id IN (${[first, ...more].join(",")})`,
    ).first<{ n: number }>();
    expect(failed?.n).toBe(11);
  });

  it("a dead letter for an e-mail already sent alerts nobody", async () => {
    const id = await makeMail({ status: "sent" });
    const before = (await alerts("owner-alert-mail-failed")).length;
    await settleDeadLetters(deadLetters([id]), env);
    expect(await alerts("owner-alert-mail-failed")).toHaveLength(before);
  });
});

describe("payments waiting too long: one e-mail an hour listing them", () => {
  /** A clock hour of its own per test, far from today's rows. */
  const NOW = new Date("2021-06-10T10:30:00.000Z");
  const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
  const listed = async (now: Date) => {
    const row = (await alerts("owner-alert-stuck")).find((r) => r.dedupe_key === hourKey("owner-alert-stuck", now));
    return row ? (JSON.parse(row.payload).details as [string, string][]).map(([, value]) => value).join("\n") : null;
  };

  it("nothing waiting: no e-mail", async () => {
    const now = new Date("2019-01-01T00:00:00.000Z");
    expect(await alertStuckPayments(context, now)).toBeNull();
    expect(await listed(now)).toBeNull();
  });

  it("card orders just over 24 hours and prompts just over 15 minutes are listed for two hours; others are not", async () => {
    const [over, under] = [`Over ${crypto.randomUUID().slice(0, 6)}`, `Under ${crypto.randomUUID().slice(0, 6)}`];
    await makeOrder({ customer_name: over, status: "pending", created_at: at(-24 * HOUR - 1000) });
    await makeOrder({ customer_name: `${over} bank`, status: "awaiting_payment", created_at: at(-25 * HOUR) });
    await makeOrder({ customer_name: under, status: "pending", created_at: at(-24 * HOUR + 1000) });
    await makeOrder({ customer_name: `${over} paid`, status: "paid", created_at: at(-30 * HOUR) });
    const mpesaOrder = await makeOrder({ provider: "mpesa", status: "pending", created_at: at(-2 * HOUR) });
    const lateOrder = await makeOrder({ provider: "mpesa", status: "pending", created_at: at(-2 * HOUR) });
    await makeMpesaRequest({ order_id: mpesaOrder, amount_kes: 1111, created_at: at(-15 * MINUTE - 1000) });
    await makeMpesaRequest({ order_id: lateOrder, amount_kes: 2222, created_at: at(-15 * MINUTE + 1000) });
    await makeMpesaRequest({ order_id: lateOrder, amount_kes: 3333, status: "failed", created_at: at(-HOUR) });
    // Past the alert's two hours: the back office and the digest carry them, not an e-mail every hour.
    await makeOrder({ customer_name: `${over} long ago`, status: "pending", created_at: at(-26 * HOUR - 1000) });
    await makeMpesaRequest({ order_id: lateOrder, amount_kes: 4444, created_at: at(-135 * MINUTE - 1000) });

    expect((await alertStuckPayments(context, NOW))?.outcome).toBe("queued");
    const text = await listed(NOW);
    expect(text).toContain(`${over}, pending since`);
    expect(text).toContain(`${over} bank, awaiting payment since`);
    expect(text).toContain(`KES 1111 for order ${mpesaOrder}`);
    for (const absent of [under, `${over} paid`, `${over} long ago`, "KES 2222", "KES 3333", "KES 4444"]) {
      expect(text).not.toContain(absent);
    }
  });

  it("triggered again in the hour, even ten at once: one e-mail", async () => {
    const now = new Date(NOW.getTime() + 10 * MINUTE);
    await Promise.all(Array.from({ length: 10 }, () => alertStuckPayments(context, now)));
    await alertStuckPayments(context, new Date(NOW.getTime() + 20 * MINUTE));
    expect(
      (await alerts("owner-alert-stuck")).filter((r) => r.dedupe_key === hourKey("owner-alert-stuck", NOW)),
    ).toHaveLength(1);
    // The next hour may say it again.
    const later = new Date(NOW.getTime() + HOUR);
    await Promise.all(Array.from({ length: 10 }, () => alertStuckPayments(context, later)));
    expect(
      (await alerts("owner-alert-stuck")).filter((r) => r.dedupe_key === hourKey("owner-alert-stuck", later)),
    ).toHaveLength(1);
  });

  it("the five-minute cron runs the check", async () => {
    const name = `Cron ${crypto.randomUUID().slice(0, 6)}`;
    await makeOrder({
      customer_name: name,
      status: "pending",
      created_at: new Date(Date.now() - 25 * HOUR).toISOString(),
    });
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env);
    const row = (await alerts("owner-alert-stuck")).find((r) => r.dedupe_key === hourKey("owner-alert-stuck"));
    expect(row?.recipient).toBe(TEST_OWNER_EMAIL);
    expect(row?.payload).toContain(name);
  });
});
