/**
 * The paybill payments as the owner reads them: the back office's page (unmatched first) and the
 * daily digest's lines, to compare with the M-Pesa statement.
 */
import type { C2bPaymentRow } from "../db/c2b-tables.ts";
import { formatMoney } from "../lib/money.ts";
import { paybillCopy as copy } from "./paybill-copy.ts";
import { c2bPage, c2bReceivedBetween, c2bRow } from "./paybill-queries.ts";

const PAGE_SIZE = 50;
/** How much of what the buyer typed a digest line quotes. */
const DIGEST_ACCOUNT_CHARS = 40;

export type PaybillView = {
  rows: C2bPaymentRow[];
  total: number;
  unmatched: number;
  page: number;
  pages: number;
  /** The payment just assigned (?assigned=<TransID>), with the order it now pays. */
  assigned: { transId: string; orderId: string } | null;
};

/** A page number from the query: 1 for anything that is not a small whole number. */
function pageOf(params: URLSearchParams): number {
  const text = params.get("page") ?? "";
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
}

/** What the page shows for its query (`page`, and `assigned` after the owner's form). */
export async function paybillView(db: D1Database, params: URLSearchParams): Promise<PaybillView> {
  const page = pageOf(params);
  const found = await c2bPage(db, page, PAGE_SIZE);
  const assignedId = (params.get("assigned") ?? "").slice(0, 40).toUpperCase();
  const assignedRow = /^[A-Z0-9]{6,32}$/.test(assignedId) ? await c2bRow(db, assignedId) : null;
  return {
    rows: found.rows,
    total: found.total,
    unmatched: found.unmatched,
    page,
    pages: Math.max(1, Math.ceil(found.total / PAGE_SIZE)),
    assigned:
      assignedRow?.status === "assigned" && assignedRow.order_id
        ? { transId: assignedRow.trans_id, orderId: assignedRow.order_id }
        : null,
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
