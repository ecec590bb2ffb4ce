import { createMessageBatch, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuditRow, OutboxRow } from "../../src/db/schema.ts";
import type { LogFields, Logger } from "../../src/http/log.ts";
import worker from "../../src/index.ts";
import { deliverMail } from "../../src/mail/deliver.ts";
import type { MailJob } from "../../src/mail/enqueue.ts";
import { MAIL_QUEUE_NAME } from "../../src/mail/mail-queues.ts";
import { sweepRetention } from "../../src/privacy/retention.ts";
import { monthsBefore } from "../../src/privacy/retention-periods.ts";
import type { OutgoingMail } from "../../src/providers/email.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { envWith } from "./support/env.ts";
import { makeMail, makeMessage, makeOrder, makeQuoteRow } from "./support/factories.ts";
import { workContext } from "./support/work-context.ts";

// One fixed moment for every run in this file, so a row seeded one second inside a period stays
// inside it for the later tests. wrangler.toml's periods: 24 months, 90 days, 7 years.
const NOW = new Date("2026-03-31T04:00:00.000Z");
const ENQUIRY_CUTOFF = Date.parse("2024-03-31T04:00:00.000Z");
const MAIL_CUTOFF = Date.parse("2025-12-31T04:00:00.000Z");
const SECOND = 1000;
const at = (ms: number) => new Date(ms).toISOString();
const inside = (cutoff: number) => at(cutoff + SECOND);
const past = (cutoff: number) => at(cutoff - SECOND);

type Line = { level: string; message: string; fields: LogFields };
function recordingLog(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  const write =
    (level: string) =>
    (message: string, fields: LogFields = {}) =>
      lines.push({ level, message, fields });
  return { lines, info: write("info"), warn: write("warn"), error: write("error") };
}

const sweep = (bindings: Env = env, log: Logger = recordingLog()) =>
  sweepRetention(workContext(bindings, { log }), NOW);

async function exists(table: string, where: string, value: unknown): Promise<boolean> {
  return (await env.DB.prepare(`SELECT 1 FROM ${table} WHERE ${where} = ?`).bind(value).first()) !== null;
}

async function outboxRow(id: number): Promise<OutboxRow> {
  const row = await env.DB.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<OutboxRow>();
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

async function retentionAudits(): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM admin_audit WHERE action = 'retention.swept' ORDER BY id",
  ).all<AuditRow>();
  return results;
}

async function seedBillingLink(expiresAt: string): Promise<string> {
  const tokenHash = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO billing_links (token_hash, customer_id, email, expires_at) VALUES (?, 'cus_test', 'b@example.com', ?)",
  )
    .bind(tokenHash, expiresAt)
    .run();
  return tokenHash;
}

/** A settled e-mail with the dates the rule reads. */
const settledMail = (status: OutboxRow["status"], changedAt: string) =>
  makeMail({
    status,
    payload: JSON.stringify({ name: "Achieng" }),
    recipient: `mail-${crypto.randomUUID()}@example.com`,
    updated_at: changedAt,
    sent_at: status === "sent" ? changedAt : null,
  });

describe("retention periods are calendar arithmetic in UTC", () => {
  it("a month before the 31st is the earlier month's last day; a year before 29 February is the 28th", () => {
    expect(monthsBefore(new Date("2026-03-31T04:00:00.000Z"), 1).toISOString()).toBe("2026-02-28T04:00:00.000Z");
    expect(monthsBefore(new Date("2028-02-29T23:59:59.999Z"), 12).toISOString()).toBe("2027-02-28T23:59:59.999Z");
    expect(monthsBefore(new Date("2026-01-15T00:00:00.000Z"), 24).toISOString()).toBe("2024-01-15T00:00:00.000Z");
  });
});

describe("the retention sweep", () => {
  const seeded: Record<string, number | string> = {};

  it("erases or clears what is one second past each period and keeps what is one second inside", async () => {
    const paidBuyer = "Wanjiru.Kamau+orders@GMail.com";
    await makeOrder({ customer_email: paidBuyer, status: "paid", paid_at: "2021-01-01T00:00:00.000Z" });
    await makeOrder({ customer_email: "Abandoned@Example.org", status: "expired" });
    await makeQuoteRow({ number: "Q-2022-00001", customer_email: "Otieno@Example.co.ke", accepted_at: at(0) });
    Object.assign(seeded, {
      enquiryInside: await makeMessage({ email: "new@example.net", created_at: inside(ENQUIRY_CUTOFF) }),
      enquiryPast: await makeMessage({ email: "old@example.net", created_at: past(ENQUIRY_CUTOFF) }),
      clientByGmail: await makeMessage({ email: "wanjirukamau@googlemail.com", created_at: at(0) }),
      clientByQuote: await makeMessage({ email: "otieno+hello@example.co.ke", created_at: past(ENQUIRY_CUTOFF) }),
      onlyAbandoned: await makeMessage({ email: "abandoned@example.org", created_at: past(ENQUIRY_CUTOFF) }),
      sentPast: await settledMail("sent", past(MAIL_CUTOFF)),
      sentInside: await settledMail("sent", inside(MAIL_CUTOFF)),
      failedPast: await settledMail("failed", past(MAIL_CUTOFF)),
      failedInside: await settledMail("failed", inside(MAIL_CUTOFF)),
      notConfiguredPast: await settledMail("not_configured", past(MAIL_CUTOFF)),
      queuedOld: await settledMail("queued", at(0)),
      linkPast: await seedBillingLink(past(NOW.getTime())),
      linkInside: await seedBillingLink(inside(NOW.getTime())),
    });
    const minute = Math.floor(NOW.getTime() / 60_000);
    await env.DB.prepare(
      "INSERT INTO admin_sign_in_failures (bucket, window_minute, failures) VALUES ('198.51.100.9', ?, 4), ('198.51.100.9', ?, 2)",
    )
      .bind(minute - 1, minute)
      .run();

    const run = await sweep();

    expect(await exists("contact_messages", "id", seeded.enquiryInside)).toBe(true);
    expect(await exists("contact_messages", "id", seeded.enquiryPast)).toBe(false);
    expect(await exists("contact_messages", "id", seeded.clientByGmail)).toBe(true);
    expect(await exists("contact_messages", "id", seeded.clientByQuote)).toBe(true);
    expect(await exists("contact_messages", "id", seeded.onlyAbandoned)).toBe(false);
    for (const key of ["sentPast", "failedPast", "notConfiguredPast"]) {
      const row = await outboxRow(Number(seeded[key]));
      expect(row.payload).toBe("null");
      expect(row.body_cleared_at).toBe(NOW.toISOString());
    }
    for (const key of ["sentInside", "failedInside", "queuedOld"]) {
      expect((await outboxRow(Number(seeded[key]))).payload).toBe('{"name":"Achieng"}');
    }
    expect(await exists("billing_links", "token_hash", seeded.linkPast)).toBe(false);
    expect(await exists("billing_links", "token_hash", seeded.linkInside)).toBe(true);
    expect(await exists("admin_sign_in_failures", "window_minute", minute - 1)).toBe(false);
    expect(await exists("admin_sign_in_failures", "window_minute", minute)).toBe(true);

    const counts = {
      records: 0,
      unpaidOrders: 0,
      enquiries: 2,
      quotes: 0,
      clientMessages: 0,
      mailBodies: 3,
      mailRecords: 0,
      auditRows: 0,
      billingLinks: 1,
      signInWindows: 1,
    };
    expect(run).toEqual({ counts, skipped: [], failed: [] });
    const [audit, ...more] = await retentionAudits();
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actor: "retention",
      subject_kind: "retention",
      subject_id: "2026-03-31",
      at: NOW.toISOString(),
    });
    expect(JSON.parse(audit?.detail ?? "")).toEqual(counts);
  });

  it("a cleared e-mail keeps its recipient, subject, status and dates", async () => {
    const row = await outboxRow(Number(seeded.sentPast));
    expect(row).toMatchObject({ status: "sent", sent_at: past(MAIL_CUTOFF), updated_at: past(MAIL_CUTOFF) });
    expect(row.recipient).toMatch(/^mail-.+@example\.com$/);
    expect(row.subject).toBe("Hello");
  });

  it("a second run erases nothing more and writes no audit row", async () => {
    const run = await sweep();
    expect(Object.values(run.counts).filter((n) => n !== 0)).toEqual([]);
    expect(await retentionAudits()).toHaveLength(1);
  });

  it("a cleared e-mail offers no Resend, and the resend route refuses it", async () => {
    const id = Number(seeded.failedPast);
    const page = await openAsOwner(`/admin/outbox?q=%23${id}`);
    const cell = page.document.getElementById(`outbox-${id}`);
    expect(cell?.textContent).toContain("Content cleared");
    expect(page.document.querySelector(`form[action^="/admin/outbox/${id}/resend"]`)).toBeNull();
    // The failed one still inside its period keeps its button.
    const kept = await openAsOwner(`/admin/outbox?q=%23${seeded.failedInside}`);
    expect(kept.document.querySelector(`form[action^="/admin/outbox/${seeded.failedInside}/resend"]`)).not.toBeNull();

    const refused = await postAsOwner(`/admin/outbox/${id}/resend`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toContain("content was cleared (by the retention rules or an erasure request)");
    expect(await outboxRow(id)).toMatchObject({ status: "failed", payload: "null" });
    expect(await exists("admin_audit", "action = 'outbox.resend' AND subject_id", String(id))).toBe(false);
  });

  it("the mail queue never sends a cleared e-mail: it is marked failed with the reason", async () => {
    const id = Number(seeded.notConfiguredPast);
    // As if an erasure had cleared it while it waited in the queue.
    await env.DB.prepare("UPDATE outbox SET status = 'queued' WHERE id = ?").bind(id).run();
    const sent: OutgoingMail[] = [];
    const batch = createMessageBatch<MailJob>(MAIL_QUEUE_NAME, [
      { id: "cleared-1", timestamp: new Date(), attempts: 1, body: { outboxId: id } },
    ]);
    await deliverMail(batch, env, { send: async (mail) => void sent.push(mail) });
    expect(sent).toEqual([]);
    const row = await outboxRow(id);
    expect(row.status).toBe("failed");
    expect(row.last_error).toMatch(/content was cleared/);
    expect(row.claimed_until).toBeNull();
  });
});

describe("old enquiries are read a page at a time", () => {
  it("a page full of clients' enquiries does not stop the sweep from reaching the ones after it", async () => {
    await makeOrder({ customer_email: "regular@example.com", status: "no_payment_required" });
    for (let i = 0; i < 4; i++) await makeMessage({ email: "Regular@Example.com", created_at: at(1000 + i) });
    const stranger = await makeMessage({ email: "stranger@example.com", created_at: at(5000) });
    const limits = { orders: 100, enquiries: { page: 2, pages: 5 }, mailBodies: 10, records: 10, billingLinks: 10 };
    const run = await sweepRetention(workContext(env, { log: recordingLog() }), NOW, limits);
    expect(run.counts.enquiries).toBe(1);
    expect(await exists("contact_messages", "id", stranger)).toBe(false);
  });
});

describe("engagements are found at any domain", () => {
  it("a domain longer than D1's 50-byte LIKE limit: the client's enquiry is kept, a stranger's erased", async () => {
    const domain = `${"long-subdomain.".repeat(5)}example.com`;
    await makeOrder({ customer_email: `Client+x@${domain.toUpperCase()}`, status: "paid" });
    const client = await makeMessage({ email: `client@${domain}`, created_at: past(ENQUIRY_CUTOFF) });
    const stranger = await makeMessage({ email: `stranger@${domain}`, created_at: past(ENQUIRY_CUTOFF) });
    const run = await sweep();
    expect(run.failed).toEqual([]);
    expect(await exists("contact_messages", "id", client)).toBe(true);
    expect(await exists("contact_messages", "id", stranger)).toBe(false);
  });
});

describe("an unusable period skips its rule only", () => {
  it.each([["0"], ["3651"], ["90.5"], [""], [" 90"], ["1e2"], ["ninety"], [undefined]])(
    "RETENTION_MAIL_BODY_DAYS=%j: bodies are kept, enquiries still erased, and the error is logged",
    async (value) => {
      const message = await makeMessage({ created_at: past(ENQUIRY_CUTOFF) });
      const mail = await settledMail("sent", past(MAIL_CUTOFF));
      const log = recordingLog();
      const run = await sweep(envWith({ RETENTION_MAIL_BODY_DAYS: value }), log);
      expect(run.skipped).toEqual(["mailBodies"]);
      expect(run.counts.enquiries).toBe(1);
      expect(await exists("contact_messages", "id", message)).toBe(false);
      expect((await outboxRow(mail)).payload).not.toBe("null");
      expect(log.lines).toContainEqual(
        expect.objectContaining({
          level: "error",
          fields: expect.objectContaining({ setting: "RETENTION_MAIL_BODY_DAYS" }),
        }),
      );
      const audit = (await retentionAudits()).at(-1);
      expect(JSON.parse(audit?.detail ?? "")).toMatchObject({ enquiries: 1, mailBodies: 0, skipped: ["mailBodies"] });
      // With the setting back, the next run clears it.
      await sweep();
      expect((await outboxRow(mail)).payload).toBe("null");
    },
  );

  it("an unusable enquiry period keeps old enquiries and unpaid checkouts; the record period skips records", async () => {
    const message = await makeMessage({ created_at: past(ENQUIRY_CUTOFF) });
    const unpaid = await makeOrder({ status: "expired", created_at: past(ENQUIRY_CUTOFF) });
    const run = await sweep(envWith({ RETENTION_ENQUIRY_MONTHS: "121", RETENTION_RECORD_YEARS: "31" }));
    expect(run.skipped).toEqual([
      "records",
      "unpaidOrders",
      "enquiries",
      "quotes",
      "clientMessages",
      "mailRecords",
      "auditRows",
    ]);
    expect(await exists("contact_messages", "id", message)).toBe(true);
    expect(await exists("orders", "order_id", unpaid)).toBe(true);
    await sweep();
    expect(await exists("contact_messages", "id", message)).toBe(false);
    expect(await exists("orders", "order_id", unpaid)).toBe(false);
  });
});

describe("the Cron", () => {
  it("the daily trigger runs the sweep beside the digest; the 5-minute one forgets past budgets only", async () => {
    const message = await makeMessage({ created_at: past(ENQUIRY_CUTOFF) });
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await env.DB.prepare(
      `INSERT INTO budgets (scope, key, hour, hour_count, day, day_count)
       VALUES ('mail:quote', 'yesterday@example.com', ?1, 1, ?2, 1), ('mail:quote', 'today@example.com', ?3, 1, ?4, 1)`,
    )
      .bind(`${yesterday}T23`, yesterday, `${today}T00`, today)
      .run();

    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: NOW.getTime() }), env);
    expect(await exists("contact_messages", "id", message)).toBe(true);
    expect(await exists("budgets", "key", "yesterday@example.com")).toBe(false);
    expect(await exists("budgets", "key", "today@example.com")).toBe(true);

    const audits = (await retentionAudits()).length;
    await worker.scheduled(createScheduledController({ cron: "0 4 * * *", scheduledTime: NOW.getTime() }), env);
    expect(await exists("contact_messages", "id", message)).toBe(false);
    expect(await retentionAudits()).toHaveLength(audits + 1);
  });
});
