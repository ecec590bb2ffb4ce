/**
 * CSV exports of the back office's Orders, Messages and E-mails for the current filter (every row it
 * selects, however many: streamed in keyset batches, so memory stays flat), as spreadsheets open them: RFC 4180 quoting, CRLF line ends, a UTF-8 byte order mark (so
 * Excel reads Kikuyu and Arabic names as UTF-8, not as the local code page), and cells that cannot
 * run as formulas (OWASP "CSV Injection"), judged by their first visible character.
 */

import type { Listing } from "../db/keyset-listing.ts";
import type { OrderRow, OutboxRow } from "../db/schema.ts";
import { isoDay } from "../lib/dates.ts";
import { formatKesRate } from "../lib/kes.ts";
import { decimalAmount } from "../lib/money.ts";
import { adminPaymentsCopy } from "../payments/payments-admin-copy.ts";
import type { AdminQuery } from "./admin-query.ts";
import { messagesListing, orderExportListing, outboxListing } from "./admin-search-queries.ts";
import { listingBatches } from "./keyset-page.ts";
import type { BackOfficeMessage } from "./message-section.ts";

/** Rows read per D1 statement while streaming: a batch of orders is about 300 KB of CSV. */
const CSV_BATCH_ROWS = 1_000;

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

type Cells = readonly (string | number | null)[];

/**
 * A CSV document streamed as it is read: the header, then each batch of the listing's rows as
 * records. No length is known up front, so the response goes out chunked; a D1 failure part-way
 * ends the download with an error rather than a file that looks whole.
 */
function csvStream<Row>(
  db: D1Database,
  listing: Listing,
  header: readonly string[],
  cells: (row: Row) => Cells,
  batch: number,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = listingBatches(db, listing, batch);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvRecord(header)));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      let text = "";
      for (const row of next.value) text += csvRecord(cells(row as Row));
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
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
 * The orders a query selects (every row, newest first) as a CSV document. Each order's lines are
 * one cell ("Network Assessment × 1; …").
 */
export function ordersCsv(
  db: D1Database,
  query: AdminQuery<"orders">,
  batch = CSV_BATCH_ROWS,
): ReadableStream<Uint8Array> {
  return csvStream<ExportedOrder>(
    db,
    orderExportListing(db, query),
    ORDER_HEADER,
    (o) => [
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
    ],
    batch,
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

/** The contact messages a query selects (every row, newest first) as a CSV document. */
export function messagesCsv(
  db: D1Database,
  query: AdminQuery<"messages">,
  batch = CSV_BATCH_ROWS,
): ReadableStream<Uint8Array> {
  return csvStream<BackOfficeMessage>(
    db,
    messagesListing(db, query),
    MESSAGE_HEADER,
    (m) => [m.created_at, m.id, m.name, m.email, m.phone, m.company, m.message, m.answered_at, m.answered_by],
    batch,
  );
}

const OUTBOX_HEADER = [
  "Created (UTC)",
  "Id",
  "Kind",
  "Recipient",
  "Subject",
  "Status",
  "Attempts",
  "Sent (UTC)",
  "Last error",
] as const;

/** The e-mails a query selects (every row, newest first) as a CSV document: what was sent, never the body. */
export function outboxCsv(
  db: D1Database,
  query: AdminQuery<"outbox">,
  batch = CSV_BATCH_ROWS,
): ReadableStream<Uint8Array> {
  return csvStream<OutboxRow>(
    db,
    outboxListing(db, query),
    OUTBOX_HEADER,
    (e) => [e.created_at, e.id, e.kind, e.recipient, e.subject, e.status, e.attempts, e.sent_at, e.last_error],
    batch,
  );
}

/** The sections with an export. */
export type CsvSection = "orders" | "messages" | "outbox";

/** The download's file name: `acacia-orders-2026-11-23.csv` (the e-mails' `acacia-emails-…`). */
export function csvFilename(section: CsvSection, now = new Date()): string {
  return `acacia-${section === "outbox" ? "emails" : section}-${isoDay(now.toISOString())}.csv`;
}
