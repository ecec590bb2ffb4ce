/**
 * The enquiry rule: a contact message older than the enquiry period is erased unless its mailbox
 * (mail/mailbox.ts: case, a +tag and Gmail's dots do not count) ever engaged: a paid order or an
 * accepted quote. SQL cannot compute a mailbox key, so old messages are read a page at a time, their
 * domains' engaged addresses fetched, and the keys compared here.
 */
import { deleteMessages, engagedAddresses, type OldMessage, oldMessages } from "../db/retention.ts";
import { mailboxKey } from "../mail/mailbox.ts";

/** Messages read a page at a time, and at most `pages` pages a run: the rest waits for tomorrow. */
export type EnquiryLimits = { page: number; pages: number };

/** Domains that are one mailbox provider: an address at either may be written at the other. */
const SAME_PROVIDER: Readonly<Record<string, readonly string[]>> = {
  "gmail.com": ["gmail.com", "googlemail.com"],
};

/** The domains to search for engagements of these messages' mailboxes. */
function domainsOf(messages: readonly OldMessage[]): string[] {
  const domains = new Set<string>();
  for (const { email } of messages) {
    const key = mailboxKey(email);
    const at = key.lastIndexOf("@");
    if (at < 0) continue;
    const domain = key.slice(at + 1);
    for (const each of SAME_PROVIDER[domain] ?? [domain]) domains.add(each);
  }
  return [...domains];
}

/** The messages of one page whose mailbox never engaged. */
async function unengaged(db: D1Database, messages: readonly OldMessage[]): Promise<number[]> {
  const engaged = new Set((await engagedAddresses(db, domainsOf(messages))).map(mailboxKey));
  return messages.filter((message) => !engaged.has(mailboxKey(message.email))).map((message) => message.id);
}

/**
 * Erases the old enquiries of mailboxes that never engaged; `counted` hears each page's deletions
 * as they happen, so a failure part-way still reports what went. Kept messages (a client's) are read
 * again each run; paging by (created_at, id) walks past them instead of stopping at them.
 */
export async function eraseOldEnquiries(
  db: D1Database,
  cutoff: string,
  limits: EnquiryLimits,
  counted: (erased: number) => void,
): Promise<void> {
  let after: OldMessage | null = null;
  for (let page = 0; page < limits.pages; page++) {
    const messages = await oldMessages(db, cutoff, after, limits.page);
    const ids = await unengaged(db, messages);
    if (ids.length > 0) counted(await deleteMessages(db, ids, cutoff));
    if (messages.length < limits.page) return;
    after = messages[messages.length - 1] ?? null;
  }
}
