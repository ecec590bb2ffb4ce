/**
 * The contact-message rules. An enquiry older than the enquiry period is erased unless its mailbox
 * ever engaged (a paid order or an accepted quote). A client's message, kept by that, is erased once
 * it is older than the record period and its mailbox is no longer in a relationship (no order active
 * since that cutoff, no live subscription): client correspondence lasts the relationship plus the
 * record period. Either way the e-mails about the message are anonymised in the same batch.
 */

import { activeMailboxes, engagedMailboxes, type MailboxTest, walkPages } from "./retention-mailboxes.ts";
import { deleteMessages, type OldMessage, oldMessages } from "./retention-queries.ts";

/** Rows read a page at a time, and at most `pages` pages a run: the rest waits for tomorrow. */
export type PageLimits = { page: number; pages: number };

/** What one message rule needs: the cutoff, the run's time (for cleared bodies) and its bounds. */
type MessageRun = { cutoff: string; now: string; limits: PageLimits };

/**
 * Erases the messages before the cutoff that `kept` does not claim; `counted` hears each page's
 * deletions as they happen, so a failure part-way still reports what went.
 */
async function eraseMessagesUnless(
  db: D1Database,
  { cutoff, now, limits }: MessageRun,
  kept: (messages: readonly OldMessage[]) => Promise<MailboxTest>,
  counted: (erased: number) => void,
): Promise<void> {
  await walkPages(
    (after: OldMessage | null) => oldMessages(db, cutoff, after, limits.page),
    limits,
    async (messages) => {
      const keeps = await kept(messages);
      const ids = messages.filter((message) => !keeps(message.email)).map((message) => message.id);
      if (ids.length > 0) counted(await deleteMessages(db, ids, cutoff, now));
      return true;
    },
  );
}

const emailsOf = (messages: readonly OldMessage[]) => messages.map((message) => message.email);

/** Erases the old enquiries of mailboxes that never engaged. */
export async function eraseOldEnquiries(
  db: D1Database,
  run: MessageRun,
  counted: (erased: number) => void,
): Promise<void> {
  await eraseMessagesUnless(db, run, (messages) => engagedMailboxes(db, emailsOf(messages)), counted);
}

/** Erases messages older than the record cutoff whose mailbox is no longer in a relationship. */
export async function eraseOldCorrespondence(
  db: D1Database,
  run: MessageRun,
  counted: (erased: number) => void,
): Promise<void> {
  await eraseMessagesUnless(db, run, (messages) => activeMailboxes(db, emailsOf(messages), run.cutoff), counted);
}
