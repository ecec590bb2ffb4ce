// The breach register's 72-hour clock outside its pages (issue 36, docs/breaches.md): where the
// clock stands at a given time, the owner's alerts as a breach enters each stage (each sent once,
// the overdue one once a Nairobi day), the daily digest's lines, the plan of the queries the cron
// runs every 5 minutes, and a register the retention sweep never touches.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { alertBreachDeadlines, breachDigestLines } from "../../src/breaches/breach-alerts.ts";
import { breachClock, clockLine } from "../../src/breaches/breach-clock.ts";
import { breachesAwaitingOdpc, breachesUntold } from "../../src/breaches/breach-queries.ts";
import { recordBreach, updateBreachEntry } from "../../src/breaches/breach-register.ts";
import type { BreachRow } from "../../src/db/breach-tables.ts";
import type { OutboxRow } from "../../src/db/schema.ts";
import { mailKinds } from "../../src/mail/mail-kinds.ts";
import { sweepRetention } from "../../src/privacy/retention.ts";
import { company } from "../../src/site/company-copy.ts";
import { TEST_OWNER_EMAIL } from "../support/secrets.ts";
import { newBreachForm } from "./support/breaches.ts";
import { workContext } from "./support/work-context.ts";

const db = env.DB;
const context = workContext(env, { origin: "https://example.com" });
const HOUR = 3_600_000;
/** 14:05 in Nairobi on 12 March 2026: the ODPC's deadline is 14:05 on 15 March. */
const AWARE = Date.parse("2026-03-12T11:05:00.000Z");
const at = (hours: number) => new Date(AWARE + hours * HOUR);

/** Records an entry one hour after AWARE (or `hours` after), with the form's fields replaced by `fields`. */
async function record(fields: Record<string, string> = {}, hours = 1): Promise<string> {
  const form = newBreachForm({ aware_at: "2026-03-12T14:05", ...fields });
  const result = await recordBreach(db, form, "owner@example.com", at(hours));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.number;
}

async function update(number: string, fields: Record<string, string>, hours: number): Promise<void> {
  const row = await db.prepare("SELECT * FROM breaches WHERE number = ?").bind(number).first<BreachRow>();
  const form: Record<string, string> = {
    ...newBreachForm({ aware_at: "2026-03-12T14:05" }),
    subjects_told: row?.subjects_told ?? "no",
    version: String(row?.version),
    ...fields,
  };
  const result = await updateBreachEntry(db, number, form, "owner@example.com", at(hours));
  if (!result.ok) throw new Error(JSON.stringify(result));
}

async function alertsFor(number: string): Promise<OutboxRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM outbox WHERE kind = 'owner-alert-breach' AND dedupe_key LIKE ? ORDER BY id")
    .bind(`owner-alert-breach:${number}:%`)
    .all<OutboxRow>();
  return results;
}

describe("the clock at a given time", () => {
  const facts = { aware_at: new Date(AWARE).toISOString(), odpc_notified_at: null };
  it("counts down from 72 hours, then counts how late, and stops when notified or not required", () => {
    expect(clockLine(breachClock({ ...facts, risk: "yes" }, at(26)))).toBe(
      "ODPC report due by 15 Mar 2026, 14:05 EAT — 46 h left. Our privacy policy promises notice within 48 hours: by 14 Mar 2026, 14:05 EAT.",
    );
    // Past the 48 hours the policy promises, the law's 72 are what is left to keep.
    expect(clockLine(breachClock({ ...facts, risk: "yes" }, at(50)))).toBe(
      "ODPC report due by 15 Mar 2026, 14:05 EAT — 22 h left",
    );
    expect(clockLine(breachClock({ ...facts, risk: "assessing" }, at(71.25)))).toBe(
      "ODPC report due by 15 Mar 2026, 14:05 EAT — 45 min left",
    );
    expect(clockLine(breachClock({ ...facts, risk: "yes" }, at(77)))).toBe(
      "ODPC report overdue by 5 h (was due by 15 Mar 2026, 14:05 EAT)",
    );
    expect(clockLine(breachClock({ ...facts, risk: "yes" }, at(72 + 24 * 4 + 3.5)))).toBe(
      "ODPC report overdue by 4 days 3 h (was due by 15 Mar 2026, 14:05 EAT)",
    );
    const notified = { ...facts, risk: "yes" as const, odpc_notified_at: at(30).toISOString() };
    expect(clockLine(breachClock(notified, at(200)))).toBe("ODPC notified 13 Mar 2026, 20:05 EAT");
    expect(clockLine(breachClock({ ...facts, risk: "no" }, at(200)))).toBe("Not required (no real risk)");
  });
});

describe("the owner's alerts", () => {
  it("sends each stage once: recorded, 24 hours left, overdue (then once a Nairobi day), until notified", async () => {
    const number = await record({ risk: "assessing" });
    const run = (hours: number) => alertBreachDeadlines(context, at(hours));

    expect((await run(1))?.outcome).toBe("queued");
    expect((await run(1.1))?.outcome).toBe("duplicate");
    await Promise.all([run(2), run(2)]);
    await run(47); // 25 hours left: still the first stage
    let sent = await alertsFor(number);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.recipient).toBe(TEST_OWNER_EMAIL);
    expect(sent[0]?.subject).toBe(
      `Personal-data breach: ODPC deadline: ${number}, ODPC report due by 15 Mar 2026, 14:05 EAT`,
    );

    await run(49); // 23 hours left
    await run(60);
    sent = await alertsFor(number);
    expect(sent.map((m) => m.subject.split(": ").at(-1))).toEqual([
      `${number}, ODPC report due by 15 Mar 2026, 14:05 EAT`,
      `${number}, 23 h left to notify the ODPC`,
    ]);

    await run(73); // 15:05 on 15 March in Nairobi: an hour late
    await run(80); // 22:05, the same Nairobi day
    await run(82); // 00:05 on 16 March
    await run(83);
    sent = await alertsFor(number);
    expect(sent.map((m) => m.dedupe_key)).toEqual([
      `owner-alert-breach:${number}:recorded`,
      `owner-alert-breach:${number}:final-day`,
      `owner-alert-breach:${number}:overdue:2026-03-15`,
      `owner-alert-breach:${number}:overdue:2026-03-16`,
    ]);
    const overdue = JSON.parse(sent[2]?.payload ?? "{}");
    expect(overdue.details).toContainEqual(["Overdue by", "1 h"]);
    expect(overdue.details).toContainEqual(["Real risk of harm", "Being assessed"]);
    expect(overdue.adminUrl).toBe(`https://example.com/admin/breaches/${number}`);

    await update(number, { risk: "yes", odpc_notified_at: "2026-03-16T08:00" }, 90);
    await run(120);
    expect(await alertsFor(number)).toHaveLength(4);
  });

  it("sends nothing for a breach with no real risk, nor for one notified or closed", async () => {
    const harmless = await record({ risk: "no" });
    const notified = await record({ risk: "yes" });
    await update(notified, { odpc_notified_at: "2026-03-12T16:00" }, 3);
    const closed = await record({ risk: "assessing" });
    await update(closed, { risk: "no", closed: "yes" }, 2);
    for (const hours of [2, 50, 80]) await alertBreachDeadlines(context, at(hours));
    for (const number of [harmless, notified, closed]) expect(await alertsFor(number)).toEqual([]);
  });

  it("carries no text the owner typed: HTML in the entry reaches neither subject nor body", async () => {
    const html = '<script>alert("x")</script><b>Kamau</b>';
    const number = await record(
      { what_happened: html, people_concerned: html, risk_description: html, risk: "yes" },
      70,
    );
    await alertBreachDeadlines(context, at(70));
    const [mail] = await alertsFor(number);
    expect(mail?.payload).not.toContain("script");
    expect(mail?.payload).not.toContain("Kamau");
    const rendered = mailKinds["owner-alert-breach"].render(JSON.parse(mail?.payload ?? "{}"), { company });
    for (const part of [rendered.subject, rendered.text, rendered.html]) {
      expect(part).not.toContain("<script");
      expect(part).not.toContain("Kamau");
      expect(part).toContain(number);
    }
    expect(rendered.subject).toBe(`Personal-data breach: ODPC deadline: ${number}, 2 h left to notify the ODPC`);
  });
});

describe("the daily digest's lines", () => {
  it("names each breach waiting for the ODPC with its time left or how late, then the people not told", async () => {
    const running = await record({ risk: "yes" });
    const untold = await record({ risk: "yes" });
    await update(untold, { odpc_notified_at: "2026-03-13T09:00" }, 20);
    const lines = await breachDigestLines(db, at(26), 100);
    expect(lines).toContain(`${running}: ODPC report due by 15 Mar 2026, 14:05 EAT (46 h left)`);
    expect(lines).toContain(`${untold}: the people concerned are not yet told (real risk of harm)`);
    expect(lines.some((line) => line.startsWith(`${untold}: ODPC`))).toBe(false);
    const late = await breachDigestLines(db, at(77), 100);
    expect(late).toContain(`${running}: ODPC report overdue by 5 h (was due by 15 Mar 2026, 14:05 EAT)`);
    expect(await breachDigestLines(db, at(26), 2)).toHaveLength(2);
    expect(await breachDigestLines(db, at(26), 0)).toEqual([]);
  });
});

describe("the cron's queries", () => {
  it("read the open entries through their partial index, a bounded number", async () => {
    for (const query of [breachesAwaitingOdpc(db, 25), breachesUntold(db, 25)]) {
      const { sql, params } = query.toSQL();
      expect(sql).toMatch(/limit \?$/);
      const { results } = await db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      expect(results.map((r) => r.detail).join("\n")).toMatch(/USING INDEX breaches_open/);
    }
  });
});

describe("what is kept for ever", () => {
  it("the retention sweep leaves every entry and its audit trail, and still sweeps the rest", async () => {
    const number = await record({ risk: "yes" });
    await update(number, { odpc_notified_at: "2026-03-13T09:00" }, 20);
    await db
      .prepare(
        "INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail) VALUES (?, 'admin', 'order.note', 'order', 'o1', 'old')",
      )
      .bind("2026-03-12T00:00:00.000Z")
      .run();
    const entries = await db.prepare("SELECT COUNT(*) AS n FROM breaches").first<{ n: number }>();
    const trail = await db
      .prepare("SELECT COUNT(*) AS n FROM admin_audit WHERE subject_kind = 'breach'")
      .first<{ n: number }>();

    const run = await sweepRetention(workContext(env), new Date("2040-01-01T00:00:00.000Z"));
    expect(run.failed).toEqual([]);
    expect(run.counts.auditRows).toBeGreaterThan(0);
    expect(await db.prepare("SELECT COUNT(*) AS n FROM breaches").first()).toEqual(entries);
    expect(await db.prepare("SELECT COUNT(*) AS n FROM admin_audit WHERE subject_kind = 'breach'").first()).toEqual(
      trail,
    );
    expect(await db.prepare("SELECT 1 FROM admin_audit WHERE subject_id = 'o1'").first()).toBeNull();
  });
});
