// The dialect check (scripts/analytics-standin/dialect.ts) takes what Workers Analytics Engine's SQL
// reference documents (its own examples below) and refuses what it does not have, and the stand-in
// answers both as the SQL API does: 422 "Input was invalid: …" for a refused query, Cloudflare's
// error envelope for a refused token or account, and it keeps only points Analytics Engine would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAnalyticsSql } from "../../scripts/analytics-standin/dialect.ts";
import { type AnalyticsStandin, startAnalyticsStandin } from "../../scripts/analytics-standin/server.ts";
import { ANALYTICS_DATASET } from "../../src/insight/event-point.ts";
import { TEST_ANALYTICS_ACCOUNT_ID, TEST_ANALYTICS_TOKEN } from "../support/analytics-standin-ports.ts";

const T = ANALYTICS_DATASET;

/** Queries from the reference's own pages (sql-api, statements, functions), tables renamed where ours is needed. */
const documented = [
  "SELECT 'Hello Workers Analytics Engine' AS message",
  "SHOW TABLES",
  "SHOW TIMEZONE FORMAT JSONEachRow",
  `SELECT timestamp, blob1 AS location_id, double1 AS inside_temp, double2 AS outside_temp FROM ${T} WHERE timestamp > NOW() - INTERVAL '1' DAY`,
  `SELECT index1 AS location_id, SUM(_sample_interval) AS n_readings FROM ${T} WHERE timestamp > NOW() - INTERVAL '7' DAY GROUP BY index1`,
  `SELECT index1 AS location_id, SUM(_sample_interval * double1) / SUM(_sample_interval) AS average_temp FROM ${T} GROUP BY index1`,
  `SELECT blob2 AS probe_name, if(double3 <= 0, 'FREEZING', 'NOT FREEZING') AS description FROM ${T}`,
  `SELECT blob1 AS probe_name, count() as num_readings FROM ${T} GROUP BY probe_name HAVING num_readings > 100`,
  `SELECT * FROM (SELECT blob1 AS probe_name, count() as num_readings FROM ${T} GROUP BY probe_name)`,
  `SELECT toStartOfInterval(timestamp, INTERVAL '1' HOUR) AS hour, sum(_sample_interval) AS count FROM ${T} GROUP BY hour ORDER BY hour ASC`,
  `SELECT quantileExactWeighted(0.95)(double1, _sample_interval) AS p95 FROM ${T}`,
  `SELECT topK(15)(blob1) AS common FROM ${T}`,
  `SELECT position(':' IN blob1) AS p FROM ${T};`,
  `SELECT count(DISTINCT blob6) AS visitors FROM ${T} WHERE blob1 NOT IN ('a', 'b') AND blob2 ILIKE '%.jpg' LIMIT 10 OFFSET 5 FORMAT TabSeparated`,
  `SELECT formatDateTime(now(), '%Y-%m-%d') AS day, extract(SECOND from toDateTime('2022-06-06 11:30:15')) AS s`,
];

/** What the dialect does not have, and the reason the refusal must give. */
const refused: [string, RegExp][] = [
  [`SELECT blob1 FROM ${T} JOIN other ON blob1 = blob2`, /Joins are not supported/],
  [`SELECT blob1 FROM ${T} LEFT JOIN other USING blob1`, /Joins are not supported/],
  [`SELECT blob1 FROM ${T} UNION ALL SELECT blob1 FROM ${T}`, /UNION is not supported/],
  [`INSERT INTO ${T} VALUES ('x')`, /Only SELECT and SHOW/],
  [`DELETE FROM ${T} WHERE 1 = 1`, /Only SELECT and SHOW/],
  [`DROP TABLE ${T}`, /Only SELECT and SHOW/],
  [`ALTER TABLE ${T} DELETE WHERE 1`, /Only SELECT and SHOW/],
  [`CREATE TABLE x (a String)`, /Only SELECT and SHOW/],
  [`WITH x AS (SELECT 1) SELECT * FROM x`, /Only SELECT and SHOW/],
  [`EXPLAIN SELECT blob1 FROM ${T}`, /Only SELECT and SHOW/],
  [`DESCRIBE ${T}`, /Only SELECT and SHOW/],
  [`SELECT blob1 FROM ${T}; SELECT blob2 FROM ${T}`, /Only one statement/],
  [`SELECT 1;; `, /Only one statement/],
  [`SELECT uniq(blob6) AS u FROM ${T}`, /Unknown function uniq/],
  [`SELECT multiIf(blob4 != '', blob4, 'x') AS m FROM ${T}`, /Unknown function multiIf/],
  [`SELECT blob21 FROM ${T}`, /Unknown column or alias blob21/],
  [`SELECT visitor FROM ${T}`, /Unknown column or alias visitor/],
  [`SELECT count(*) AS n FROM ${T}`, /count\(\*\) is not supported/],
  [`SELECT count(blob1) AS n FROM ${T}`, /count\(<column>\) is not supported/],
  [`SELECT SUM(CASE WHEN blob3 LIKE '5%' THEN 1 ELSE 0 END) AS errors FROM ${T}`, /CASE WHEN/],
  [`SELECT blob1 FROM ${T} WHERE blob1 IN (SELECT blob1 FROM ${T})`, /only supported in the FROM clause/],
  [`SELECT blob1, SUM(_sample_interval) AS n FROM ${T}`, /blob1 is not under an aggregate function/],
  [`SELECT SUM(SUM(_sample_interval)) AS n FROM ${T}`, /cannot be nested/],
  [`SELECT blob1 FROM ${T} WHERE SUM(double1) > 1`, /not allowed in WHERE/],
  [`SELECT blob1 FROM other_dataset`, /Unknown table other_dataset/],
  [`SELECT blob1 FROM ${T} FORMAT CSV`, /Unknown format/],
  [`SELECT "blob1" FROM ${T}`, /Unexpected character/],
  [`SELECT blob1 FROM ${T} /* note */`, /Block comments are not supported/],
  [`SELECT DISTINCT blob1 FROM ${T}`, /SELECT DISTINCT is not supported/],
  [`SELECT blob1 FROM ${T} WHERE timestamp > NOW() - INTERVAL 1 DAY`, /INTERVAL '<n>' <unit>/],
  [`SELECT blob1 FROM ${T} LIMIT -1`, /LIMIT takes a non-negative whole number/],
  [`SELECT blob1 FROM ${T} SETTINGS max_threads = 1`, /SETTINGS is not supported/],
  [`SELECT blob1 FROM ${T} x`, /expected the end of the query/],
  [`SELECT (blob1, blob2) FROM ${T}`, /Tuples are not supported/],
  [`SELECT blob1 FROM ${T} WHERE blob1 = 'unterminated`, /Unterminated string/],
];

describe("the dialect check", () => {
  it.each(documented)("accepts the reference's own example: %s", (sql) => {
    expect(checkAnalyticsSql(sql, [T])).toMatchObject({ ok: true });
  });

  it.each(refused)("refuses %s", (sql, reason) => {
    const verdict = checkAnalyticsSql(sql, [T]);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? "" : verdict.message).toMatch(reason);
  });
});

describe("the stand-in as the SQL API", () => {
  let standin: AnalyticsStandin;
  const sqlUrl = (account = TEST_ANALYTICS_ACCOUNT_ID) =>
    `${standin.url}/client/v4/accounts/${account}/analytics_engine/sql`;
  const post = (body: string, authorization = `Bearer ${TEST_ANALYTICS_TOKEN}`, account?: string) =>
    fetch(sqlUrl(account), { method: "POST", headers: { Authorization: authorization }, body });

  beforeAll(async () => {
    standin = await startAnalyticsStandin({
      port: 0,
      accountId: TEST_ANALYTICS_ACCOUNT_ID,
      token: TEST_ANALYTICS_TOKEN,
    });
  });
  afterAll(async () => {
    await standin.close();
  });

  it("refuses a query outside the dialect with 422 and the reason, in plain text, and records it", async () => {
    const res = await post(`SELECT blob1 FROM ${T} JOIN x ON 1 = 1`);
    expect(res.status).toBe(422);
    expect(await res.text()).toMatch(/^Input was invalid: Joins are not supported/);
    expect(standin.queries().at(-1)).toMatchObject({ status: 422 });
  });

  it("refuses a missing or wrong token (401) and another account (403) in Cloudflare's envelope", async () => {
    for (const authorization of ["", "Bearer wrong-token", `Basic ${TEST_ANALYTICS_TOKEN}`]) {
      const res = await post("SELECT 1 AS one", authorization);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        success: false,
        errors: [{ code: 10001, message: "Unable to authenticate request" }],
        messages: [],
        result: null,
      });
    }
    const other = await post("SELECT 1 AS one", undefined, "ffffffffffffffffffffffffffffffff");
    expect(other.status).toBe(403);
    expect(((await other.json()) as { errors: { code: number }[] }).errors[0]?.code).toBe(10000);
  });

  it("keeps only points Analytics Engine would take, all or none of a batch", async () => {
    const write = (body: unknown) =>
      fetch(`${standin.url}/__local/write`, { method: "POST", body: JSON.stringify(body) });
    const good = { dataset: T, indexes: ["view"], blobs: ["view"], doubles: [1] };
    expect((await write({ ...good, dataset: "other" })).status).toBe(400);
    expect((await write({ ...good, indexes: ["a", "b"] })).status).toBe(400);
    expect((await write({ ...good, indexes: ["x".repeat(97)] })).status).toBe(400);
    expect((await write({ ...good, blobs: Array(21).fill("b") })).status).toBe(400);
    expect((await write({ ...good, blobs: ["x".repeat(16 * 1024 + 1)] })).status).toBe(400);
    expect((await write({ ...good, timestamp: "yesterday" })).status).toBe(400);
    expect((await write([good, { ...good, doubles: ["one"] }])).status).toBe(400);
    expect(standin.points()).toHaveLength(0);
    expect((await write([good, good])).status).toBe(200);
    expect(standin.points()).toHaveLength(2);
    const tooLarge = await fetch(`${standin.url}/__local/write`, { method: "POST", body: "x".repeat(1024 * 1024 + 1) });
    expect(tooLarge.status).toBe(413);
  });

  it("stamps the worker's points now, with a sample interval of 1", async () => {
    standin.clear();
    const before = Math.floor(Date.now() / 1000);
    await fetch(`${standin.url}/__local/write`, {
      method: "POST",
      body: JSON.stringify({ dataset: T, indexes: ["cart"], blobs: ["cart"], doubles: [1] }),
    });
    const [point] = standin.points();
    expect(point?._sample_interval).toBe(1);
    expect(Number(point?.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(point?.timestamp)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    const res = await post(`SELECT SUM(_sample_interval) AS n, min(timestamp) AS at FROM ${T}`);
    const json = (await res.json()) as { data: { n: string; at: string }[] };
    expect(json.data[0]?.n).toBe("1");
    expect(json.data[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
