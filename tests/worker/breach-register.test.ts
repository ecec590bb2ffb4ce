// The breach register (issue 36, docs/breaches.md): the owner records a breach and sees its 72-hour
// clock to notify the ODPC, updates it (audited, one of two simultaneous saves refused), exports it
// whole as JSON and CSV, and can delete nothing. Bad input is refused with every problem at once
// and nothing saved; other sites and other people are refused.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { BreachRow } from "../../src/db/breach-tables.ts";
import type { AuditRow } from "../../src/db/schema.ts";
import { formatDateTime } from "../../src/lib/dates.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import {
  nairobiHoursAgo,
  newBreachForm,
  openBreaches,
  postBreaches,
  recordThroughForm,
  updateFormOf,
} from "./support/breaches.ts";

// The first back-office page of a file renders cold: on a busy 2-core machine that alone can near 5 s.
vi.setConfig({ testTimeout: 15_000 });
beforeEach(() => freshLimiterWindow(3_000));

const db = env.DB;

async function entry(number: string): Promise<BreachRow | null> {
  return db.prepare("SELECT * FROM breaches WHERE number = ?").bind(number).first<BreachRow>();
}

async function audits(number: string): Promise<AuditRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM admin_audit WHERE subject_kind = 'breach' AND subject_id = ? ORDER BY id")
    .bind(number)
    .all<AuditRow>();
  return results;
}

const counts = async () => ({
  breaches: (await db.prepare("SELECT COUNT(*) AS n FROM breaches").first<{ n: number }>())?.n ?? 0,
  audits:
    (await db.prepare("SELECT COUNT(*) AS n FROM admin_audit WHERE subject_kind = 'breach'").first<{ n: number }>())
      ?.n ?? 0,
});

const deadlineText = (awareIso: string) =>
  `ODPC report due by ${formatDateTime(new Date(Date.parse(awareIso) + 72 * 3_600_000).toISOString())} EAT`;

describe("recording a breach", () => {
  it("numbers it, audits it, and its page and the register show the 72-hour deadline and the time left", async () => {
    const aware = nairobiHoursAgo(10);
    const number = await recordThroughForm({ aware_at: aware.typed });
    const year = new Date(Date.now() + 3 * 3_600_000).getUTCFullYear();
    expect(number).toMatch(new RegExp(`^BR-${year}-\\d+$`));
    const second = await recordThroughForm();
    expect(Number(second.split("-")[2])).toBe(Number(number.split("-")[2]) + 1);

    const row = await entry(number);
    expect(row).toMatchObject({ aware_at: aware.iso, risk: "yes", people_count: 120, version: 1, closed_at: null });
    const trail = await audits(number);
    expect(trail.map((a) => [a.action, a.actor])).toEqual([["breach.recorded", "admin"]]);
    expect(trail[0]?.detail).toContain(deadlineText(aware.iso).replace("ODPC report due by", ""));

    const page = await openBreaches(`/admin/breaches/${number}?done=recorded`);
    expect(page.status).toBe(200);
    expect(page.res.headers.get("Cache-Control")).toBe("no-store");
    expect(page.text).toContain(`${number} is in the register.`);
    const clock = page.document.querySelector("[data-clock]");
    expect(clock?.getAttribute("data-clock")).toBe("running");
    // 72 hours from 10 hours ago: 61 h and some minutes (the page is rendered a moment after).
    // Aware 10 hours ago: the law's 72 hours and the privacy policy's 48 both still to keep.
    expect(clock?.textContent).toMatch(
      new RegExp(
        `^${deadlineText(aware.iso)} — 6[12] h( \\d+ min)? left\\. Our privacy policy promises notice within 48 hours: by .+ EAT\\.$`,
      ),
    );
    expect(page.document.querySelector('nav a[aria-current="page"]')?.textContent).toBe("Breaches");

    const list = await openBreaches("/admin/breaches");
    const line = list.document.querySelector(`[data-breach="${number}"]`);
    expect(line?.querySelector("[data-clock]")?.textContent).toContain(deadlineText(aware.iso));
    expect(line?.querySelector("[data-status]")?.getAttribute("data-status")).toBe("yes");
    // Newest first.
    const order = Array.from(list.document.querySelectorAll("[data-breach]")).map((r) => r.getAttribute("data-breach"));
    expect(order.indexOf(second)).toBeLessThan(order.indexOf(number));
  });

  it("shows an overdue clock, a not-required one and a notified one as the owner's changes make them", async () => {
    const aware = nairobiHoursAgo(77);
    const number = await recordThroughForm({ aware_at: aware.typed, risk: "assessing" });
    let page = await openBreaches(`/admin/breaches/${number}`);
    expect(page.document.querySelector("[data-clock]")?.textContent).toMatch(
      /^ODPC report overdue by 5 h( \d+ min)? \(was due by .+ EAT\)$/,
    );

    const toNo = await postBreaches(`/admin/breaches/${number}`, { ...(await updateFormOf(number)), risk: "no" });
    expect(toNo.status).toBe(303);
    expect(toNo.res.headers.get("Location")).toBe(`/admin/breaches/${number}?done=saved`);
    page = await openBreaches(`/admin/breaches/${number}`);
    expect(page.document.querySelector("[data-clock]")?.textContent).toBe("Not required (no real risk)");

    const notified = nairobiHoursAgo(2);
    const form = {
      ...(await updateFormOf(number)),
      risk: "yes",
      odpc_notified_at: notified.typed,
      odpc_reference: "ODPC/BR/77",
    };
    expect((await postBreaches(`/admin/breaches/${number}`, form)).status).toBe(303);
    page = await openBreaches(`/admin/breaches/${number}`);
    expect(page.document.querySelector("[data-clock]")?.textContent).toBe(
      `ODPC notified ${formatDateTime(notified.iso)} EAT (3 h after the 72 hours: the notification must give the reasons for the delay)`,
    );
    expect(page.text).toContain("ODPC/BR/77");

    const trail = await audits(number);
    expect(trail.map((a) => a.action)).toEqual(["breach.recorded", "breach.updated", "breach.updated"]);
    expect(trail[1]?.detail).toBe("Real risk of harm to them: Being assessed → No real risk");
    expect(trail[2]?.detail).toBe(
      `Real risk of harm to them: No real risk → Yes: real risk of harm; When the ODPC was notified: none → ${formatDateTime(notified.iso)} EAT; The ODPC's reference: none → ODPC/BR/77`,
    );
    expect((await entry(number))?.version).toBe(3);
    // The page lists the trail.
    expect(page.document.querySelectorAll("[data-audit-action]")).toHaveLength(3);
  });

  it("saves nothing and writes no audit row when the form changes nothing", async () => {
    const number = await recordThroughForm();
    const same = await postBreaches(`/admin/breaches/${number}`, await updateFormOf(number));
    expect(same.res.headers.get("Location")).toBe(`/admin/breaches/${number}?done=unchanged`);
    expect((await audits(number)).map((a) => a.action)).toEqual(["breach.recorded"]);
    expect((await entry(number))?.version).toBe(1);
  });
});

describe("refused input: 400, every problem listed, nothing saved", () => {
  const refused = async (form: Record<string, string>) => {
    const before = await counts();
    const answer = await postBreaches("/admin/breaches", form);
    expect(answer.status).toBe(400);
    expect(await counts()).toEqual(before);
    return Array.from(answer.document.querySelectorAll("#breach-problems li")).map((li) => li.textContent);
  };

  it("lists every missing field at once", async () => {
    const problems = await refused({});
    expect(problems).toEqual([
      "When we became aware of it: this is needed.",
      "What happened: this is needed.",
      "The personal data concerned: this is needed.",
      "The people concerned: this is needed.",
      "Real risk of harm to them: choose one of the options.",
      "The risk, in a few words: this is needed.",
    ]);
  });

  it("refuses a future time, an over-long text, control characters and a bad count, together", async () => {
    const future = nairobiHoursAgo(-2).typed;
    const problems = await refused(
      newBreachForm({
        aware_at: future,
        what_happened: "x".repeat(4001),
        data_concerned: "Names\u0000 and e-mails",
        people_concerned: "Buyers\u001b[31m",
        people_count: "-4",
        actions_taken: "ok\u0085",
      }),
    );
    expect(problems).toEqual([
      "When we became aware of it: this is in the future.",
      "What happened: at most 4,000 characters (this has 4,001).",
      "The personal data concerned: contains control characters; type it again as plain text.",
      "The people concerned: contains control characters; type it again as plain text.",
      "About how many people: a whole number from 0, or leave it empty if it is not known.",
      "Actions taken: contains control characters; type it again as plain text.",
    ]);
  });

  it("shows back what was typed, marking the fields at fault", async () => {
    const answer = await postBreaches("/admin/breaches", newBreachForm({ aware_at: "2026-02-30T10:00" }));
    expect(answer.status).toBe(400);
    expect(answer.document.querySelector("#breach-aware_at")?.getAttribute("aria-invalid")).toBe("true");
    expect(answer.document.querySelector("#breach-what_happened")?.textContent).toContain("A laptop");
    expect(answer.text).toContain("When we became aware of it: give a date and a time (Nairobi)");
  });

  it("refuses an update whose times contradict each other or that closes a real risk not yet reported", async () => {
    const number = await recordThroughForm({ aware_at: nairobiHoursAgo(5).typed });
    const before = await entry(number);
    const answer = await postBreaches(`/admin/breaches/${number}`, {
      ...(await updateFormOf(number)),
      odpc_notified_at: nairobiHoursAgo(6).typed,
      subjects_told: "yes",
      closed: "yes",
    });
    expect(answer.status).toBe(400);
    expect(Array.from(answer.document.querySelectorAll("#breach-problems li")).map((li) => li.textContent)).toEqual([
      "When the ODPC was notified: before we became aware of the breach.",
      "When they were told: give the time, since they were told.",
      "How they were told, or why it was not needed: say how, or why it was not needed.",
    ]);
    expect(await entry(number)).toEqual(before);
    expect((await audits(number)).length).toBe(1);
  });
});

describe("two owners saving the same entry at once", () => {
  it("saves one and answers the other 409, asking to reload", async () => {
    const number = await recordThroughForm();
    const form = await updateFormOf(number);
    const [a, b] = await Promise.all([
      postBreaches(`/admin/breaches/${number}`, { ...form, actions_taken: "Change A" }),
      postBreaches(`/admin/breaches/${number}`, { ...form, actions_taken: "Change B" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([303, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.text).toContain("Someone else saved a change to this entry after you opened it");
    expect(lost.document.querySelector(`a[href="/admin/breaches/${number}"]`)?.textContent).toBe("Reload the entry");
    const row = await entry(number);
    expect(row?.version).toBe(2);
    expect(row?.actions_taken).toBe(a.status === 303 ? "Change A" : "Change B");
    expect((await audits(number)).map((x) => x.action)).toEqual(["breach.recorded", "breach.updated"]);
    // The form of the old version stays refused.
    expect((await postBreaches(`/admin/breaches/${number}`, { ...form, actions_taken: "Change C" })).status).toBe(409);
  });
});

describe("paging the register", () => {
  it("goes through every entry newest number first, from a position rather than a page number", async () => {
    // Entries of an earlier year, written straight in (the register deletes nothing, so tests add).
    await db.batch(
      Array.from({ length: 55 }, (_, i) =>
        db
          .prepare(
            `INSERT INTO breaches (number, year, seq, aware_at, recorded_at, recorded_by, what_happened,
              data_concerned, people_concerned, risk, risk_description, updated_at, updated_by)
            VALUES (?, 2020, ?, '2020-05-01T08:00:00.000Z', '2020-05-01T09:00:00.000Z', 'admin', 'A laptop left on a bus',
              'Names', 'Buyers', 'no', 'Encrypted', '2020-05-01T09:00:00.000Z', 'admin')`,
          )
          .bind(`BR-2020-${i + 1}`, i + 1),
      ),
    );
    const { results } = await db
      .prepare("SELECT number FROM breaches ORDER BY year DESC, seq DESC")
      .all<{ number: string }>();
    const expected = results.map((r) => r.number);
    const numbers = (page: Awaited<ReturnType<typeof openBreaches>>) =>
      Array.from(page.document.querySelectorAll("tr[data-breach]")).map((tr) => tr.getAttribute("data-breach"));
    const link = (page: Awaited<ReturnType<typeof openBreaches>>, selector: string) =>
      page.document.querySelector(`nav[aria-label="Pagination"] ${selector}`)?.getAttribute("href") ?? null;

    const first = await openBreaches("/admin/breaches");
    expect(first.document.querySelector("[data-total]")?.getAttribute("data-total")).toBe(String(expected.length));
    expect(numbers(first)).toEqual(expected.slice(0, 50));
    expect(link(first, 'a[rel="prev"]')).toBeNull();
    const lastShown = expected[49]?.split("-") ?? [];
    const older = link(first, 'a[rel="next"]');
    expect(older).toBe(`/admin/breaches?${new URLSearchParams({ after: `${lastShown[1]}~${lastShown[2]}` })}`);
    expect(link(first, 'a[data-page-link="last"]')).toBe("/admin/breaches?oldest=1");

    const second = await openBreaches(older ?? "");
    expect(numbers(second)).toEqual(expected.slice(50));
    expect(link(second, 'a[rel="next"]')).toBeNull();
    expect(link(second, 'a[data-page-link="first"]')).toBe("/admin/breaches");
    expect(numbers(await openBreaches(link(second, 'a[rel="prev"]') ?? ""))).toEqual(expected.slice(0, 50));

    // A position past the register's end says so, with the way back; an old numbered link opens the newest.
    const past = await openBreaches("/admin/breaches?after=2019~1");
    expect(past.status).toBe(200);
    expect(numbers(past)).toEqual([]);
    expect(past.text).toContain("No entry further this way.");
    expect(numbers(await openBreaches("/admin/breaches?page=2"))).toEqual(expected.slice(0, 50));
  });
});
