/**
 * The SQL the owner's view sends to Workers Analytics Engine (docs/insight.md), written only in the
 * dialect its reference documents (developers.cloudflare.com/analytics/analytics-engine/sql-reference/):
 * SELECT … FROM one dataset, WHERE/GROUP BY/ORDER BY/LIMIT, SUM, count(DISTINCT …), toDateTime
 * and FORMAT JSON. tests/node/analytics-sql.test.ts checks every query built here against that
 * dialect (scripts/analytics-standin/dialect.ts) and runs it on the stand-in.
 *
 * Nothing a person typed reaches this SQL: the only values written into it are the event and
 * channel names of event-point.ts (closed lists, checked again below) and whole numbers of seconds
 * computed here from the clock. The SQL API takes no bound parameters, so that is the safeguard.
 *
 * Counts are SUM(_sample_interval), never count(): Analytics Engine may sample, and each stored
 * point then stands for _sample_interval points. The event name is index1, the key sampling works
 * by, so each kind of event keeps its own rate. Bots (audience "bot") are left out of everything.
 */
import { ANALYTICS_DATASET, insightColumns as col, type InsightEvent, insightEvents } from "./event-point.ts";

/** The periods the view offers: today (since Nairobi's midnight), the last 7 and the last 30 Nairobi days. */
export const insightPeriods = [1, 7, 30] as const;
export type InsightDays = (typeof insightPeriods)[number];

/** A time range in Unix seconds: from inclusive, to exclusive (null: up to now). */
export type TimeWindow = { from: number; to: number | null };

const DAY_SECONDS = 86_400;
/** Nairobi is UTC+3 all year (src/lib/dates.ts): its midnight is an offset, never a zone lookup. */
const NAIROBI_OFFSET_SECONDS = 3 * 3600;
/** How many pages, referrers and countries the view lists; result codes are few, so more. */
const TOP_ROWS = 10;
const TOP_CODES = 20;

/** Unix seconds of the Nairobi midnight that began the day `now` is in. */
export function nairobiMidnight(now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return Math.floor((seconds + NAIROBI_OFFSET_SECONDS) / DAY_SECONDS) * DAY_SECONDS - NAIROBI_OFFSET_SECONDS;
}

/** The last `days` Nairobi days, today included: from the midnight `days - 1` days before today's. */
export function periodWindow(days: InsightDays, now: Date): TimeWindow {
  return { from: nairobiMidnight(now) - (days - 1) * DAY_SECONDS, to: null };
}

/** Yesterday in Nairobi, midnight to midnight: the digest's day. */
function yesterdayWindow(now: Date): TimeWindow {
  const today = nairobiMidnight(now);
  return { from: today - DAY_SECONDS, to: today };
}

/** A whole number of seconds, or a thrown error: the only number ever written into the SQL. */
function seconds(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a time in seconds: ${value}`);
  return String(value);
}

/** An event name from event-point.ts's closed list, quoted; anything else throws. */
function eventLiteral(event: InsightEvent): string {
  if (!insightEvents.includes(event)) throw new Error(`Not an insight event: ${event}`);
  return `'${event}'`;
}

/** The rows of the window, people only: every query starts from this. */
function humansIn(window: TimeWindow): string {
  const bounds = [`timestamp >= toDateTime(${seconds(window.from)})`];
  if (window.to !== null) bounds.push(`timestamp < toDateTime(${seconds(window.to)})`);
  return `${bounds.join(" AND ")} AND ${col.audience} = 'human'`;
}

const eventsIn = (events: readonly InsightEvent[]) => `index1 IN (${events.map(eventLiteral).join(", ")})`;

/** The funnel's events by kind, channel and outcome (payments): how many of each were written. */
function stepsQuery(window: TimeWindow): string {
  return [
    `SELECT index1 AS event, ${col.channel} AS channel, ${col.outcome} AS outcome, SUM(_sample_interval) AS events`,
    `FROM ${ANALYTICS_DATASET}`,
    `WHERE ${humansIn(window)}`,
    "GROUP BY event, channel, outcome",
    "FORMAT JSON",
  ].join("\n");
}

/**
 * The visitors who reached each step with a visitor of its own (a payment is the server's event, it
 * has none): distinct daily visitor hashes. The hash's salt changes every Nairobi day, so one hash
 * is one visitor on one day, and the distinct hashes of a period are the sum of its days' visitors.
 */
function visitorsQuery(window: TimeWindow): string {
  return [
    `SELECT index1 AS event, count(DISTINCT ${col.visitor}) AS visitors`,
    `FROM ${ANALYTICS_DATASET}`,
    `WHERE ${humansIn(window)} AND ${eventsIn(["view", "cart", "quote", "checkout"])}`,
    "GROUP BY event",
    "FORMAT JSON",
  ].join("\n");
}

/** The most viewed of a page view's columns (route, referrer, country): views and visitors, most first. */
function topViewsQuery(window: TimeWindow, column: string, name: string, skipEmpty: boolean): string {
  return [
    `SELECT ${column} AS ${name}, SUM(_sample_interval) AS views, count(DISTINCT ${col.visitor}) AS visitors`,
    `FROM ${ANALYTICS_DATASET}`,
    `WHERE ${humansIn(window)} AND index1 = ${eventLiteral("view")}${skipEmpty ? ` AND ${column} != ''` : ""}`,
    `GROUP BY ${name}`,
    `ORDER BY views DESC, ${name} ASC`,
    `LIMIT ${TOP_ROWS}`,
    "FORMAT JSON",
  ].join("\n");
}

/** M-Pesa's ResultCode of every M-Pesa payment event (0 paid, 1032 cancelled…): how often each came. */
function resultCodesQuery(window: TimeWindow): string {
  return [
    `SELECT ${col.resultCode} AS code, SUM(_sample_interval) AS payments`,
    `FROM ${ANALYTICS_DATASET}`,
    `WHERE ${humansIn(window)} AND index1 = ${eventLiteral("payment")} AND ${col.channel} = 'mpesa'`,
    "GROUP BY code",
    "ORDER BY payments DESC, code ASC",
    `LIMIT ${TOP_CODES}`,
    "FORMAT JSON",
  ].join("\n");
}

export type InsightQueries = {
  steps: string;
  visitors: string;
  pages: string;
  referrers: string;
  countries: string;
  resultCodes: string;
};

/** Every query of the owner's view for the period ending at `now`. */
export function insightQueries(days: InsightDays, now: Date): InsightQueries {
  const window = periodWindow(days, now);
  return {
    steps: stepsQuery(window),
    visitors: visitorsQuery(window),
    // Where people went: the site's routes, never a path with an id in it (event-point.ts).
    pages: topViewsQuery(window, col.route, "route", false),
    // Where they came from: the referring host; "" (typed in, or our own pages) is left out.
    referrers: topViewsQuery(window, col.referrer, "referrer", true),
    // Where they are: Cloudflare's two-letter country; "" (unknown) is listed as such.
    countries: topViewsQuery(window, col.country, "country", false),
    resultCodes: resultCodesQuery(window),
  };
}

/**
 * Yesterday's page views and visitors, checkouts started and payments by outcome, for the daily
 * digest: one row per event and outcome, with its events and distinct visitors.
 */
export function digestQuery(now: Date): string {
  return [
    `SELECT index1 AS event, ${col.outcome} AS outcome, SUM(_sample_interval) AS events, count(DISTINCT ${col.visitor}) AS visitors`,
    `FROM ${ANALYTICS_DATASET}`,
    `WHERE ${humansIn(yesterdayWindow(now))} AND ${eventsIn(["view", "checkout", "payment"])}`,
    "GROUP BY event, outcome",
    "FORMAT JSON",
  ].join("\n");
}
