/**
 * The owner's daily digest's line about the site (docs/insight.md): yesterday's visitors, checkouts
 * started and payments, as the funnel counts them (people only; payments that succeeded).
 */
import type { WorkContext } from "../http/work-context.ts";
import { analyticsConfigured, countOf, runAnalyticsSql, textOf } from "./analytics-api.ts";
import { insightCopy } from "./insight-copy.ts";
import { digestQuery } from "./insight-queries.ts";

/**
 * The line for the digest sent at `now` (about the Nairobi day before): null when the SQL API is
 * not set up (no account or token), a line saying the numbers could not be read when it fails.
 */
export async function insightDigestLine(context: WorkContext, now: Date): Promise<string | null> {
  if (!analyticsConfigured(context.env)) return null;
  const answer = await runAnalyticsSql(context.env, digestQuery(now));
  if (!answer.ok) {
    context.log.warn("Yesterday's insight numbers could not be read", {
      reason: answer.reason,
      detail: answer.message,
    });
    return insightCopy.digest.unreadable(answer.message);
  }
  const sum = (event: string, column: "events" | "visitors", outcome?: string) =>
    answer.rows
      .filter((row) => textOf(row.event) === event && (outcome === undefined || textOf(row.outcome) === outcome))
      .reduce((total, row) => total + countOf(row[column]), 0);
  return insightCopy.digest.line(
    sum("view", "visitors"),
    sum("checkout", "events"),
    sum("payment", "events", "succeeded"),
  );
}
