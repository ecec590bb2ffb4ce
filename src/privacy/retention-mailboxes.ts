/**
 * Which mailboxes the retention rules treat as one person (mail/mailbox.ts: case, a +tag and Gmail's
 * dots do not count): those that ever engaged (a paid order or an accepted quote: their enquiries are
 * a client's) and those still in a relationship at a cutoff (an order active since it, or a live
 * subscription: their records and correspondence are kept). Stored addresses are found by the
 * indexed mailbox key (and, for those SQL cannot key, by domain), and the keys compared here. An erased address
 * (`[erased]`, the People section's marker) is no mailbox: its row stands alone.
 */

import { type StepTally, tally } from "../http/cron-step.ts";
import { mailboxDomains, mailboxKey } from "../mail/mailbox.ts";
import type { MailboxLookup } from "./address-match.ts";
import { ERASED } from "./erased-mail-queries.ts";
import { type Keyset, readCursor, saveCursor } from "./retention-cursor-queries.ts";
import { activeAddresses } from "./retention-order-queries.ts";
import { engagedAddresses } from "./retention-queries.ts";

/** A key SQL can compute too (mailbox-key-queries.ts): ASCII, one `@` at most. */
const sqlCanKey = (address: string): boolean =>
  [...address].every((ch) => ch.charCodeAt(0) < 0x80) && address.split("@").length <= 2;

/**
 * Where to find these addresses' mailboxes: their keys; and, for an address SQL cannot key (or one
 * whose stored spellings may not be keyed), its mailbox's domains, searched among unkeyed rows.
 */
function lookupOf(emails: readonly string[]): MailboxLookup {
  const keys = new Set<string>();
  const domains = new Set<string>();
  for (const email of emails) {
    if (email === ERASED) continue;
    const key = mailboxKey(email);
    if (sqlCanKey(email)) keys.add(key);
    if (!key.includes("@")) continue;
    for (const each of mailboxDomains(key)) domains.add(each);
  }
  return { keys: [...keys], unkeyedDomains: [...domains] };
}

/** Tells whether an address belongs to one of the mailboxes found; an erased one never does. */
export type MailboxTest = (email: string) => boolean;

function testOf(found: readonly string[]): MailboxTest {
  const keys = new Set(found.filter((email) => email !== ERASED).map(mailboxKey));
  return (email) => email !== ERASED && keys.has(mailboxKey(email));
}

/** Which of these addresses' mailboxes ever engaged. */
export async function engagedMailboxes(db: D1Database, emails: readonly string[]): Promise<MailboxTest> {
  return testOf(await engagedAddresses(db, lookupOf(emails)));
}

/** Which of these addresses' mailboxes are still in a relationship at `cutoff`. */
export async function activeMailboxes(db: D1Database, emails: readonly string[], cutoff: string): Promise<MailboxTest> {
  return testOf(await activeAddresses(db, lookupOf(emails), cutoff));
}

/** Rows read a page at a time, and at most `pages` pages a run: the rest waits for the next run. */
export type PageLimits = { page: number; pages: number };

/** A walk's step name (its cursor and its log line), the run's time, and each row's keyset. */
export type Walk<T> = { db: D1Database; step: string; now: string; key: (row: T) => Keyset };

/**
 * Walks rows past a cutoff a page at a time, by the keyset of the last row examined, starting where
 * the step's previous run stopped (retention-cursor-queries.ts): rows a rule keeps (a client's) are
 * examined once a pass, not again every run, so however many there are the rows after them are
 * reached. `each` handles one page and says how many of its rows, from the first, it examined (fewer
 * than all: it stopped on its own budget). At most `pages` pages a run; the place is saved where the
 * run stopped, and cleared when the walk reached the end.
 */
export async function walkPages<T>(
  walk: Walk<T>,
  read: (after: Keyset | null) => Promise<T[]>,
  limits: PageLimits,
  each: (rows: T[]) => Promise<number>,
  counted?: StepTally,
): Promise<void> {
  let after = await readCursor(walk.db, walk.step);
  const stop = async (at: Keyset | null, budgetReached: boolean) => {
    if (counted && budgetReached) counted.budgetReached = true;
    await saveCursor(walk.db, walk.step, at, walk.now);
  };
  for (let page = 0; page < limits.pages; page++) {
    const rows = await read(after);
    const examined = await each(rows);
    tally(counted, examined, Number.POSITIVE_INFINITY);
    const last = rows[examined - 1];
    if (last) after = walk.key(last);
    if (examined < rows.length) return stop(after, true);
    if (rows.length < limits.page) return stop(null, false);
  }
  await stop(after, true);
}
