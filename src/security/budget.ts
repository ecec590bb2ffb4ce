/**
 * Hourly and daily budgets kept in D1 (migrations/0006_budgets.sql): what one key (a mailbox, a
 * client's network) may use of something. Each use is decided and recorded by one statement, so a
 * budget holds however many requests arrive at once; the Workers rate limiting binding cannot do
 * this (its period is at most a minute, and it counts per location, eventually). The statements
 * are in budget-queries.ts.
 */
import { type StepTally, tally } from "../http/cron-step.ts";
import {
  type BudgetUse,
  countBudgetUse,
  countBudgetUsesTogether,
  deleteBudgetsBefore,
  returnBudgetUses,
} from "./budget-queries.ts";

export type Budget = {
  /** What is counted, e.g. "mail:quote" or "client:contact". */
  scope: string;
  perHour: number;
  perDay: number;
};

/** The clock hour and the UTC day a moment falls in: '2026-11-25T13' and '2026-11-25'. */
function windowsOf(now: Date): { hour: string; day: string } {
  const iso = now.toISOString();
  return { hour: iso.slice(0, 13), day: iso.slice(0, 10) };
}

/**
 * Takes one from the key's budget: true when it was taken, false when the hour's or the day's is
 * spent (then nothing is counted, so refused attempts never eat into a later hour). The UPSERT's
 * WHERE makes the check and the count one atomic step: no count-then-insert race.
 */
export async function spendBudget(db: D1Database, budget: Budget, key: string, now = new Date()): Promise<boolean> {
  const { hour, day } = windowsOf(now);
  return countBudgetUse(db, { scope: budget.scope, key, hour, day, perHour: budget.perHour, perDay: budget.perDay });
}

/** Budgets an attempt spent together, for giving them back if a later check refuses it. */
export type SpentTogether = { uses: BudgetUse[]; attempt: string };

/**
 * Takes one from each key's budget, or from none: the spent uses when all were taken, else which
 * spend found its window full (then nothing is counted anywhere). For one action that several
 * budgets bound, e.g. a prompt: its network's and its phone's.
 */
export async function spendBudgetsTogether(
  db: D1Database,
  spends: readonly { budget: Budget; key: string }[],
  now = new Date(),
): Promise<{ spent: SpentTogether } | { full: Budget }> {
  const { hour, day } = windowsOf(now);
  const uses = spends.map(({ budget, key }) => ({
    scope: budget.scope,
    key,
    hour,
    day,
    perHour: budget.perHour,
    perDay: budget.perDay,
  }));
  const attempt = crypto.randomUUID();
  const refused = await countBudgetUsesTogether(db, uses, attempt);
  const full = refused === null ? undefined : spends[refused]?.budget;
  return full ? { full } : { spent: { uses, attempt } };
}

/** Gives back what spendBudgetsTogether took: the action they were spent for did not happen. */
export function returnBudgets(db: D1Database, spent: SpentTogether): Promise<void> {
  return returnBudgetUses(db, spent.uses, spent.attempt);
}

/** Rows of days gone by deleted a run (every 5 minutes): a day's keys go within a few runs. */
const FORGET_BUDGET = 1000;

/** Deletes the rows of days gone by (the cron sweep): the table holds at most a day's keys. */
export async function forgetPastBudgets(db: D1Database, now = new Date(), counted?: StepTally): Promise<number> {
  const deleted = await deleteBudgetsBefore(db, windowsOf(now).day, FORGET_BUDGET);
  tally(counted, deleted, FORGET_BUDGET);
  return deleted;
}

/** Seconds until the hour's budget starts again: what a refused client is told to wait. */
export function secondsToNextHour(now = new Date()): number {
  return 3600 - Math.floor((now.getTime() % 3_600_000) / 1000);
}

/**
 * What one client's network (clientKey: an IPv6 /64) may store in an hour and a day, on top of the
 * per-minute limiters: this is what bounds how fast one network can grow D1 (docs/security.md).
 */
export const clientBudgets = {
  contact: { scope: "client:contact", perHour: 10, perDay: 30 },
  quote: { scope: "client:quote", perHour: 20, perDay: 60 },
} as const satisfies Record<string, Budget>;

/**
 * E-mails one mailbox (mail/mailbox.ts: `a.b+x@gmail.com` is `ab@gmail.com`) may get on a visitor's
 * request, whoever asks: the forms cannot be used to fill a stranger's inbox.
 */
export const mailboxBudgets = {
  quote: { scope: "mail:quote", perHour: 3, perDay: 10 },
  billingLink: { scope: "mail:billing-link", perHour: 3, perDay: 10 },
  contactAck: { scope: "mail:contact-ack", perHour: 1, perDay: 3 },
} as const satisfies Record<string, Budget>;

/**
 * M-Pesa PIN prompts one phone number may get, whoever asks, and one client's network may send:
 * the checkout cannot be used to buzz a stranger's phone.
 */
export const promptBudgets = {
  phone: { scope: "phone:mpesa-prompt", perHour: 3, perDay: 8 },
  client: { scope: "client:mpesa-prompt", perHour: 10, perDay: 30 },
  /**
   * Payment requests one network may have refused (a wrong amount, a closed quote, an order already
   * paid): refusals cost the phone nothing, so they are bounded on their own, and a network that
   * probes past this learns nothing more.
   */
  refused: { scope: "client:mpesa-refused", perHour: 20, perDay: 60 },
} as const satisfies Record<string, Budget>;
