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
import type { Logger } from "../http/log.ts";
import type { WorkContext } from "../http/work-context.ts";
import { eraseOldCorrespondence, eraseOldEnquiries, type PageLimits } from "./retention-enquiries.ts";
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

/** How much one run may do: the rest waits for the next day's run. */
type RetentionLimits = {
  orders: number;
  /** Contact messages and quotes, each rule on its own. */
  enquiries: PageLimits;
  mailBodies: number;
  /** Old records of e-mails and old audit rows, each. */
  records: number;
  billingLinks: number;
};

const DEFAULT_LIMITS: RetentionLimits = {
  orders: 100,
  enquiries: { page: 200, pages: 5 },
  mailBodies: 1000,
  records: 1000,
  billingLinks: 1000,
};

export type RetentionRun = { counts: RetentionCounts; skipped: Rule[]; failed: Rule[] };

/** Each rule: its cutoff (null: its period is unusable, so it is skipped) and its work. */
type RuleRun = { cutoff: string | null; run: (cutoff: string, counted: (n: number) => void) => Promise<void> };

function rulesOf(context: WorkContext, now: Date, limits: RetentionLimits): Record<Rule, RuleRun> {
  const { env } = context;
  const cutoffs = retentionCutoffs(readRetentionPeriods(context), now);
  const at = now.toISOString();
  return {
    records: { cutoff: cutoffs.records, run: (c, n) => eraseExpiredRecords(env, c, limits.orders, n) },
    unpaidOrders: { cutoff: cutoffs.enquiries, run: (c, n) => eraseUnpaidOrders(env, c, limits.orders, n) },
    enquiries: {
      cutoff: cutoffs.enquiries,
      run: (c, n) => eraseOldEnquiries(env.DB, { cutoff: c, now: at, limits: limits.enquiries }, n),
    },
    quotes: {
      cutoff: cutoffs.enquiries,
      run: (c, n) => eraseOldQuotes(env, { cutoff: c, now: at, limits: limits.enquiries }, n),
    },
    clientMessages: {
      cutoff: cutoffs.records,
      run: (c, n) => eraseOldCorrespondence(env.DB, { cutoff: c, now: at, limits: limits.enquiries }, n),
    },
    mailBodies: {
      cutoff: cutoffs.mailBodies,
      run: async (c, n) => n(await clearMailBodies(env.DB, c, limits.mailBodies, at)),
    },
    mailRecords: {
      cutoff: cutoffs.records,
      run: async (c, n) => n(await deleteOldMailRecords(env.DB, c, limits.records)),
    },
    auditRows: { cutoff: cutoffs.records, run: async (c, n) => n(await deleteOldAuditRows(env.DB, c, limits.records)) },
    billingLinks: {
      cutoff: at,
      run: async (c, n) => n(await deleteExpiredBillingLinks(env.DB, c, limits.billingLinks)),
    },
    signInWindows: {
      cutoff: at,
      run: async (_, n) => n(await forgetPastSignInFailures(env.DB, Math.floor(now.getTime() / WINDOW_MS))),
    },
  };
}

/**
 * Runs every rule once, in turn (D1 takes writes one at a time anyway), and writes the audit row.
 * `now` is the Cron's scheduled time; `limits` bound the run (tests make them small).
 */
export async function sweepRetention(
  context: WorkContext,
  now = new Date(),
  limits = DEFAULT_LIMITS,
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
    try {
      await run(cutoff, (n) => {
        result.counts[rule] += n;
      });
    } catch (error) {
      result.failed.push(rule);
      log.error("A retention rule failed; the others ran", { rule, erased: result.counts[rule], error });
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
