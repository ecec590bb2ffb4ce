/** Finding stored addresses by their domain in SQL, for the rules that work by mailbox. */
import { inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { mailboxKeySql } from "./mailbox-key-queries.ts";

/**
 * The address as stored (trimmed, without a trailing dot, lower-cased in ASCII) ends with
 * `@domain`. A suffix compared as text, not LIKE: D1 refuses LIKE patterns over 50 bytes, and a
 * domain may be longer; nor has text compared this way any wildcard to escape.
 */
function atDomain(column: SQLiteColumn, domain: string): SQL {
  const suffix = `@${domain}`;
  return sql`substr(lower(rtrim(trim(${column}), '.')), -length(${suffix})) = ${suffix}`;
}

/**
 * Where to look for the stored addresses of some mailboxes: their keys, found by the indexed
 * mailbox key (migrations/0013), and the domains of addresses SQL gives no key (not ASCII), found
 * among the rows that have none. The caller compares keys afterwards, as mailboxKey() computes them.
 */
export type MailboxLookup = { keys: readonly string[]; unkeyedDomains: readonly string[] };

/**
 * The table's address column (by its bare name, as the index was made) has one of `keys`: an
 * indexed equality. The expression is the index's word for word, or SQLite would not use it.
 */
export function hasMailboxKey(column: SQLiteColumn, keys: readonly string[]): SQL {
  return inArray(sql.raw(mailboxKeySql(column.name)), [...keys]);
}

/** The address has no SQL mailbox key (not ASCII) and is at `domain`: the few rows keys cannot find. */
export function unkeyedAtDomain(column: SQLiteColumn, domain: string): SQL {
  return sql`${isNull(sql.raw(mailboxKeySql(column.name)))} and ${atDomain(column, domain)}`;
}
