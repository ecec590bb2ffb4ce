/**
 * One page of a back-office list from a keyset position (keyset.ts): PAGE_SIZE rows and which ways
 * the list goes on, with a count that stops at 1,000. A search no index answers (two letters, part
 * of a phone number) is read in windows of the list's order and stops at a time budget, saying how
 * far it got and linking on from there: at 100,000 orders it answers in about the time of one
 * window rather than after a scan of every row.
 */
import { runBatch, type Statement } from "../db/client.ts";
import { COUNT_CAP, emptyRows, type Listing, type SearchUse, type SortKey, type Travel } from "../db/keyset-listing.ts";
import { PAGE_SIZE } from "./admin-query.ts";
import type { Cursor } from "./keyset.ts";

/** Rows of the list's order read per window of a search no index answers. */
const SEARCH_WINDOW_ROWS = 5_000;

/** A search no index answers stops reading new windows after this long. */
const SEARCH_BUDGET_MS = 250;

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

type Options = { limit?: number; budgetMs?: number; windowRows?: number; now?: () => number };

const opposite = (travel: Travel): Travel => (travel === "older" ? "newer" : "older");

/** The rows read, and how the reading ended. */
type Read = {
  rows: Record<string, unknown>[];
  more: boolean;
  stoppedAt: SortKey | null;
  total: Total;
  /** Whether rows lie the other way from the cursor: known, or assumed (true) when finding out costs a scan. */
  behind: boolean;
  extra: Record<string, unknown>[][];
};

type Resolved = { limit: number; windowRows: number; budgetMs: number; now: () => number };

/** Where a page is read from: which way, from which key, with which extra statements. */
type Reading = { listing: Listing; travel: Travel; from: SortKey | undefined; extra: readonly Statement[] };

/** The rows of the last statement of a batch, and whether they overflow the page. */
const overflow = (rows: Record<string, unknown>[] | undefined, limit: number) => ({
  rows: rows ?? [],
  more: (rows?.length ?? 0) > limit,
});

/**
 * A list the indexes answer whole (no search, or a short list a search reads whole): the count,
 * any extra statements, "anything behind the cursor?" and the rows in one batch.
 */
async function readIndexed(db: D1Database, r: Reading, o: Resolved, use: SearchUse): Promise<Read> {
  const { listing, travel, from, extra } = r;
  const statements: Statement[] = [listing.count(use), ...extra];
  if (from) statements.push(listing.beyond(opposite(travel), from));
  statements.push(listing.rows(o.limit + 1, travel, from, undefined, use));
  const [counted = [], ...rest] = await runBatch(db, statements);
  return {
    ...overflow(rest.at(-1), o.limit),
    stoppedAt: null,
    total: countOf(counted),
    behind: from ? (rest[extra.length]?.length ?? 0) > 0 : false,
    extra: rest.slice(0, extra.length),
  };
}

/**
 * A search an index answers. Its cost grows with the rows it matches, while a row-by-row test of
 * the newest rows stops at the page's 51st match: so one window of those is tested first, and text
 * found everywhere ("gmail.com") fills the page from it; rarer text goes on through the index from
 * the window's edge. The count is the index's unless the window alone holds more than 1,000.
 */
async function readIndexedSearch(db: D1Database, r: Reading, o: Resolved): Promise<Read> {
  const { listing, travel, from, extra } = r;
  const [edges = [], ...extraRows] = await runBatch(db, [listing.windowEdge(travel, o.windowRows, from), ...extra]);
  const edge = edges[0] ? listing.edgeKeyOf(edges[0]) : undefined;
  const [inWindow = [], windowRows = []] = await runBatch(db, [
    listing.count("scan", from, edge, travel),
    listing.rows(o.limit + 1, travel, from, edge, "scan"),
  ]);
  if (windowRows.length > o.limit) {
    const windowCount = countOf(inWindow);
    const total = windowCount.more ? windowCount : await indexCount(db, listing);
    // Text found everywhere: rows surely lie behind a cursor, and asking the index would cost.
    return { ...overflow(windowRows, o.limit), stoppedAt: null, total, behind: Boolean(from), extra: extraRows };
  }
  // Rarer text, or the list's end within the window: the index answers cheaply, "anything behind
  // the cursor?" included.
  const [counted = [], past = [], beyondRows] = await runBatch(db, [
    listing.count("index"),
    edge ? listing.rows(o.limit + 1 - windowRows.length, travel, edge, undefined, "index") : emptyRows(),
    ...(from ? [listing.beyond(opposite(travel), from)] : []),
  ]);
  return {
    ...overflow([...windowRows, ...past], o.limit),
    stoppedAt: null,
    total: countOf(counted),
    behind: (beyondRows?.length ?? 0) > 0,
    extra: extraRows,
  };
}

async function indexCount(db: D1Database, listing: Listing): Promise<Total> {
  const [counted = []] = await runBatch(db, [listing.count("index")]);
  return countOf(counted);
}

/**
 * A search no index answers (one or two characters): windows of `windowRows` rows in the list's
 * order, each tested between two sort-index bounds, until a page is full, the list ends or the
 * budget is spent. Not counted: a count would read every row.
 */
async function readInWindows(db: D1Database, r: Reading, o: Resolved): Promise<Read> {
  const { listing, travel, from, extra } = r;
  const began = o.now();
  const rows: Record<string, unknown>[] = [];
  const extraRows = extra.length ? await runBatch(db, extra) : [];
  const done = (more: boolean, stoppedAt: SortKey | null): Read => ({
    rows,
    more,
    stoppedAt,
    total: null,
    behind: Boolean(from),
    extra: extraRows,
  });
  let start = from;
  for (;;) {
    // The edge first, then the window's matches between the start and it: bounded by the sort
    // index on both sides, so a search that matches nothing reads one window, not the table.
    const [edges = []] = await runBatch(db, [listing.windowEdge(travel, o.windowRows, start)]);
    const edge = edges[0] ? listing.edgeKeyOf(edges[0]) : undefined;
    const [found = []] = await runBatch(db, [listing.rows(o.limit + 1 - rows.length, travel, start, edge, "scan")]);
    rows.push(...found);
    if (rows.length > o.limit) return done(true, null);
    if (!edge) return done(false, null);
    start = edge;
    if (o.now() - began >= o.budgetMs) return done(true, edge);
  }
}

/** Reads a page the way its search needs. */
async function readPage(db: D1Database, r: Reading, o: Resolved): Promise<Read> {
  switch (r.listing.search) {
    case "none":
      return readIndexed(db, r, o, "index");
    case "index":
      return readIndexedSearch(db, r, o);
    case "scan":
      return (await fitsOneWindow(db, r.listing, o.windowRows))
        ? readIndexed(db, r, o, "scan")
        : readInWindows(db, r, o);
  }
}

/**
 * One page of a listing from a cursor (none: the newest rows), newest first, with the links on. A
 * page reached going newer that comes back short is the list's start: the newest page is shown.
 */
export async function fetchKeysetPage<Row>(
  db: D1Database,
  listing: Listing,
  cursor: Cursor | null,
  extra: readonly Statement[] = [],
  options: Options = {},
): Promise<KeysetPage<Row>> {
  const resolved: Resolved = {
    limit: options.limit ?? PAGE_SIZE,
    windowRows: options.windowRows ?? SEARCH_WINDOW_ROWS,
    budgetMs: options.budgetMs ?? SEARCH_BUDGET_MS,
    now: options.now ?? Date.now,
  };
  const travel: Travel = !cursor || cursor.toward === "older" ? "older" : "newer";
  const from = cursor && cursor.toward !== "oldest" ? cursor.key : undefined;
  const read = await readPage(db, { listing, travel, from, extra }, resolved);
  if (cursor?.toward === "newer" && !read.more) return fetchKeysetPage(db, listing, null, extra, options);
  const shown = read.rows.slice(0, resolved.limit);
  if (travel === "newer") shown.reverse();
  const [hasNewer, hasOlder] = travel === "older" ? [read.behind, read.more] : [read.more, read.behind];
  const first = shown[0];
  const last = shown[shown.length - 1];
  // A search stopped at its budget goes on from where it stopped reading, not from its last match.
  const newerFrom = (travel === "newer" ? read.stoppedAt : null) ?? (first ? listing.keyOf(first) : undefined);
  const olderFrom = (travel === "older" ? read.stoppedAt : null) ?? (last ? listing.keyOf(last) : from);
  return {
    rows: shown as Row[],
    total: read.total,
    links: {
      newer: hasNewer && newerFrom ? { toward: "newer", key: newerFrom } : null,
      older: hasOlder && olderFrom ? { toward: "older", key: olderFrom } : null,
      newest: hasNewer,
      oldest: hasOlder && cursor?.toward !== "oldest",
    },
    stoppedAt: read.stoppedAt,
    extra: read.extra,
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

function countOf(rows: Record<string, unknown>[]): NonNullable<Total> {
  const n = Number(rows[0]?.n ?? 0);
  return n > COUNT_CAP ? { n: COUNT_CAP, more: true } : { n, more: false };
}

/**
 * Every row a listing selects, newest first, `batch` at a time: each batch a keyset read from the
 * last row of the one before, so an export of any size holds constant memory (admin-csv.ts). The
 * search is tested row by row: the batches together read the list once, where the index would be
 * asked again for every batch of text found in thousands of rows.
 */
export async function* listingBatches(
  db: D1Database,
  listing: Listing,
  batch = 1_000,
): AsyncGenerator<Record<string, unknown>[]> {
  let from: SortKey | undefined;
  for (;;) {
    const [rows = []] = await runBatch(db, [listing.rows(batch, "older", from, undefined, "scan")]);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < batch || !last) return;
    from = listing.keyOf(last);
  }
}
