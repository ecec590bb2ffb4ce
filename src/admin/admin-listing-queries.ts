/**
 * The pieces every section's search is built from. Only column names written in this folder are
 * put into SQL text; whatever the owner typed is always a bound parameter.
 */
import { type AdminQuery, dateBounds, PAGE_SIZE } from "./admin-query.ts";

/** A piece of a WHERE clause and its parameters, in order. */
export type Clause = { sql: string; params: (string | number)[] };

/** One page of a section. `page` is the page shown (clamped to 1…pages); `pages` is at least 1. */
export type Page<Row> = { rows: Row[]; total: number; page: number; pages: number };

/**
 * The search text found anywhere in any of the columns: `instr(lower(col), lower(?)) > 0`. Not
 * LIKE: the text is matched literally (a `%` or `_` typed is a `%` or `_` searched, nothing to
 * escape), and D1 refuses LIKE patterns over 50 bytes, which 26 Arabic letters make. lower() folds
 * ASCII letters only (SQLite without ICU), so "WANJIRU" finds "Wanjiru" while other scripts match
 * as typed. A substring search scans the filtered rows: fine for this business's thousands of rows.
 */
export function textSearch(q: string, columns: readonly string[]): Clause {
  return {
    sql: `(${columns.map((column) => `instr(lower(${column}), lower(?)) > 0`).join(" OR ")})`,
    params: columns.map(() => q),
  };
}

/** The characters people put in phone numbers, besides digits. */
const PHONE_PUNCTUATION = [" ", "-", "+", "(", ")", "."];

/**
 * A search that looks like part of a phone number ("0700 000 001", "700000001") also matches the
 * number's digits, however the buyer spaced them: null for other text or fewer than 4 digits.
 */
export function phoneSearch(q: string, column: string): Clause | null {
  if (!/^[0-9\s+\-().]+$/.test(q)) return null;
  const digits = q.replace(/[^0-9]/g, "");
  if (digits.length < 4) return null;
  const stripped = PHONE_PUNCTUATION.reduce((sql, ch) => `replace(${sql}, '${ch}', '')`, column);
  // The national form (0700…) also finds the international one (+254 700…).
  const national = digits.startsWith("0") ? digits.slice(1) : digits;
  return { sql: `instr(${stripped}, ?) > 0`, params: [national] };
}

/** "42" or "#42" also finds message 42. */
export function idSearch(q: string, column: string): Clause | null {
  const match = /^#?([0-9]{1,15})$/.exec(q);
  return match?.[1] ? { sql: `${column} = ?`, params: [Number(match[1])] } : null;
}

/** Clauses joined by OR, in parentheses (null ones skipped). */
export function anyOf(...clauses: (Clause | null)[]): Clause {
  const present = clauses.filter((c): c is Clause => c !== null);
  return {
    sql: `(${present.map((c) => c.sql).join(" OR ")})`,
    params: present.flatMap((c) => c.params),
  };
}

/** `column` within the query's dates (see dateBounds): zero, one or two clauses. */
export function dateClauses(query: Pick<AdminQuery, "from" | "to">, column: string): Clause[] {
  const { start, end } = dateBounds(query);
  const clauses: Clause[] = [];
  if (start) clauses.push({ sql: `${column} >= ?`, params: [start] });
  if (end) clauses.push({ sql: `${column} < ?`, params: [end] });
  return clauses;
}

/** `WHERE a AND b …`, or an empty clause when there is nothing to filter by. */
export function whereAll(clauses: (Clause | null)[]): Clause {
  const present = clauses.filter((c): c is Clause => c !== null);
  if (present.length === 0) return { sql: "", params: [] };
  return {
    sql: `WHERE ${present.map((c) => c.sql).join(" AND ")}`,
    params: present.flatMap((c) => c.params),
  };
}

/** A section's listing: what to select, from which tables, filtered how, sorted how. */
export type Listing = {
  select: string;
  /** `FROM …` with any joins. */
  from: string;
  where: Clause;
  /** Newest first, ending in a unique column so the order is total and pages never overlap or skip. */
  orderBy: string;
};

function rowsStatement(db: D1Database, listing: Listing, limit: number, offset: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${listing.select} ${listing.from} ${listing.where.sql} ORDER BY ${listing.orderBy} LIMIT ? OFFSET ?`,
    )
    .bind(...listing.where.params, limit, offset);
}

/**
 * One page of a listing, with the total count, in one round trip (one batch: the count and the
 * rows see the same data). `extra` statements ride in the same batch (a section's sums); their
 * results come back in order. A page past the end is answered with the last page.
 */
export async function fetchPage<Row>(
  db: D1Database,
  listing: Listing,
  requestedPage: number,
  extra: D1PreparedStatement[] = [],
): Promise<Page<Row> & { extra: D1Result[] }> {
  const count = db.prepare(`SELECT COUNT(*) AS n ${listing.from} ${listing.where.sql}`).bind(...listing.where.params);
  const [counted, listed, ...extraResults] = await db.batch([
    count,
    rowsStatement(db, listing, PAGE_SIZE, (requestedPage - 1) * PAGE_SIZE),
    ...extra,
  ]);
  const total = Number((counted?.results[0] as { n: number } | undefined)?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pages);
  let rows = (listed?.results ?? []) as Row[];
  if (page !== requestedPage) {
    rows = (await rowsStatement(db, listing, PAGE_SIZE, (page - 1) * PAGE_SIZE).all<Row>()).results;
  }
  return { rows, total, page, pages, extra: extraResults };
}

/** Up to `limit` rows of a listing from the first, for exports. */
export async function fetchAll<Row>(
  db: D1Database,
  listing: Listing,
  limit: number,
): Promise<{ rows: Row[]; total: number }> {
  const [counted, listed] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n ${listing.from} ${listing.where.sql}`).bind(...listing.where.params),
    rowsStatement(db, listing, limit, 0),
  ]);
  return {
    rows: (listed?.results ?? []) as Row[],
    total: Number((counted?.results[0] as { n: number } | undefined)?.n ?? 0),
  };
}

/** `?, ?, ?` for an IN list. D1 binds at most 100 parameters a statement: callers stay under it. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => "?").join(", ");
}
