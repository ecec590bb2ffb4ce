/**
 * A back-office list as keyset statements: its rows newest first by two sort columns (a time or
 * number, then a unique column), read from a position (src/admin/keyset.ts writes and reads them)
 * with the sort index, never by OFFSET. Whatever the owner typed stays a bound parameter of the
 * conditions handed in. Shared by every feature's list, so it lives with the other SQL plumbing.
 */
import { and, asc, desc, type SQL, sql } from "drizzle-orm";
import type { SelectedFields, SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Statement } from "./client.ts";

/** A row's place in its list: the sort column's value, then the unique column that breaks ties. */
export type SortKey = readonly [primary: string | number, tie: string | number];

/** What each of a list's two sort columns holds. */
export type KeyKinds = readonly ["text" | "integer", "text" | "integer"];

/** Which way a statement reads the list: toward older rows (its own order) or newer ones. */
export type Travel = "older" | "newer";

/** The most rows a count reads: beyond it the page says "more than 1,000". */
export const COUNT_CAP = 1_000;

/**
 * A select with its FROM (and joins) and its fields, still open to WHERE, ORDER BY and LIMIT: what
 * drizzle's `.$dynamic()` gives.
 */
type OpenSelect = {
  where(where: SQL | undefined): OpenSelect;
  orderBy(...columns: SQL[]): OpenSelect;
  limit(limit: number): OpenSelect;
  offset(offset: number): OpenSelect;
} & Statement;

/** How a section lists: what it reads, its filter (split into the indexed part and the search) and its order. */
export type ListingSpec = {
  /** A select of `fields` from the list's table and joins (drizzle's `.$dynamic()`). */
  from: (fields: SelectedFields) => OpenSelect;
  /** Every field a row of the page needs. */
  fields: SelectedFields;
  /** Status and date conditions: answered from indexes. */
  filter: SQL | undefined;
  /** What the owner typed, as a condition tested row by row; undefined for no search. */
  search: SQL | undefined;
  /** The same answer with an index naming the candidate rows (admin-search-index-queries.ts); undefined when none can. */
  searchIndex: SQL | undefined;
  /** The sort column, then the unique column breaking its ties: newest first means both descending. */
  sort: readonly [SQLiteColumn, SQLiteColumn];
  /** The names those two columns come back under in a row of `rows`. */
  names: readonly [string, string];
  kinds: KeyKinds;
};

/** How a statement tests the search: through its index, or row by row. */
export type SearchUse = "index" | "scan";

/** A listing's statements, not yet run. */
export type Listing = {
  /**
   * Up to `limit` rows past `from` (none: from the end) in the way of travel, as far as `to` (itself
   * included) when given; the search tested through its index unless `use` says "scan".
   */
  rows: (limit: number, travel: Travel, from?: SortKey, to?: SortKey, use?: SearchUse) => Statement;
  /** Rows (at most one) on the far side of `key`, itself included: is there anything that way? */
  beyond: (travel: Travel, key: SortKey) => Statement;
  /** The filter's rows, counted up to COUNT_CAP + 1 (column `n`); between two keys when given. */
  count: (use?: SearchUse, from?: SortKey, to?: SortKey, travel?: Travel) => Statement;
  /** The rows the filter selects with the search left out, counted up to `cap` + 1 (column `n`). */
  unsearchedCount: (cap: number) => Statement;
  /** The key of the `size`-th row past `from` when the search is left out (columns k0, k1): a window's edge. */
  windowEdge: (travel: Travel, size: number, from?: SortKey) => Statement;
  keyOf: (row: Record<string, unknown>) => SortKey;
  /** The key of a row of `beyond` or `windowEdge` (columns k0, k1). */
  edgeKeyOf: (row: Record<string, unknown>) => SortKey;
  kinds: KeyKinds;
  /**
   * The search, if any: "index" when an index can answer it, "scan" when only a row-by-row test
   * can (the pager then reads it window by window); "none" for no search.
   */
  search: "none" | "index" | "scan";
};

/** `(sort, tie) < (a, b)` going older, `>` going newer; `orEqual` takes the key's own row too. */
function pastKey(sort: ListingSpec["sort"], travel: Travel, key: SortKey, orEqual = false): SQL {
  const [a, b] = sort;
  const op = sql.raw(travel === "older" ? (orEqual ? "<=" : "<") : orEqual ? ">=" : ">");
  return sql`(${a}, ${b}) ${op} (${key[0]}, ${key[1]})`;
}

function ordered(sort: ListingSpec["sort"], travel: Travel): SQL[] {
  const by = travel === "older" ? desc : asc;
  return [by(sort[0]), by(sort[1])];
}

function keyValue(value: unknown, kind: "text" | "integer"): string | number {
  return kind === "integer" ? Number(value) : String(value);
}

export function keysetListing(spec: ListingSpec): Listing {
  // The two sort columns alone (`k0`, `k1`): what counts, window edges and "anything beyond?" read.
  const keys = () => spec.from({ k0: sql`${spec.sort[0]}`.as("k0"), k1: sql`${spec.sort[1]}`.as("k1") });
  const whole = (use: SearchUse = "index") =>
    and(spec.filter, use === "index" ? (spec.searchIndex ?? spec.search) : spec.search);
  /** From `from` (excluded) in the way of travel, as far as `to` (included). */
  const between = (travel: Travel, from?: SortKey, to?: SortKey) =>
    and(
      from ? pastKey(spec.sort, travel, from) : undefined,
      to ? pastKey(spec.sort, travel === "older" ? "newer" : "older", to, true) : undefined,
    );
  return {
    rows: (limit, travel, from, to, use) =>
      spec
        .from(spec.fields)
        .where(and(whole(use), between(travel, from, to)))
        .orderBy(...ordered(spec.sort, travel))
        .limit(limit),
    beyond: (travel, key) =>
      keys()
        .where(and(whole(), pastKey(spec.sort, travel, key, true)))
        .limit(1),
    // A subquery stops reading at the cap: counting every e-mail cost a full scan on every first page.
    count: (use, from, to, travel = "older") =>
      sql`SELECT count(*) AS n FROM (${keys()
        .where(and(whole(use), between(travel, from, to)))
        .limit(COUNT_CAP + 1)})`,
    unsearchedCount: (cap) =>
      sql`SELECT count(*) AS n FROM (${keys()
        .where(spec.filter)
        .limit(cap + 1)})`,
    windowEdge: (travel, size, from) =>
      keys()
        .where(and(spec.filter, from ? pastKey(spec.sort, travel, from) : undefined))
        .orderBy(...ordered(spec.sort, travel))
        .limit(1)
        .offset(size - 1),
    keyOf: (row) => [keyValue(row[spec.names[0]], spec.kinds[0]), keyValue(row[spec.names[1]], spec.kinds[1])],
    edgeKeyOf: (row) => [keyValue(row.k0, spec.kinds[0]), keyValue(row.k1, spec.kinds[1])],
    kinds: spec.kinds,
    search: !spec.search ? "none" : spec.searchIndex ? "index" : "scan",
  };
}

/** A statement that reads nothing, holding a place in a batch. */
export const emptyRows = (): Statement => sql`SELECT 0 AS n WHERE 0`;
