/**
 * One person, as the People section finds them: every address that provably reaches the mailbox the
 * owner typed (src/privacy/person-key.ts), plus the other spellings the owner ticked as the same
 * person, and every row held about them.
 */

import { hasEnded } from "../billing/subscription-status.ts";
import { sha256Hex } from "../security/sha256.ts";
import { personKey, storedMailboxKey } from "./person-key.ts";
import { possiblySamePerson } from "./person-lookup-queries.ts";
import { MAX_ADDRESSES, MAX_ROWS, type PersonRows, personRecords } from "./person-queries.ts";

/**
 * Spellings listed as "possibly the same person". More are rare (one mailbox written many ways):
 * the page says when it cut the list, and any of them can be searched for on its own.
 */
const MAX_CANDIDATES = 10;

export type Person = {
  /** The person as People counts them (personKey of the address typed). */
  key: string;
  /** Its hash: how the audit log names the person, so a record of an erasure holds no address. */
  subject: string;
  /** Every stored address of the person (and of the spellings ticked), as written. */
  addresses: string[];
  /** Other people's keys that only the broad rule folds into this one (a `+tag` elsewhere). */
  candidates: string[];
  /** Whether there were more candidates than listed. */
  candidatesCut: boolean;
  /** The candidates the owner ticked: included in what is shown, exported and erased. */
  included: string[];
  /** True when more addresses or rows exist than were read: never "nothing held". */
  truncated: boolean;
  rows: PersonRows;
};

/** A tick that is not one of the person's candidates (a stale page, or a hand-made request). */
export type UnknownSpelling = { unknown: string[] };

/** The audit log's name for a person: a hash, the same for every address of them. */
export async function personSubject(key: string): Promise<string> {
  return `mailbox:${await sha256Hex(key)}`;
}

/** How a request is listed without keeping the address: first letter and domain (j•••@example.com). */
export function maskedMailbox(key: string): string {
  const at = key.lastIndexOf("@");
  return `${key.slice(0, 1)}•••${key.slice(at)}`;
}

/** The candidates of the person at `address`, one more than listed so a cut list is seen. */
async function candidatesOf(db: D1Database, address: string, key: string) {
  const broad = storedMailboxKey(address);
  const found = broad === null ? [] : await possiblySamePerson(db, broad, key, MAX_CANDIDATES + 1);
  return { candidates: found.slice(0, MAX_CANDIDATES), candidatesCut: found.length > MAX_CANDIDATES };
}

/** What is held under the key and the candidates ticked (others ticked are not read). */
async function readPerson(
  db: D1Database,
  key: string,
  listed: { candidates: string[]; candidatesCut: boolean },
  ticked: readonly string[],
): Promise<Person> {
  const included = listed.candidates.filter((c) => ticked.includes(c));
  const { addresses, rows } = await personRecords(db, [key, ...included]);
  const full = Object.values(rows).some((kind) => kind.length >= MAX_ROWS);
  return {
    key,
    subject: await personSubject(key),
    addresses: addresses.slice(0, MAX_ADDRESSES),
    ...listed,
    included,
    truncated: addresses.length > MAX_ADDRESSES || full,
    rows,
  };
}

/**
 * Everything held about the person at `address` (which parsePersonAddress accepted) and the
 * `ticked` candidates; or, for an export or an erasure, which must cover exactly what the owner
 * saw, the ticks that are not candidates of theirs (nothing is read then).
 */
export async function findPerson(
  db: D1Database,
  address: string,
  ticked: readonly string[] = [],
): Promise<Person | UnknownSpelling> {
  const key = personKey(address);
  const listed = await candidatesOf(db, address, key);
  const unknown = ticked.filter((t) => !listed.candidates.includes(t));
  if (unknown.length > 0) return { unknown };
  return readPerson(db, key, listed, ticked);
}

/**
 * The person as the page shows them: ticks that are no longer candidates (the page they came from
 * is older than the data) are dropped, and the page shows what is included.
 */
export async function personShown(db: D1Database, address: string, ticked: readonly string[]): Promise<Person> {
  const key = personKey(address);
  return readPerson(db, key, await candidatesOf(db, address, key), ticked);
}

/** Whether nothing at all is held: only a complete answer can say so. */
export function holdsNothing(person: Person): boolean {
  return !person.truncated && Object.values(person.rows).every((kind) => kind.length === 0);
}

/** Why a person cannot be erased now: a relationship still running. */
export type ErasureBlocker = { kind: "subscription" | "prompt"; id: string };

/** Why the person cannot be erased now, or null. */
export function erasureBlocker(person: Person): ErasureBlocker | null {
  const live = person.rows.subscriptions.find((s) => !hasEnded(s.status));
  if (live) return { kind: "subscription", id: live.subscription_id };
  const waiting = person.rows.prompts.find((p) => p.status === "pending");
  if (waiting) return { kind: "prompt", id: waiting.checkout_request_id };
  return null;
}
