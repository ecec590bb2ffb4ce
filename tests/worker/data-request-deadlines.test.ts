// The logged requests' clocks outside the back office (issue 36): the daily digest names a request
// from 2 days before it is due (Nairobi days), and an overdue one brings the owner one e-mail a day.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DataRequestKind } from "../../src/db/data-request-tables.ts";
import type { OutboxRow } from "../../src/db/schema.ts";
import { alertOverdueDataRequests, dataRequestDigestLines } from "../../src/privacy/data-request-deadlines.ts";
import { closeDataRequest, logDataRequest } from "../../src/privacy/data-request-log.ts";
import { TEST_OWNER_EMAIL } from "../support/secrets.ts";
import { workContext } from "./support/work-context.ts";

const db = env.DB;
const context = workContext(env, { origin: "https://example.com" });

/** Noon in Nairobi on that day (09:00 UTC). */
const noonOn = (day: string) => new Date(`${day}T09:00:00.000Z`);

/** A request about someone at a domain of this test's own, so its lines are told from the others'. */
async function request(kind: DataRequestKind, receivedOn: string, channel: "letter" | "phone" = "letter") {
  const domain = `${crypto.randomUUID().slice(0, 8)}.example`;
  const { id, due_on } = await logDataRequest(
    db,
    { kind, channel, receivedOn, address: `jane@${domain}`, note: null },
    "owner@example.com",
    noonOn(receivedOn),
  );
  return { id, due_on, person: `j•••@${domain}` };
}

const linesFor = async (person: string, now: Date) =>
  (await dataRequestDigestLines(db, now, 100)).filter((line) => line.includes(person));

async function alerts(day: string): Promise<OutboxRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM outbox WHERE kind = 'owner-alert-requests' AND dedupe_key = ?")
    .bind(`owner-alert-requests:${day}`)
    .all<OutboxRow>();
  return results;
}

describe("the digest's lines", () => {
  it("names a request from 2 days before it is due, not 3, with its clock", async () => {
    const r = await request("erasure", "2026-11-15");
    expect(r.due_on).toBe("2026-11-22");
    expect(await linesFor(r.person, noonOn("2026-11-19"))).toEqual([]);
    expect(await linesFor(r.person, noonOn("2026-11-20"))).toEqual([
      `Erasure request (received by letter on 15 November 2026) for ${r.person}: due 22 November 2026`,
    ]);
    expect(await linesFor(r.person, noonOn("2026-11-22"))).toEqual([
      `Erasure request (received by letter on 15 November 2026) for ${r.person}: due today, 22 November 2026`,
    ]);
    expect(await linesFor(r.person, noonOn("2026-11-24"))).toEqual([
      `Erasure request (received by letter on 15 November 2026) for ${r.person}: overdue since 22 November 2026 (2 days)`,
    ]);
  });

  it("counts Nairobi's days: half past midnight there is already the next day", async () => {
    const r = await request("access", "2026-10-01", "phone");
    expect(r.due_on).toBe("2026-10-08");
    // 21:30 UTC on 5 October is 00:30 on 6 October in Nairobi: 2 days before the due day.
    expect(await linesFor(r.person, new Date("2026-10-05T20:59:00.000Z"))).toEqual([]);
    expect(await linesFor(r.person, new Date("2026-10-05T21:30:00.000Z"))).toHaveLength(1);
  });

  it("gives portability its 30 days, and leaves out a request once answered", async () => {
    const r = await request("portability", "2026-09-01");
    expect(r.due_on).toBe("2026-10-01");
    expect(await linesFor(r.person, noonOn("2026-09-28"))).toEqual([]);
    expect(await linesFor(r.person, noonOn("2026-09-29"))).toHaveLength(1);
    expect(await closeDataRequest(db, r.id, "Sent the file by post", "owner@example.com")).toEqual({ ok: true });
    expect(await linesFor(r.person, noonOn("2026-09-29"))).toEqual([]);
  });

  it("keeps to its limit, the earliest due first, the last line saying where the rest are", async () => {
    // 2019: the tests above are due later, and those below (earlier years) run after this one, so
    // these are the only requests due.
    const [a, b, c] = [
      await request("access", "2019-03-01"),
      await request("access", "2019-03-02"),
      await request("access", "2019-03-03"),
    ];
    const now = noonOn("2019-03-09");
    const all = await dataRequestDigestLines(db, now, 10);
    expect(all).toHaveLength(3);
    expect(all[0]).toContain(a.person);
    expect(all[2]).toContain(c.person);
    expect(await dataRequestDigestLines(db, now, 3)).toEqual(all);
    const cut = await dataRequestDigestLines(db, now, 2);
    expect(cut).toEqual([all[0], "More requests are due within 2 days: see the People section."]);
    expect(b.person).not.toBe(a.person);
    expect(await dataRequestDigestLines(db, now, 0)).toEqual([]);
  });
});

describe("the overdue alert", () => {
  it("one e-mail a Nairobi day while a request is overdue, none before", async () => {
    // 2018: no other test's request is overdue then.
    const r = await request("objection", "2018-05-01");
    expect(r.due_on).toBe("2018-05-08");
    expect(await alertOverdueDataRequests(context, noonOn("2018-05-08"))).toBeNull();

    const first = await alertOverdueDataRequests(context, noonOn("2018-05-09"));
    expect(first?.outcome).toBe("queued");
    const again = await alertOverdueDataRequests(context, new Date("2018-05-09T20:59:00.000Z"));
    expect(again?.outcome).toBe("duplicate");
    const [sent] = await alerts("2018-05-09");
    expect(await alerts("2018-05-09")).toHaveLength(1);
    expect(sent?.recipient).toBe(TEST_OWNER_EMAIL);
    expect(sent?.subject).toBe("Data requests overdue: a data request is past its legal deadline");
    const payload = JSON.parse(sent?.payload ?? "{}");
    expect(payload.details).toEqual([
      [
        "Overdue",
        `Objection request (received by letter on 1 May 2018) for ${r.person}: overdue since 8 May 2018 (1 day)`,
      ],
    ]);
    expect(payload.adminUrl).toBe("https://example.com/admin/people#requests-log");

    // 21:00 UTC is midnight in Nairobi: the next day, the next e-mail.
    const next = await alertOverdueDataRequests(context, new Date("2018-05-09T21:00:00.000Z"));
    expect(next?.outcome).toBe("queued");
    expect(await alerts("2018-05-10")).toHaveLength(1);
  });

  it("ten cron runs at once on one day send one e-mail", async () => {
    await request("erasure", "2017-01-02");
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => alertOverdueDataRequests(context, noonOn("2017-01-20"))),
    );
    expect(outcomes.filter((o) => o?.outcome === "queued")).toHaveLength(1);
    expect(await alerts("2017-01-20")).toHaveLength(1);
  });

  it("stops once the request is answered", async () => {
    const r = await request("access", "2016-06-01");
    expect((await alertOverdueDataRequests(context, noonOn("2016-06-10")))?.outcome).toBe("queued");
    await closeDataRequest(db, r.id, "Sent a copy by post", "owner@example.com");
    expect(await alertOverdueDataRequests(context, noonOn("2016-06-11"))).toBeNull();
  });
});
