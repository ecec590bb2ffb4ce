/**
 * Where a back-office page starts, as a position in the list's order rather than a row count: the
 * sort key of the row it starts after. "Older" pages go on from the last row shown, "newer" ones
 * back from the first, and "oldest" opens the end of the list. A position needs no row to still
 * exist: a stale link (its row deleted, rows added since) still answers with the rows around it.
 * OFFSET, which it replaces, made the last of 2,000 pages read 100,000 rows (docs/performance.md).
 */

import type { KeyKinds, SortKey } from "../db/keyset-listing.ts";
import { isWellFormedText } from "../lib/well-formed-text.ts";

/** A page's start: rows after `key` going older, before it going newer, or the oldest rows. */
export type Cursor = { toward: "older" | "newer"; key: SortKey } | { toward: "oldest" };

/** The URL parameters a cursor travels in. */
const CURSOR_PARAMS = { older: "after", newer: "before", oldest: "oldest" } as const;

/** Far longer than any key of ours (an ISO time, a reference): a longer one is not ours. */
const MAX_KEY_LENGTH = 200;

/** Written `primary~tie`: neither ISO times nor whole numbers hold a "~", so the first one splits. */
function formatKey(key: SortKey): string {
  return `${key[0]}~${key[1]}`;
}

function keyPart(text: string, kind: "text" | "integer"): string | number | null {
  if (kind === "integer") return /^-?[0-9]{1,15}$/.test(text) ? Number(text) : null;
  return text.length > 0 && isWellFormedText(text) ? text : null;
}

/** A key written by formatKey, read back with the list's kinds; null for anything else. */
function parseKey(text: string | undefined, kinds: KeyKinds): SortKey | null {
  if (!text || text.length > MAX_KEY_LENGTH) return null;
  const split = text.indexOf("~");
  if (split <= 0) return null;
  const primary = keyPart(text.slice(0, split), kinds[0]);
  const tie = keyPart(text.slice(split + 1), kinds[1]);
  return primary === null || tie === null ? null : [primary, tie];
}

/**
 * The cursor of a page's URL parameters (`first` reads one). An ill-formed one is dropped for the
 * first page: the owner gets the list, never an error, for a link mangled on its way.
 */
export function parseCursor(first: (name: string) => string | undefined, kinds: KeyKinds): Cursor | null {
  const older = parseKey(first(CURSOR_PARAMS.older), kinds);
  if (older) return { toward: "older", key: older };
  const newer = parseKey(first(CURSOR_PARAMS.newer), kinds);
  if (newer) return { toward: "newer", key: newer };
  return first(CURSOR_PARAMS.oldest) === "1" ? { toward: "oldest" } : null;
}

/** A cursor as URL parameters, to add to the filter's. */
export function cursorParams(cursor: Cursor | null): [string, string][] {
  if (!cursor) return [];
  if (cursor.toward === "oldest") return [[CURSOR_PARAMS.oldest, "1"]];
  return [[CURSOR_PARAMS[cursor.toward], formatKey(cursor.key)]];
}
