// The contract between the owner's view and Workers Analytics Engine's SQL API: every query
// src/insight/insight-queries.ts builds, for every period and the digest, is in the dialect the SQL
// reference documents (scripts/analytics-standin/dialect.ts), is accepted by the stand-in, and
// counts the seeded points as the funnel means them: people only, sampled points as many as they
// stand for, the periods' first and last seconds where they belong.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAnalyticsSql } from "../../scripts/analytics-standin/dialect.ts";
import { type AnalyticsStandin, startAnalyticsStandin } from "../../scripts/analytics-standin/server.ts";
import { ANALYTICS_DATASET } from "../../src/insight/event-point.ts";
import { digestQuery, type InsightDays, insightPeriods, insightQueries } from "../../src/insight/insight-queries.ts";
import { funnelScenario, seedPoints } from "../support/analytics-points.ts";
import { TEST_ANALYTICS_ACCOUNT_ID, TEST_ANALYTICS_TOKEN } from "../support/analytics-standin-ports.ts";

type Meta = { name: string; type: string };
type JsonAnswer = { meta: Meta[]; data: Record<string, unknown>[]; rows: number; rows_before_limit_at_least?: number };

/** Mid-morning in Nairobi (09:00 UTC is 12:00 there): today has begun, and has hours to go. */
const NOW = new Date("2026-11-28T09:00:00Z");
const scenario = funnelScenario(NOW);
let standin: AnalyticsStandin;

beforeAll(async () => {
  standin = await startAnalyticsStandin({ port: 0, accountId: TEST_ANALYTICS_ACCOUNT_ID, token: TEST_ANALYTICS_TOKEN });
  await seedPoints(standin.url, scenario.seeds);
});

afterAll(async () => {
  await standin.close();
});

async function ask(sql: string): Promise<{ status: number; json: JsonAnswer }> {
  const res = await fetch(`${standin.url}/client/v4/accounts/${TEST_ANALYTICS_ACCOUNT_ID}/analytics_engine/sql`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TEST_ANALYTICS_TOKEN}` },
    body: sql,
  });
  const text = await res.text();
  expect(res.status, `${sql}\n→ ${text}`).toBe(200);
  return { status: res.status, json: JSON.parse(text) as JsonAnswer };
}

/** Every query the view and the digest send, named. */
const everyQuery = () => [
  ...insightPeriods.flatMap((days) =>
    Object.entries(insightQueries(days, NOW)).map(([name, sql]) => ({ name: `${name} (${days} days)`, sql })),
  ),
  { name: "digest", sql: digestQuery(NOW) },
];

/** The rows as plain values: counts are strings in FORMAT JSON (64-bit), so they are read as numbers here. */
const rowsOf = (json: JsonAnswer) =>
  json.data.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        /^\d+$/.test(String(value)) && key !== "code" ? Number(value) : value,
      ]),
    ),
  );

describe("the SQL the view sends", () => {
  it("is in the documented dialect, every query of every period and the digest", () => {
    const queries = everyQuery();
    expect(queries).toHaveLength(insightPeriods.length * 6 + 1);
    for (const { name, sql } of queries) {
      expect({ name, verdict: checkAnalyticsSql(sql, [ANALYTICS_DATASET]) }).toMatchObject({
        name,
        verdict: { ok: true },
      });
      expect(sql, name).toMatch(/FORMAT JSON$/);
      expect(sql, name).toContain("blob10 = 'human'");
      // A count is a sum of sample intervals: count() would undercount sampled data.
      expect(sql, name).not.toMatch(/count\(\)/i);
    }
  });

  it("is accepted by the stand-in and answered in the SQL API's JSON shape", async () => {
    for (const { name, sql } of everyQuery()) {
      const { json } = await ask(sql);
      expect(Array.isArray(json.meta), name).toBe(true);
      expect(json.rows, name).toBe(json.data.length);
      for (const row of json.data) expect(Object.keys(row).sort(), name).toEqual(json.meta.map((m) => m.name).sort());
      // 64-bit counts come back as strings, as ClickHouse writes them: the view must read them so.
      for (const meta of json.meta.filter((m) => m.type === "UInt64")) {
        for (const row of json.data) expect(typeof row[meta.name], `${name}.${meta.name}`).toBe("string");
      }
    }
  });

  it("never writes anything but whole seconds and the closed event names into the SQL", () => {
    for (const { sql } of everyQuery()) {
      const literals = [...sql.matchAll(/'([^']*)'/g)].map((m) => m[1]);
      for (const literal of literals)
        expect(["human", "view", "cart", "quote", "checkout", "payment", "mpesa", ""]).toContain(literal);
      for (const time of sql.matchAll(/toDateTime\((\w+)\)/g)) expect(time[1]).toMatch(/^\d+$/);
    }
  });
});

describe("what the queries count on the seeded points", () => {
  async function funnel(days: InsightDays) {
    const queries = insightQueries(days, NOW);
    const steps = rowsOf((await ask(queries.steps)).json);
    const visitors = rowsOf((await ask(queries.visitors)).json);
    const events = (event: string, outcome?: string) =>
      steps
        .filter((r) => r.event === event && (outcome === undefined || r.outcome === outcome))
        .reduce((sum, r) => sum + Number(r.events), 0);
    const people = (event: string) => Number(visitors.find((r) => r.event === event)?.visitors ?? 0);
    return {
      views: events("view"),
      visitors: people("view"),
      carts: events("cart"),
      cartVisitors: people("cart"),
      quotes: events("quote"),
      checkouts: events("checkout"),
      checkoutVisitors: people("checkout"),
      paid: events("payment", "succeeded"),
      failed: events("payment", "failed"),
    };
  }

  it.each(insightPeriods)(
    "the %i-day funnel: people only, sampled points counted in full, the edges in place",
    async (days) => {
      expect(await funnel(days)).toEqual(scenario.expected[days]);
    },
  );

  it("checkouts and payments by channel", async () => {
    const steps = rowsOf((await ask(insightQueries(1, NOW).steps)).json);
    const by = (event: string, outcome: string) =>
      Object.fromEntries(
        steps.filter((r) => r.event === event && r.outcome === outcome).map((r) => [r.channel, r.events]),
      );
    expect(by("checkout", "")).toEqual({ card: 1, mpesa: 2 });
    expect(by("payment", "succeeded")).toEqual({ card: 1, mpesa: 1 });
    expect(by("payment", "failed")).toEqual({ mpesa: 3 });
  });

  it("top pages, referrers and countries: views (sampled in full) and visitors, most first, no bots", async () => {
    const queries = insightQueries(1, NOW);
    expect(rowsOf((await ask(queries.pages)).json)).toEqual([
      { route: "/pricing", views: 4, visitors: 1 },
      { route: "/", views: 1, visitors: 1 },
    ]);
    expect(rowsOf((await ask(queries.referrers)).json)).toEqual([
      { referrer: "www.google.com", views: 2, visitors: 2 },
    ]);
    expect(rowsOf((await ask(queries.countries)).json)).toEqual([
      { country: "KE", views: 4, visitors: 1 },
      { country: "UG", views: 1, visitors: 1 },
    ]);
    const week = rowsOf((await ask(insightQueries(7, NOW).pages)).json);
    expect(week.map((r) => r.route)).toEqual(["/pricing", "/", "/about"]);
  });

  it("M-Pesa's result codes, most frequent first, the bot's 1037 left out", async () => {
    expect(rowsOf((await ask(insightQueries(1, NOW).resultCodes)).json)).toEqual([
      { code: "1032", payments: 3 },
      { code: "0", payments: 1 },
    ]);
  });

  it("yesterday for the digest: its visitors, checkouts and payments, today's and older ones left out", async () => {
    const rows = rowsOf((await ask(digestQuery(NOW))).json);
    const sum = (event: string, column: string, outcome?: string) =>
      rows
        .filter((r) => r.event === event && (outcome === undefined || r.outcome === outcome))
        .reduce((total, r) => total + Number(r[column]), 0);
    expect({
      visitors: sum("view", "visitors"),
      checkouts: sum("checkout", "events"),
      payments: sum("payment", "events", "succeeded"),
    }).toEqual(scenario.yesterday);
  });
});
