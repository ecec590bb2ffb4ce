// Reading the numbers outside the page: the digest's line about yesterday, the SQL API client's
// answers for every way a setting or the API can be wrong (none throws, none shows the token), and
// the ledger query's plan (an index, not a read of every payment ever taken).
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { runAnalyticsSql } from "../../../src/insight/analytics-api.ts";
import { insightDigestLine } from "../../../src/insight/insight-digest.ts";
import { revenueQuery } from "../../../src/insight/revenue-queries.ts";
import { mailKinds } from "../../../src/mail/mail-kinds.ts";
import { sendDailyDigest } from "../../../src/mail/owner-digest.ts";
import { company } from "../../../src/site/company-copy.ts";
import { clearPoints, funnelScenario, seedPoints } from "../../support/analytics-points.ts";
import { TEST_ANALYTICS_TOKEN } from "../../support/analytics-standin-ports.ts";
import { envWith } from "../support/env.ts";
import { makeMessage } from "../support/factories.ts";
import { workContext } from "../support/work-context.ts";

// The page's tests seed the project's stand-in; these read one of their own, through their own env.
const scratch = () => inject("analyticsScratchUrl");
const scratchEnv = (more: { [K in keyof Env]?: unknown } = {}) => envWith({ ANALYTICS_API_BASE: scratch(), ...more });

describe("the digest's line", () => {
  beforeEach(async () => {
    await clearPoints(scratch());
  });

  it("counts yesterday's visitors, checkouts started and payments made, people only", async () => {
    const now = new Date();
    await seedPoints(scratch(), funnelScenario(now).seeds);
    expect(await insightDigestLine(workContext(scratchEnv()), now)).toBe(
      "Yesterday: 2 visitors, 1 checkout started, 1 payment.",
    );
  });

  it("says 0 of each on a day nobody came", async () => {
    expect(await insightDigestLine(workContext(scratchEnv()), new Date())).toBe(
      "Yesterday: 0 visitors, 0 checkouts started, 0 payments.",
    );
  });

  it("is left out when the SQL API is not set up", async () => {
    expect(await insightDigestLine(workContext(scratchEnv({ ANALYTICS_API_TOKEN: undefined })), new Date())).toBeNull();
    expect(await insightDigestLine(workContext(scratchEnv({ ANALYTICS_ACCOUNT_ID: "" })), new Date())).toBeNull();
  });

  it("says the numbers could not be read when the API does not answer or refuses", async () => {
    const dead = await insightDigestLine(
      workContext(envWith({ ANALYTICS_API_BASE: inject("analyticsDeadUrl") })),
      new Date(),
    );
    expect(dead).toBe("Yesterday's visitors, checkouts and payments could not be read (not reachable).");
    const refused = await insightDigestLine(workContext(scratchEnv({ ANALYTICS_API_TOKEN: "wrong" })), new Date());
    expect(refused).toMatch(
      /^Yesterday's visitors, checkouts and payments could not be read \(HTTP 401: Unable to authenticate request/,
    );
  });
});

describe("the daily digest", () => {
  it("carries yesterday's line, after the lists, linked to the day on /admin/insight", async () => {
    await clearPoints(scratch());
    const now = new Date();
    await seedPoints(scratch(), funnelScenario(now).seeds);
    // Something else to report: the numbers alone send no digest.
    await makeMessage({ name: "Waiting sender", email: "waiting@example.com" });
    const queued = await sendDailyDigest(workContext(scratchEnv()), now);
    expect(queued).not.toBeNull();
    const row = await env.DB.prepare("SELECT payload FROM outbox WHERE kind = 'owner-digest' ORDER BY id DESC").first<{
      payload: string;
    }>();
    const mail = mailKinds["owner-digest"].render(JSON.parse(row?.payload ?? "{}"), { company });
    expect(mail.text).toContain("Yesterday on the website\n- Yesterday: 2 visitors, 1 checkout started, 1 payment.");
    expect(mail.text).toContain("/admin/insight?days=1");
    expect(mail.text.indexOf("Messages not yet answered")).toBeLessThan(mail.text.indexOf("Yesterday on the website"));
  });
});

describe("the SQL API client", () => {
  const run = (bindings: { [K in keyof Env]?: unknown }, sql = "SELECT 1 AS one FORMAT JSON") =>
    runAnalyticsSql(envWith({ ANALYTICS_API_BASE: scratch(), ...bindings }), sql);

  it("reads FORMAT JSON's rows", async () => {
    expect(await run({})).toEqual({ ok: true, rows: [{ one: 1 }] });
  });

  it.each([
    ["no account", { ANALYTICS_ACCOUNT_ID: undefined }, /not both set/],
    ["a blank token", { ANALYTICS_API_TOKEN: "  " }, /not both set/],
    ["an account id with a path in it", { ANALYTICS_ACCOUNT_ID: "abc/../../user" }, /not a Cloudflare account id/],
    ["a token with a line break", { ANALYTICS_API_TOKEN: "abc\r\nX-Evil: 1" }, /not a token/],
    ["a remote base", { ANALYTICS_API_BASE: "https://api.example.com" }, /must be an http\(s\) URL/],
    ["a private address", { ANALYTICS_API_BASE: "http://10.0.0.5:12115" }, /must be an http\(s\) URL/],
    ["a base that is not a URL", { ANALYTICS_API_BASE: "localhost:12115" }, /not a URL|must be an http/],
  ])("with %s answers not_configured and sends nothing", async (_label, bindings, message) => {
    const answer = await run(bindings);
    expect(answer).toMatchObject({ ok: false, reason: "not_configured" });
    expect(answer.ok ? "" : answer.message).toMatch(message);
  });

  it("answers refused, with the API's reason, for SQL outside the dialect", async () => {
    const answer = await run({}, "SELECT blob1 FROM acacia_site_events JOIN x ON 1 = 1");
    expect(answer).toMatchObject({ ok: false, reason: "refused" });
    expect(answer.ok ? "" : answer.message).toMatch(/^HTTP 422: Input was invalid: Joins are not supported/);
  });

  it("answers refused for a token or account Cloudflare does not accept, never repeating the token", async () => {
    const token = await run({ ANALYTICS_API_TOKEN: "wrong-but-secret" });
    expect(token).toMatchObject({
      ok: false,
      reason: "refused",
      message: "HTTP 401: Unable to authenticate request (10001)",
    });
    const account = await run({ ANALYTICS_ACCOUNT_ID: "ffffffffffffffffffffffffffffffff" });
    expect(account).toMatchObject({ ok: false, reason: "refused", message: "HTTP 403: Authentication error (10000)" });
    expect(JSON.stringify([token, account])).not.toContain(TEST_ANALYTICS_TOKEN);
  });

  it("answers unreachable when nothing answers, rather than throw", async () => {
    expect(await run({ ANALYTICS_API_BASE: inject("analyticsDeadUrl") })).toEqual({
      ok: false,
      reason: "unreachable",
      message: "not reachable",
    });
  });
});

describe("revenue's ledger query", () => {
  it("finds the period's paid lines through payments_paid_by_time and each one's refunds through refunds_by_payment", async () => {
    const { sql, params } = revenueQuery(env.DB, "2026-11-01T00:00:00.000Z", null).toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const plan = results.map((r) => r.detail).join("\n");
    expect(plan).toMatch(/SEARCH payments USING INDEX payments_paid_by_time/);
    expect(plan).toMatch(/SEARCH r USING INDEX refunds_by_payment/);
    expect(plan).not.toMatch(/^SCAN (payments|r)\b/m);
  });
});
