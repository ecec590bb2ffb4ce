/**
 * The 72-hour clock outside the back office: the owner's alerts (the cron, every 5 minutes) and the
 * daily digest's lines. Both read the open entries only (breaches_open), a bounded number of them,
 * and say nothing of an entry but its number, its times and its states: no text the owner typed
 * goes into an e-mail.
 */
import type { BreachRow } from "../db/breach-tables.ts";
import { type StepTally, tally } from "../http/cron-step.ts";
import type { WorkContext } from "../http/work-context.ts";
import { nairobiDay } from "../lib/dates.ts";
import { enqueueMail, type QueuedMail } from "../mail/enqueue.ts";
import type { Details } from "../mail/mail-layout.ts";
import { type AlertStage, alertStage, type BreachClock, breachClock, breachTime } from "./breach-clock.ts";
import { breachCopy } from "./breach-copy.ts";
import { breachHref } from "./breach-number.ts";
import { breachesAwaitingOdpc, breachesUntold } from "./breach-queries.ts";

/** Open entries waiting for the ODPC that one run looks at: far more than a business ever has at once. */
const MAX_AWAITING = 25;

const copy = breachCopy.alert;

/** The e-mail's once-only key: each stage once per entry, the overdue one once per Nairobi day. */
function dedupeKey(number: string, stage: AlertStage, now: Date): string {
  const key = `owner-alert-breach:${number}:${stage}`;
  return stage === "overdue" ? `${key}:${nairobiDay(now)}` : key;
}

/** The subject's words: the number and a time, never the entry's text. */
function subjectOf(row: BreachRow, stage: AlertStage, clock: BreachClock): string {
  if (stage === "recorded") return copy.subject.recorded(row.number, breachTime(clock.deadline));
  if (clock.state === "running") return copy.subject["final-day"](row.number, breachCopy.span(clock.leftMs));
  return copy.subject.overdue(row.number, breachCopy.span(clock.state === "overdue" ? clock.lateMs : 0));
}

function detailsOf(row: BreachRow, clock: BreachClock): Details {
  const { labels } = copy;
  const span: [string, string] =
    clock.state === "overdue"
      ? [labels.late, breachCopy.span(clock.lateMs)]
      : [labels.left, breachCopy.span(clock.state === "running" ? clock.leftMs : 0)];
  return [
    [labels.number, row.number],
    [labels.aware, breachTime(row.aware_at)],
    [labels.deadline, breachTime(clock.deadline)],
    span,
    [labels.risk, breachCopy.risks[row.risk]],
    [labels.told, breachCopy.told[row.subjects_told]],
  ];
}

/**
 * Cron (every 5 minutes): for each open entry with a real risk, or one being assessed, whose ODPC
 * notification is not recorded, one e-mail to the owner as it enters each stage (recorded, 24 hours
 * or less left, overdue), the overdue one again each Nairobi day until the notification is
 * recorded. The outbox's dedupe key makes each one once, however often the cron runs or overlaps.
 * Returns the first e-mail this run queued (a duplicate when every one was already sent), or null
 * when no entry is waiting.
 */
export async function alertBreachDeadlines(
  context: WorkContext,
  now = new Date(),
  counted?: StepTally,
): Promise<QueuedMail | null> {
  const { env, origin, log } = context;
  const rows = await breachesAwaitingOdpc(env.DB, MAX_AWAITING);
  tally(counted, rows.length, MAX_AWAITING);
  let first: QueuedMail | null = null;
  for (const row of rows) {
    const clock = breachClock(row, now);
    const stage = alertStage(clock);
    if (stage === null) continue;
    const mail = await enqueueMail(context, {
      kind: "owner-alert-breach",
      dedupeKey: dedupeKey(row.number, stage, now),
      data: {
        customerName: subjectOf(row, stage, clock),
        summary: copy.summary[stage],
        details: detailsOf(row, clock),
        adminUrl: `${origin}${breachHref(row.number)}`,
      },
    });
    if (mail.outcome !== "duplicate") log.warn("Breach ODPC deadline alert", { breach: row.number, stage });
    if (first === null || (first.outcome === "duplicate" && mail.outcome !== "duplicate")) first = mail;
  }
  return first;
}

/**
 * The daily digest's lines (at most `limit`): each open entry waiting for its ODPC notification with
 * its time left or how late it is, the longest known first; then each with a real risk whose people
 * are not told yet.
 */
export async function breachDigestLines(db: D1Database, now: Date, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const [awaiting, untold] = await Promise.all([breachesAwaitingOdpc(db, limit), breachesUntold(db, limit)]);
  const lines = awaiting.map((row) => {
    const clock = breachClock(row, now);
    const deadline = breachTime(clock.deadline);
    return clock.state === "overdue"
      ? breachCopy.digest.overdue(row.number, deadline, breachCopy.span(clock.lateMs))
      : breachCopy.digest.due(row.number, deadline, breachCopy.span(clock.state === "running" ? clock.leftMs : 0));
  });
  lines.push(...untold.map((row) => breachCopy.digest.untold(row.number)));
  return lines.slice(0, limit);
}
