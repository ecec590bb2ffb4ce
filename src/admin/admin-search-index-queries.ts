/**
 * Each section's search as one drizzle condition, found by index where an index can give today's
 * answer. The answer itself is unchanged: every search is still "the text anywhere in a searched
 * column" (admin-listing-queries.ts textSearch, phoneSearch, idSearch), and that exact condition is
 * kept. What changes is which rows it is tested on: the trigram index of the section's table
 * (migrations/0027) names the candidate rows, so the table is never read row by row.
 *
 * No index can name the candidates of text of one or two characters (a trigram needs three): the
 * pager scans such a search in bounded windows. Text found in thousands of rows ("gmail.com") costs
 * the index more than the newest rows cost a scan, so the pager tries one window of those first
 * (keyset-page.ts). Whatever the owner typed is a bound parameter, the index's MATCH query included.
 */
import { and, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { quotes, receipts } from "../db/document-tables.ts";
import { contactMessages, orders, outbox, payments } from "../db/schema.ts";
import { messagesSearchIndex, ordersSearchIndex, outboxSearchIndex, quotesSearchIndex } from "../db/search-tables.ts";
import { idSearch, phoneDigitsSearched, phoneSearch, textSearch } from "./admin-listing-queries.ts";

/**
 * A search two ways: `scan`, today's condition, to test row by row (a window of the newest rows, or
 * text too short for the index); `index`, the same answer with the index naming the candidate rows,
 * undefined when no index can (text of one or two characters). Both undefined for no search.
 */
export type SearchCondition = { scan: SQL | undefined; index: SQL | undefined };

/** Code points in a trigram: shorter text has no term in the index. */
const TRIGRAM = 3;

/** How a section searches: its columns, and how its rows are named in its index. */
type Searched = {
  /** The columns textSearch reads, each in the index under the same name. */
  columns: readonly SQLiteColumn[];
  /** The trigram index (migrations/0027), and the row's rowid as the index knows it. */
  index: SQLiteTable;
  rowid: SQL;
  /** A phone column: also found by its digits (the index's `phone_digits`). */
  phone?: SQLiteColumn;
  /** An integer id that "42" or "#42" finds. */
  id?: SQLiteColumn;
  /** Another way a whole reference finds a row through an index of its own (a receipt, an M-Pesa code). */
  reference?: (q: string) => SQL | undefined;
};

/**
 * FTS5 query syntax for "this text, as typed": one double-quoted string (a `"` inside doubled), in
 * which `*`, `-`, `:`, `^`, `AND`, `NEAR` and the rest are text, tokenized into trigrams whose
 * sequence must appear in one column.
 */
const phrase = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** The index's query: the text in any column, or the phone digits in `phone_digits`. */
function matchQuery(q: string, searched: Searched): string {
  const digits = searched.phone ? phoneDigitsSearched(q) : undefined;
  return digits === undefined ? phrase(q) : `${phrase(q)} OR phone_digits : ${phrase(digits)}`;
}

/**
 * Today's condition on the rows the index names (a superset of those it holds: the trigram folds
 * case beyond ASCII), so the answer is exactly today's.
 */
function search(q: string, searched: Searched): SearchCondition {
  if (!q) return { scan: undefined, index: undefined };
  const exact = or(textSearch(q, searched.columns), searched.phone ? phoneSearch(q, searched.phone) : undefined);
  const byId = or(searched.id ? idSearch(q, searched.id) : undefined, searched.reference?.(q));
  const scan = or(exact, byId);
  if (Array.from(q).length < TRIGRAM) return { scan, index: undefined };
  const { index, rowid } = searched;
  const candidates = sql`${rowid} IN (SELECT rowid FROM ${index} WHERE ${index} MATCH ${matchQuery(q, searched)})`;
  return { scan, index: or(and(candidates, exact), byId) };
}

/** A receipt number as we write them (R-2026-00042), however it is typed. */
const RECEIPT_NUMBER = /^R-\d{4}-\d{1,10}$/i;

/** What an M-Pesa receipt or a bank reference looks like: one word of letters, digits and dashes. */
const PAYMENT_REFERENCE = /^[A-Za-z0-9-]{6,40}$/;

/**
 * An order found by a payment's reference (an M-Pesa receipt such as SKL3XYZ0AB, a bank reference:
 * `payments_by_reference`, NOCASE as the ledger records it once whatever its case) or by its
 * receipt's number (the receipts' primary key), each typed whole.
 */
function orderByPaymentReference(q: string): SQL | undefined {
  const byReceipt = RECEIPT_NUMBER.test(q)
    ? sql`${orders.order_id} IN (SELECT ${payments.order_id} FROM ${receipts} JOIN ${payments}
        ON ${payments.payment_id} = ${receipts.payment_id} WHERE ${receipts.number} = ${q.toUpperCase()})`
    : undefined;
  const byReference = PAYMENT_REFERENCE.test(q)
    ? sql`${orders.order_id} IN (SELECT ${payments.order_id} FROM ${payments}
        WHERE ${payments.reference} = ${q} COLLATE NOCASE)`
    : undefined;
  return or(byReceipt, byReference);
}

const ORDERS: Searched = {
  // Customer name, e-mail, company, KRA PIN, phone and both references (Stripe's session id and ours).
  columns: [
    orders.customer_name,
    orders.customer_email,
    orders.customer_company,
    orders.customer_kra_pin,
    orders.customer_phone,
    orders.order_id,
    orders.order_ref,
  ],
  index: ordersSearchIndex,
  rowid: sql`${orders}.rowid`,
  phone: orders.customer_phone,
  reference: orderByPaymentReference,
};

const QUOTES: Searched = {
  columns: [quotes.number, quotes.customer_name, quotes.customer_email, quotes.customer_company],
  index: quotesSearchIndex,
  rowid: sql`${quotes}.rowid`,
};

const MESSAGES: Searched = {
  columns: [contactMessages.name, contactMessages.email, contactMessages.company, contactMessages.phone],
  index: messagesSearchIndex,
  // An INTEGER PRIMARY KEY is the rowid.
  rowid: sql`${contactMessages.id}`,
  phone: contactMessages.phone,
  id: contactMessages.id,
};

const OUTBOX: Searched = {
  columns: [outbox.recipient, outbox.subject, outbox.kind],
  index: outboxSearchIndex,
  rowid: sql`${outbox.id}`,
  id: outbox.id,
};

/** Orders: the buyer's name, e-mail, company, KRA PIN and phone (however spaced), both references, a receipt or payment reference. */
export const orderSearch = (q: string): SearchCondition => search(q, ORDERS);

/** Quotes: the number, and the buyer's name, e-mail and company. */
export const quoteSearch = (q: string): SearchCondition => search(q, QUOTES);

/** Contact messages: the sender's name, e-mail, company and phone; "#12" is message 12. */
export const messageSearch = (q: string): SearchCondition => search(q, MESSAGES);

/** E-mails: the recipient, subject and kind; "#12" is e-mail 12. */
export const outboxSearch = (q: string): SearchCondition => search(q, OUTBOX);
