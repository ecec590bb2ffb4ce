/**
 * The paybill payments as the owner reads them: the back office's page (the waiting ones, then the
 * rest by keyset pages) and the daily digest's lines, to compare with the M-Pesa statement.
 */
import { parseCursor } from "../admin/keyset.ts";
import { cursorHref, type PagerHrefs, pagerHrefs } from "../admin/keyset-links.ts";
import { fetchKeysetPage, type Total } from "../admin/keyset-page.ts";
import type { C2bPaymentRow } from "../db/c2b-tables.ts";
import { formatMoney } from "../lib/money.ts";
import { ADMIN_PAYBILL_PATH } from "../paths.ts";
import { paybillCopy as copy } from "./paybill-copy.ts";
import { c2bReceivedBetween, c2bRow, settledListing, unmatchedCount, unmatchedPayments } from "./paybill-queries.ts";

/**
 * The most waiting payments the page lists. They are few (a typo, a closed quote), and each needs
 * the owner; past this many the longest waiting are shown, and each one assigned makes room for
 * the next, while the count says how many wait in all.
 */
export const UNMATCHED_SHOWN = 100;
/** How much of what the buyer typed a digest line quotes. */
const DIGEST_ACCOUNT_CHARS = 40;

export type PaybillView = {
  /** The payments waiting for the owner, the longest waiting first: on the list's first page only. */
  unmatched: C2bPaymentRow[] | null;
  /** How many wait, exactly. */
  unmatchedCount: number;
  /** The matched and assigned payments of this page, newest first. */
  settled: C2bPaymentRow[];
  /** How many are matched or assigned, counted up to 1,000. */
  settledTotal: Total;
  pages: PagerHrefs;
  /** The payment just assigned (?assigned=<TransID>), with the order it now pays. */
  assigned: { transId: string; orderId: string } | null;
};

async function assignedNotice(db: D1Database, params: URLSearchParams): Promise<PaybillView["assigned"]> {
  const assignedId = (params.get("assigned") ?? "").slice(0, 40).toUpperCase();
  const assignedRow = /^[A-Z0-9]{6,32}$/.test(assignedId) ? await c2bRow(db, assignedId) : null;
  return assignedRow?.status === "assigned" && assignedRow.order_id
    ? { transId: assignedRow.trans_id, orderId: assignedRow.order_id }
    : null;
}

/**
 * What the page shows for its query: a position in the matched and assigned payments (`after`,
 * `before`, `oldest`; none for the newest), and `assigned` after the owner's form. The waiting
 * payments and their count are read in the page's own batch, so the page shows one moment.
 */
export async function paybillView(db: D1Database, params: URLSearchParams): Promise<PaybillView> {
  const listing = settledListing(db);
  const cursor = parseCursor((name) => params.get(name) ?? undefined, listing.kinds);
  // Older pages of the history carry the waiting count alone, with the way back to them.
  const extra = cursor ? [unmatchedCount(db)] : [unmatchedCount(db), unmatchedPayments(db, UNMATCHED_SHOWN)];
  const found = await fetchKeysetPage<C2bPaymentRow>(db, listing, cursor, extra);
  const [counted = [], waiting] = found.extra;
  return {
    unmatched: waiting ? (waiting as C2bPaymentRow[]) : null,
    unmatchedCount: Number(counted[0]?.n ?? 0),
    settled: found.rows,
    settledTotal: found.total,
    pages: pagerHrefs(found.links, (at) => cursorHref(ADMIN_PAYBILL_PATH, at)),
    assigned: await assignedNotice(db, params),
  };
}

/** One line for each C2B payment received in [since, until): TransID, amount, what was typed, what it paid. */
export async function c2bDigestLines(db: D1Database, since: string, until: string, limit: number): Promise<string[]> {
  const rows = await c2bReceivedBetween(db, since, until, limit);
  return rows.map((row) => {
    const typed = Array.from(row.bill_ref).slice(0, DIGEST_ACCOUNT_CHARS).join("");
    const matched =
      row.status === "unmatched"
        ? copy.digestUnmatched
        : copy.digestMatched(copy.page.kinds[row.target_kind ?? "order"] ?? "", row.target_ref ?? "");
    return copy.digestLine(row.trans_id, formatMoney(row.amount_cents, "kes"), typed, matched);
  });
}
