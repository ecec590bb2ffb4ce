/**
 * The contact-message rules. An enquiry older than the enquiry period is erased unless its mailbox
 * ever engaged (a paid order or an accepted quote). A client's message, kept by that, is erased once
 * it is older than the record period and its mailbox is no longer in a relationship (no order active
 * since that cutoff, no live subscription): client correspondence lasts the relationship plus the
 * record period. Either way the e-mails about the message are anonymised in the same batch.
 * Budget: at most `page` × `pages` messages examined a run (retention.ts's limits); a run that stops
 * on it saves its place (walkPages), and the next run goes on after it.
 */

import type { StepTally } from "../http/cron-step.ts";
import {
  activeMailboxes,
  engagedMailboxes,
  type MailboxTest,
  type PageLimits,
  walkPages,
} from "./retention-mailboxes.ts";
import { deleteMessages, type OldMessage, oldMessages } from "./retention-queries.ts";

/** What one walking rule needs: its step name, the cutoff, the run's time (cleared bodies, the cursor) and its bounds. */
export type WalkRun = { step: string; cutoff: string; now: string; limits: PageLimits; counted?: StepTally };

/**
 * Erases the messages before the cutoff that `kept` does not claim; `erased` hears each page's
 * deletions as they happen, so a failure part-way still reports what went.
 */
async function eraseMessagesUnless(
  db: D1Database,
  run: WalkRun,
  kept: (messages: readonly OldMessage[]) => Promise<MailboxTest>,
  erased: (n: number) => void,
): Promise<void> {
  const { cutoff, now, limits } = run;
  await walkPages(
    {
      db,
      step: run.step,
      now,
      key: (message: OldMessage) => ({ created_at: message.created_at, id: String(message.id) }),
    },
    (after) => oldMessages(db, cutoff, after && { created_at: after.created_at, id: Number(after.id) }, limits.page),
    limits,
    async (messages) => {
      const keeps = await kept(messages);
      const ids = messages.filter((message) => !keeps(message.email)).map((message) => message.id);
      if (ids.length > 0) erased(await deleteMessages(db, ids, cutoff, now));
      return messages.length;
    },
    run.counted,
  );
}

const emailsOf = (messages: readonly OldMessage[]) => messages.map((message) => message.email);

/** Erases the old enquiries of mailboxes that never engaged. */
export async function eraseOldEnquiries(db: D1Database, run: WalkRun, erased: (n: number) => void): Promise<void> {
  await eraseMessagesUnless(db, run, (messages) => engagedMailboxes(db, emailsOf(messages)), erased);
}

/** Erases messages older than the record cutoff whose mailbox is no longer in a relationship. */
export async function eraseOldCorrespondence(db: D1Database, run: WalkRun, erased: (n: number) => void): Promise<void> {
  await eraseMessagesUnless(db, run, (messages) => activeMailboxes(db, emailsOf(messages), run.cutoff), erased);
}
