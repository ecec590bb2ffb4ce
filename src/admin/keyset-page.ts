/**
 * One page of a back-office list from a keyset position (keyset.ts): PAGE_SIZE rows and which ways
 * the list goes on, with a count that stops at 1,000. A search no index answers (two letters, part
 * of a phone number) is read in windows of the list's order and stops at a time budget, saying how
 * far it got and linking on from there: at 100,000 orders it answers in about the time of one
 * window rather than after a scan of every row.
 */
import { runBatch, type Statement } from "../db/client.ts";
import { PAGE_SIZE } from "./admin-query.ts";
import type { Cursor, SortKey } from "./keyset.ts";
import { COUNT_CAP, type Listing, type Travel } from "./keyset-listing.ts";

/** Rows of the list's order read per window of a search no index answers. */
export const SEARCH_WINDOW_ROWS = 5_000;

/** A search no index answers stops reading new windows after this long. */
export const SEARCH_BUDGET_MS = 250;

/** How many rows the filter selects: exact up to COUNT_CAP, else "more"; null when not counted. */
export type Total = { n: number; more: boolean } | null;

export type KeysetPage<Row> = {
  rows: Row[];
  total: Total;
  /** Where the pages before and after start (null: none that way); the ends, when not shown. */
  links: { newer: Cursor | null; older: Cursor | null; newest: boolean; oldest: boolean };
  /** A search that stopped at its budget: every match newer than this row's time is shown or linked. */
  stoppedAt: SortKey | null;
  /** The rows of any extra statements, run in the first batch. */
  extra: Record<string, unknown>[][];
};

/** A page as a section hands it to its view. */
export type ListPage<Row> = KeysetPage<Row>;

type Options = { limit?: number; budgetMs?: number; windowRows?: number; now?: () => number };

const opposite = (travel: Travel): Travel => (travel === "older" ? "newer" : "older");

/** The rows read, and how the reading ended. */
type Read = { rows: Record<string, unknown>[]; more: boolean; stoppedAt: SortKey | null };

/**
 * Reads a search no index answers: windows of `windowRows` rows in the list's order, each searched
 * with the sort index bounding it, until a page is full, the list ends or the budget is spent.
 */
async function readInWindows(
  db: D1Database,
  listing: Listing,
  travel: Travel,
  from: SortKey | undefined,
  limit: number,
  options: Required<Omit<Options, "limit">>,
): Promise<Read> {
  const began = options.now();
  const rows: Record<string, unknown>[] = [];
  let start = from;
  for (;;) {
    // The edge first, then the window's matches between the start and it: bounded by the sort
    // index on both sides, so a search that matches nothing reads one window, not the table.
    const [edges = []] = await runBatch(db, [listing.windowEdge(travel, options.windowRows, start)]);
    const edge = edges[0] ? listing.edgeKeyOf(edges[0]) : undefined;
    const [found = []] = await runBatch(db, [listing.rows(limit + 1 - rows.length, travel, start, edge)]);
    rows.push(...found);
    if (rows.length > limit) return { rows, more: true, stoppedAt: null };
    if (!edge) return { rows, more: false, stoppedAt: null };
    start = edge;
    if (options.now() - began >= options.budgetMs) return { rows, more: true, stoppedAt: edge };
  }
}

/**
 * One page of a listing from a cursor (none: the newest rows), newest first. The count, the rows
 * and "anything beyond the cursor?" go in one batch, so they see the same data. A page reached
 * going newer that comes back short is the list's start: the newest page is shown instead.
 */
export async function fetchKeysetPage<Row>(
  db: D1Database,
  listing: Listing,
  cursor: Cursor | null,
  extra: readonly Statement[] = [],
  options: Options = {},
): Promise<KeysetPage<Row>> {
  const limit = options.limit ?? PAGE_SIZE;
  const windowRows = options.windowRows ?? SEARCH_WINDOW_ROWS;
  const indexed = listing.indexed || (await fitsOneWindow(db, listing, windowRows));
  const travel: Travel = !cursor || cursor.toward === "older" ? "older" : "newer";
  const from = cursor && cursor.toward !== "oldest" ? cursor.key : undefined;
  const statements: Statement[] = [indexed ? listing.count : emptyRows(), ...extra];
  if (from && indexed) statements.push(listing.beyond(opposite(travel), from));
  if (indexed) statements.push(listing.rows(limit + 1, travel, from));
  const [counted = [], ...rest] = await runBatch(db, statements);
  const extraRows = rest.slice(0, extra.length);
  const beyondRows = from && indexed ? rest[extra.length] : undefined;
  const read: Read = indexed
    ? { rows: rest[rest.length - 1] ?? [], more: (rest[rest.length - 1]?.length ?? 0) > limit, stoppedAt: null }
    : await readInWindows(db, listing, travel, from, limit, {
        budgetMs: options.budgetMs ?? SEARCH_BUDGET_MS,
        windowRows,
        now: options.now ?? Date.now,
      });
  if (cursor?.toward === "newer" && !read.more) return fetchKeysetPage(db, listing, null, extra, options);
  const shown = read.rows.slice(0, limit);
  if (travel === "newer") shown.reverse();
  // What lies the other way from the cursor: known when the search is indexed, assumed when not
  // (a link to a page that then says nothing matched costs less than a scan to find out).
  const behind = from ? (beyondRows ? beyondRows.length > 0 : true) : false;
  const ahead = read.more;
  const [hasNewer, hasOlder] = travel === "older" ? [behind, ahead] : [ahead, behind];
  const first = shown[0];
  const last = shown[shown.length - 1];
  // A search stopped at its budget goes on from where it stopped reading, not from its last match.
  const newerFrom = (travel === "newer" ? read.stoppedAt : null) ?? (first ? listing.keyOf(first) : undefined);
  const olderFrom = (travel === "older" ? read.stoppedAt : null) ?? (last ? listing.keyOf(last) : from);
  return {
    rows: shown as Row[],
    total: indexed ? countOf(counted) : null,
    links: {
      newer: hasNewer && newerFrom ? { toward: "newer", key: newerFrom } : null,
      older: hasOlder && olderFrom ? { toward: "older", key: olderFrom } : null,
      newest: hasNewer,
      oldest: hasOlder && cursor?.toward !== "oldest",
    },
    stoppedAt: read.stoppedAt,
    extra: extraRows,
  };
}

/**
 * Whether the filter, search aside, selects no more than one window of rows: then the search reads
 * them all at most, counts and pages as an indexed one would, and a business of a few thousand
 * orders sees exact counts whatever it types.
 */
async function fitsOneWindow(db: D1Database, listing: Listing, windowRows: number): Promise<boolean> {
  const [rows = []] = await runBatch(db, [listing.unsearchedCount(windowRows)]);
  return Number(rows[0]?.n ?? 0) <= windowRows;
}

/** A statement that reads nothing, holding the count's place when there is no count. */
const emptyRows = (): Statement => ({ toSQL: () => ({ sql: "SELECT 0 AS n WHERE 0", params: [] }) });

function countOf(rows: Record<string, unknown>[]): Total {
  const n = Number(rows[0]?.n ?? 0);
  return n > COUNT_CAP ? { n: COUNT_CAP, more: true } : { n, more: false };
}

/**
 * Every row a listing selects, newest first, `batch` at a time: each batch a keyset read from the
 * last row of the one before, so an export of any size holds constant memory (admin-csv.ts).
 */
export async function* listingBatches(
  db: D1Database,
  listing: Listing,
  batch = 1_000,
): AsyncGenerator<Record<string, unknown>[]> {
  let from: SortKey | undefined;
  for (;;) {
    const [rows = []] = await runBatch(db, [listing.rows(batch, "older", from)]);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < batch || !last) return;
    from = listing.keyOf(last);
  }
}
