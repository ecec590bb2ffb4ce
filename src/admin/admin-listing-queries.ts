/**
 * The pieces every section's search is built from, as drizzle conditions. Only columns declared in
 * db/schema.ts are put into SQL; whatever the owner typed is always a bound parameter.
 */
import { count, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type AdminQuery, dateBounds } from "./admin-query.ts";

/**
 * The search text found anywhere in any of the columns: `instr(lower(col), lower(?)) > 0`. Not
 * LIKE: the text is matched literally (a `%` or `_` typed is a `%` or `_` searched, nothing to
 * escape), and D1 refuses LIKE patterns over 50 bytes, which 26 Arabic letters make. lower() folds
 * ASCII letters only (SQLite without ICU), so "WANJIRU" finds "Wanjiru" while other scripts match
 * as typed. A substring search scans the filtered rows: fine for this business's thousands of rows.
 */
export function textSearch(q: string, columns: readonly SQLiteColumn[]): SQL | undefined {
  return or(...columns.map((column) => sql`instr(lower(${column}), lower(${q})) > 0`));
}

/** The characters people put in phone numbers, besides digits (written into the SQL: constants of ours). */
const PHONE_PUNCTUATION = [" ", "-", "+", "(", ")", "."];

/**
 * A search that looks like part of a phone number ("0700 000 001", "700000001") also matches the
 * number's digits, however the buyer spaced them: undefined for other text or fewer than 4 digits.
 */
export function phoneSearch(q: string, column: SQLiteColumn): SQL | undefined {
  const national = phoneDigitsSearched(q);
  if (national === undefined) return undefined;
  const stripped = PHONE_PUNCTUATION.reduce<SQL>(
    (inner, ch) => sql`replace(${inner}, ${sql.raw(`'${ch}'`)}, '')`,
    sql`${column}`,
  );
  return sql`instr(${stripped}, ${national}) > 0`;
}

/**
 * The digits a phone search looks for in a number stripped of its punctuation: undefined when the
 * text does not look like part of a phone number or has fewer than 4 digits. The national form
 * (0700…) also finds the international one (+254 700…), so its leading 0 goes.
 */
export function phoneDigitsSearched(q: string): string | undefined {
  if (!/^[0-9\s+\-().]+$/.test(q)) return undefined;
  const digits = q.replace(/[^0-9]/g, "");
  if (digits.length < 4) return undefined;
  return digits.startsWith("0") ? digits.slice(1) : digits;
}

/** "42" or "#42" also finds message 42. */
export function idSearch(q: string, column: SQLiteColumn): SQL | undefined {
  const match = /^#?([0-9]{1,15})$/.exec(q);
  return match?.[1] ? sql`${column} = ${Number(match[1])}` : undefined;
}

/** `column` within the query's dates (see dateBounds): zero, one or two conditions. */
export function dateClauses(query: Pick<AdminQuery, "from" | "to">, column: SQLiteColumn): SQL[] {
  const { start, end } = dateBounds(query);
  const clauses: SQL[] = [];
  if (start) clauses.push(gte(column, start));
  if (end) clauses.push(lt(column, end));
  return clauses;
}

/** `count(*)` under the name the listings read it by. */
export const countedRows = () => ({ n: count().as("n") });
