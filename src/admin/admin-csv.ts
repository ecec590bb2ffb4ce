/**
 * CSV exports of the back office's Orders and Messages for the current filter (every page, up to a
 * cap), as spreadsheets open them: RFC 4180 quoting, CRLF line ends, a UTF-8 byte order mark (so
 * Excel reads Kikuyu and Arabic names as UTF-8, not as the local code page), and cells that cannot
 * run as formulas (OWASP "CSV Injection"), judged by their first visible character.
 */

import type { OrderRow } from "../db/schema.ts";
import { isoDay } from "../lib/dates.ts";
import { formatKesRate } from "../lib/kes.ts";
import { decimalAmount } from "../lib/money.ts";
import { adminPaymentsCopy } from "../payments/payments-admin-copy.ts";
import { fetchAll } from "./admin-listing-queries.ts";
import type { AdminQuery } from "./admin-query.ts";
import { messagesListing, orderExportListing } from "./admin-search-queries.ts";
import type { BackOfficeMessage } from "./message-section.ts";

/** The most rows one export holds; the last line says so when the filter selects more. */
export const CSV_ROW_CAP = 10_000;

/** What a spreadsheet may take as the start of a formula (OWASP): = + - @ TAB CR. */
const FORMULA_TRIGGERS: ReadonlySet<string> = new Set(["=", "+", "-", "@", "\t", "\r"]);

/**
 * What shows nothing before the first character a reader sees: white space (LF, no-break and
 * ideographic spaces…), format characters (Cf: zero-width space, byte order mark, word joiner,
 * bidi marks and overrides, soft hyphen) and the other default-ignorable ones (combining grapheme
 * joiner, Hangul fillers, variation selectors). TAB and CR are triggers, checked first.
 */
const INVISIBLE = /^[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;

/**
 * Whether a cell could start a formula: its first visible character, after NFKC (which makes the
 * full-width and small forms ＝ ＋ － ＠ ﹦ ⁺ … plain = + - @), is a trigger, or TAB or CR comes
 * before any visible character. Spreadsheets and the tools between them drop or fold such leading
 * characters, so a hidden "\u200B=" or " =" is treated as "=".
 */
function startsLikeFormula(text: string): boolean {
  for (const ch of text.normalize("NFKC")) {
    if (FORMULA_TRIGGERS.has(ch)) return true;
    if (!INVISIBLE.test(ch)) return false;
  }
  return false;
}

/**
 * One cell. A value starting like a formula (see startsLikeFormula) gets a single quote in front, so
 * a spreadsheet shows it as text instead of running it (OWASP's rule); the value itself goes out as
 * typed. That includes every phone number written "+254 700 000 000" and any negative number:
 * they read "'+254 700 000 000", which is intended (a buyer typed the phone field; it could as well
 * have been "=HYPERLINK(…)"). Then, per RFC 4180, a cell with a comma, a double quote, CR or LF is
 * put in double quotes, its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (startsLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
function csvRecord(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

const BOM = "\uFEFF";

function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
  total: number,
  cap: number,
  noun: string,
): string {
  let csv = BOM + csvRecord(header);
  for (const row of rows) csv += csvRecord(row);
  if (total > rows.length) {
    csv += csvRecord([
      `Only the newest ${rows.length.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ${noun} matching this filter are in this file (at most ${cap.toLocaleString("en-US")}): narrow the dates or the search to export the rest.`,
    ]);
  }
  return csv;
}

type ExportedOrder = OrderRow & { items: string | null; subscription_status: string | null };

const ORDER_HEADER = [
  "Created (UTC)",
  "Order reference",
  "Order id",
  "Stripe session",
  "Status",
  "Kind",
  "Name",
  "E-mail",
  "Phone",
  "Company",
  "KRA PIN",
  "Address",
  "City",
  "State",
  "Postal code",
  "Country",
  "Currency",
  "Total",
  "Paid (UTC)",
  "Items",
  "Subscription",
  "Review reason",
  adminPaymentsCopy.csv.provider,
  adminPaymentsCopy.csv.kesAmount,
  adminPaymentsCopy.csv.kesRate,
] as const;

/**
 * The orders a query selects (every page, newest first, at most `cap`) as a CSV document. Each
 * order's lines are one cell ("Network Assessment × 1; …").
 */
export async function ordersCsv(db: D1Database, query: AdminQuery<"orders">, cap = CSV_ROW_CAP): Promise<string> {
  const { rows, total } = await fetchAll<ExportedOrder>(db, orderExportListing(db, query), cap);
  return csvDocument(
    ORDER_HEADER,
    rows.map((o) => [
      o.created_at,
      o.order_ref,
      o.order_id,
      o.stripe_session_id,
      o.status,
      o.mode,
      o.customer_name,
      o.customer_email,
      o.customer_phone,
      o.customer_company,
      o.customer_kra_pin,
      o.address,
      o.city,
      o.state,
      o.zip,
      o.country,
      o.currency.toUpperCase(),
      decimalAmount(o.total_cents, o.currency),
      o.paid_at,
      o.items,
      o.subscription_status,
      o.review_reason,
      adminPaymentsCopy.orders.provider[o.provider] ?? o.provider,
      o.kes_amount,
      o.kes_rate_x100 === null ? null : formatKesRate(o.kes_rate_x100),
    ]),
    total,
    cap,
    "orders",
  );
}

const MESSAGE_HEADER = [
  "Received (UTC)",
  "Id",
  "Name",
  "E-mail",
  "Phone",
  "Company",
  "Message",
  "Answered (UTC)",
  "Answered by",
] as const;

/** The contact messages a query selects (every page, newest first, at most `cap`) as a CSV document. */
export async function messagesCsv(db: D1Database, query: AdminQuery<"messages">, cap = CSV_ROW_CAP): Promise<string> {
  const { rows, total } = await fetchAll<BackOfficeMessage>(db, messagesListing(db, query), cap);
  return csvDocument(
    MESSAGE_HEADER,
    rows.map((m) => [m.created_at, m.id, m.name, m.email, m.phone, m.company, m.message, m.answered_at, m.answered_by]),
    total,
    cap,
    "messages",
  );
}

/** The download's file name: `acacia-orders-2026-11-23.csv`. */
export function csvFilename(section: "orders" | "messages", now = new Date()): string {
  return `acacia-${section}-${isoDay(now.toISOString())}.csv`;
}
