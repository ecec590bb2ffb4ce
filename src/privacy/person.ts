/**
 * One person, as the People section finds them: every address that delivers to the mailbox the owner
 * typed (the rule per-recipient caps count by, src/mail/mailbox.ts), and every row held about them.
 */
import { addressesAtDomains, MAX_ADDRESSES, MAX_ROWS, type PersonRows, personRows } from "../db/people.ts";
import { mailboxDomains, mailboxKey } from "../mail/mailbox.ts";
import { sha256Hex } from "../security/sha256.ts";

/** Stored addresses read to find one mailbox's: a domain shared by thousands is cut short. */
const DOMAIN_SCAN_LIMIT = 5000;

export type Person = {
  /** The mailbox as the caps count it (lower-case, no +tag, no gmail dots). */
  mailbox: string;
  /** Its hash: how the audit log names the person, so a record of an erasure holds no address. */
  subject: string;
  /** Every stored address of that mailbox, as written. */
  addresses: string[];
  /** True when more addresses or rows exist than were read: the owner repeats the request. */
  truncated: boolean;
  rows: PersonRows;
};

/** The audit log's name for a mailbox: a hash, the same for every address of it. */
async function personSubject(mailbox: string): Promise<string> {
  return `mailbox:${await sha256Hex(mailbox)}`;
}

/** How a request is listed without keeping the address: first letter and domain (j•••@example.com). */
export function maskedMailbox(mailbox: string): string {
  const at = mailbox.lastIndexOf("@");
  return `${mailbox.slice(0, 1)}•••${mailbox.slice(at)}`;
}

/** Everything held about the mailbox of `address` (which parsePersonAddress accepted). */
export async function findPerson(db: D1Database, address: string): Promise<Person> {
  const mailbox = mailboxKey(address);
  const stored = await addressesAtDomains(db, mailboxDomains(mailbox), DOMAIN_SCAN_LIMIT);
  const all = [...new Set(stored.filter((a) => mailboxKey(a) === mailbox))].sort();
  const addresses = all.slice(0, MAX_ADDRESSES);
  const rows = addresses.length > 0 ? await personRows(db, addresses) : emptyRows();
  const full = Object.values(rows).some((kind) => kind.length >= MAX_ROWS);
  return {
    mailbox,
    subject: await personSubject(mailbox),
    addresses,
    truncated: all.length > addresses.length || stored.length >= DOMAIN_SCAN_LIMIT || full,
    rows,
  };
}

function emptyRows(): PersonRows {
  return {
    orders: [],
    items: [],
    payments: [],
    receipts: [],
    subscriptions: [],
    prompts: [],
    notes: [],
    quotes: [],
    quoteLines: [],
    messages: [],
    emails: [],
    billingLinks: [],
    audit: [],
  };
}

/** Subscription states in which Stripe still bills or may bill: the client relationship goes on. */
const ENDED_SUBSCRIPTIONS: readonly string[] = ["canceled", "incomplete_expired"];

/** Why a person cannot be erased now: a relationship still running. */
export type ErasureBlocker = { kind: "subscription" | "prompt"; id: string };

/** Why the person cannot be erased now, or null. */
export function erasureBlocker(person: Person): ErasureBlocker | null {
  const live = person.rows.subscriptions.find((s) => !ENDED_SUBSCRIPTIONS.includes(s.status));
  if (live) return { kind: "subscription", id: live.subscription_id };
  const waiting = person.rows.prompts.find((p) => p.status === "pending");
  if (waiting) return { kind: "prompt", id: waiting.checkout_request_id };
  return null;
}
