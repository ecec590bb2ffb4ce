/** Finding stored addresses by their domain in SQL, for the rules that work by mailbox. */
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * The address as stored (trimmed, without a trailing dot, lower-cased in ASCII) ends with
 * `@domain`. A suffix compared as text, not LIKE: D1 refuses LIKE patterns over 50 bytes, and a
 * domain may be longer; nor has text compared this way any wildcard to escape.
 */
export function atDomain(column: SQLiteColumn, domain: string): SQL {
  const suffix = `@${domain}`;
  return sql`substr(lower(rtrim(trim(${column}), '.')), -length(${suffix})) = ${suffix}`;
}
