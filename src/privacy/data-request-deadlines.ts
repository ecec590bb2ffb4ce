/**
 * The logged data requests' deadlines as the owner hears of them outside the back office: lines for
 * the daily digest (due within 2 days, today's and overdue ones included) and one e-mail a Nairobi
 * day while any is overdue. The cron and the digest call these (src/cron.ts, src/mail/owner-digest.ts).
 */

import type { DataRequestRow } from "../db/data-request-tables.ts";
import { type StepTally, tally } from "../http/cron-step.ts";
import type { WorkContext } from "../http/work-context.ts";
import { nairobiDay } from "../lib/dates.ts";
import { enqueueMail, type QueuedMail } from "../mail/enqueue.ts";
import type { Details } from "../mail/mail-layout.ts";
import { ADMIN_PEOPLE_PATH } from "../paths.ts";
import { addDays, daysFrom, longDay } from "./data-request-clock.ts";
import { dataRequestCopy } from "./data-request-copy.ts";
import { openRequests } from "./data-request-log-queries.ts";

/** The digest names a request from this many days before it is due. */
const DIGEST_DAYS_AHEAD = 2;
/** Enough lines to act on; the People section lists the rest. */
const ALERT_LISTED = 20;

/** One request as a line: "Erasure request (received by letter on 25 November 2026) for j•••@example.com: due …". */
function requestLine(row: DataRequestRow, today: string): string {
  const due = { day: longDay(row.due_on), overdueDays: daysFrom(row.due_on, today) };
  return dataRequestCopy.digest.line(row.kind, row.channel, longDay(row.received_on), row.person, due);
}

/**
 * The digest's lines: open requests due on or before the day after tomorrow (Nairobi), the earliest
 * due first; at most `limit` lines, the last of them saying where the rest are when more are due.
 * One indexed read (openRequests: data_requests_by_state_due, state=? AND due_on<=?).
 */
export async function dataRequestDigestLines(db: D1Database, now: Date, limit: number): Promise<string[]> {
  if (limit < 1) return [];
  const today = nairobiDay(now);
  const rows = await openRequests(db, limit + 1, addDays(today, DIGEST_DAYS_AHEAD));
  const lines = rows.slice(0, limit).map((row) => requestLine(row, today));
  return rows.length > limit ? [...lines.slice(0, limit - 1), dataRequestCopy.digest.more] : lines;
}

/**
 * While any open request is past its due day, one e-mail to the owner a Nairobi day, listing them
 * (at most 20), with a link to the People section; null when none is overdue. The outbox's dedupe key
 * (owner-alert-requests:<Nairobi day>) makes it once a day, however often the cron asks, and at once.
 * One indexed read (openRequests: data_requests_by_state_due, state=? AND due_on<=yesterday).
 */
export async function alertOverdueDataRequests(
  context: WorkContext,
  now: Date,
  counted?: StepTally,
): Promise<QueuedMail | null> {
  const today = nairobiDay(now);
  const rows = await openRequests(context.env.DB, ALERT_LISTED + 1, addDays(today, -1));
  tally(counted, rows.length, ALERT_LISTED + 1);
  if (rows.length === 0) return null;
  const copy = dataRequestCopy.alert;
  const details: Details = rows
    .slice(0, ALERT_LISTED)
    .map((row): [string, string] => [copy.label, requestLine(row, today)]);
  if (rows.length > ALERT_LISTED) details.push([copy.more, copy.moreText]);
  context.log.warn("Data requests overdue", { listed: Math.min(rows.length, ALERT_LISTED) });
  return enqueueMail(context, {
    kind: "owner-alert-requests",
    dedupeKey: `owner-alert-requests:${today}`,
    data: {
      customerName: copy.subject,
      summary: copy.summary,
      details,
      adminUrl: `${context.origin}${ADMIN_PEOPLE_PATH}#requests-log`,
    },
  });
}
