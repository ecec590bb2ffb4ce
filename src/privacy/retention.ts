/**
 * The retention sweep (docs/privacy-operations.md, "Retention"), once a day on the digest's Cron:
 * client records and correspondence once a mailbox's relationship ended more than the record period
 * ago; checkouts never paid, and enquiries and quotes never accepted of mailboxes that never engaged,
 * past the enquiry period; e-mail bodies past the mail-body period; records of e-mails and audit rows
 * past the record period; expired billing links and past sign-in counters. Each rule runs on its own: one whose period is unusable is skipped, one that
 * fails is logged, and neither stops the others. A run that erased or cleared anything writes one
 * audit row with the counts.
 */

import { forgetPastSignInFailures, WINDOW_MS } from "../admin/sign-in-failures.ts";
import { type StepTally, tally, timedStep } from "../http/cron-step.ts";
import type { Logger } from "../http/log.ts";
import type { WorkContext } from "../http/work-context.ts";
import { eraseOldCorrespondence, eraseOldEnquiries } from "./retention-enquiries.ts";
import type { PageLimits } from "./retention-mailboxes.ts";
import { eraseExpiredRecords, eraseUnpaidOrders } from "./retention-orders.ts";
import { readRetentionPeriods, retentionCutoffs } from "./retention-periods.ts";
import {
  auditRetention,
  clearMailBodies,
  deleteExpiredBillingLinks,
  deleteOldAuditRows,
  deleteOldMailRecords,
} from "./retention-queries.ts";
import { eraseOldQuotes } from "./retention-quotes.ts";

/** What each rule erased or cleared in one run, in the order the rules run. */
type RetentionCounts = {
  records: number;
  unpaidOrders: number;
  enquiries: number;
  quotes: number;
  clientMessages: number;
  mailBodies: number;
  mailRecords: number;
  auditRows: number;
  billingLinks: number;
  signInWindows: number;
};
type Rule = keyof RetentionCounts;

/**
 * Each rule's row budget a run (issue 37, "Crons in bounded work"); the rest waits for the next day's
 * run. The walking rules (records, enquiries, quotes, client messages) save their place and go on
 * after it (walkPages); every other rule changes what it takes, so its WHERE no longer finds it.
 */
export type RetentionLimits = {
  /** Client records and unpaid checkouts erased, each rule on its own (records also examine 5× as many). */
  orders: number;
  /** Contact messages and quotes examined, each rule on its own. */
  enquiries: PageLimits;
  mailBodies: number;
  /** Old records of e-mails and old audit rows, each. */
  records: number;
  billingLinks: number;
};

export const RETENTION_LIMITS: RetentionLimits = {
  orders: 100,
  enquiries: { page: 200, pages: 5 },
  mailBodies: 1000,
  records: 1000,
  billingLinks: 1000,
};

export type RetentionRun = { counts: RetentionCounts; skipped: Rule[]; failed: Rule[] };

/** A rule's work: `erased` hears what it erased or cleared, `counted` its rows and budget for the log. */
type RuleWork = (cutoff: string, erased: (n: number) => void, counted: StepTally) => Promise<void>;

/** Each rule: its cutoff (null: its period is unusable, so it is skipped) and its work. */
type RuleRun = { cutoff: string | null; run: RuleWork };

/** A rule that changes at most `budget` rows in one statement: the statement's count is both figures. */
const changing =
  (budget: number, change: (cutoff: string) => Promise<number>): RuleWork =>
  async (cutoff, erased, counted) => {
    const n = await change(cutoff);
    tally(counted, n, budget);
    erased(n);
  };

function rulesOf(context: WorkContext, now: Date, limits: RetentionLimits): Record<Rule, RuleRun> {
  const { env } = context;
  const db = env.DB;
  const cutoffs = retentionCutoffs(readRetentionPeriods(context), now);
  const at = now.toISOString();
  const walk = (step: Rule, cutoff: string, counted: StepTally) => ({
    step: `retention.${step}`,
    cutoff,
    now: at,
    limits: limits.enquiries,
    counted,
  });
  const { orders, mailBodies, records, billingLinks } = limits;
  return {
    records: {
      cutoff: cutoffs.records,
      run: (c, n, counted) =>
        eraseExpiredRecords(env, { step: "retention.records", cutoff: c, now: at, limit: orders, counted }, n),
    },
    unpaidOrders: {
      cutoff: cutoffs.enquiries,
      run: (c, n, counted) => eraseUnpaidOrders(env, { cutoff: c, limit: orders, counted }, n),
    },
    enquiries: { cutoff: cutoffs.enquiries, run: (c, n, t) => eraseOldEnquiries(db, walk("enquiries", c, t), n) },
    quotes: { cutoff: cutoffs.enquiries, run: (c, n, t) => eraseOldQuotes(env, walk("quotes", c, t), n) },
    clientMessages: {
      cutoff: cutoffs.records,
      run: (c, n, t) => eraseOldCorrespondence(db, walk("clientMessages", c, t), n),
    },
    mailBodies: {
      cutoff: cutoffs.mailBodies,
      run: changing(mailBodies, (c) => clearMailBodies(db, c, mailBodies, at)),
    },
    mailRecords: { cutoff: cutoffs.records, run: changing(records, (c) => deleteOldMailRecords(db, c, records)) },
    auditRows: { cutoff: cutoffs.records, run: changing(records, (c) => deleteOldAuditRows(db, c, records)) },
    billingLinks: { cutoff: at, run: changing(billingLinks, (c) => deleteExpiredBillingLinks(db, c, billingLinks)) },
    // Sign-ins delete past windows as they come (src/admin/sign-in-failures.ts): a day leaves a few.
    signInWindows: {
      cutoff: at,
      run: changing(Number.POSITIVE_INFINITY, () =>
        forgetPastSignInFailures(db, Math.floor(now.getTime() / WINDOW_MS)),
      ),
    },
  };
}

/**
 * Runs every rule once, in turn (D1 takes writes one at a time anyway), each as a cron step with its
 * own log line (`retention.<rule>`), and writes the audit row. `now` is the Cron's scheduled time;
 * `limits` bound the run (tests make them small).
 */
export async function sweepRetention(
  context: WorkContext,
  now = new Date(),
  limits = RETENTION_LIMITS,
): Promise<RetentionRun> {
  const { env, log } = context;
  const result: RetentionRun = {
    counts: {
      records: 0,
      unpaidOrders: 0,
      enquiries: 0,
      quotes: 0,
      clientMessages: 0,
      mailBodies: 0,
      mailRecords: 0,
      auditRows: 0,
      billingLinks: 0,
      signInWindows: 0,
    },
    skipped: [],
    failed: [],
  };
  for (const [rule, { cutoff, run }] of Object.entries(rulesOf(context, now, limits)) as [Rule, RuleRun][]) {
    if (cutoff === null) {
      result.skipped.push(rule);
      continue;
    }
    const erased = (n: number) => {
      result.counts[rule] += n;
    };
    try {
      // The step's line says what failed; the other rules still run.
      await timedStep(log, `retention.${rule}`, (counted) => run(cutoff, erased, counted));
    } catch {
      result.failed.push(rule);
    }
  }
  await record(env.DB, log, now, result);
  return result;
}

/** The audit row, only when something went; the log line always. */
async function record(db: D1Database, log: Logger, now: Date, { counts, skipped, failed }: RetentionRun) {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  log.info(total > 0 ? "Retention sweep erased or cleared rows" : "Retention sweep: nothing past its period", {
    ...counts,
    skipped,
    failed,
  });
  if (total === 0) return;
  const detail = JSON.stringify({
    ...counts,
    ...(skipped.length > 0 ? { skipped } : {}),
    ...(failed.length > 0 ? { failed } : {}),
  });
  await auditRetention(db, now.toISOString().slice(0, 10), detail, now.toISOString());
}
