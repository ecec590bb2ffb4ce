/**
 * Quotes never accepted, past the enquiry period (src/privacy/retention-quotes.ts): the caller reads
 * them a page at a time, keeps those of mailboxes that engaged, and deletes the rest here with their
 * lines and the e-mails about them anonymised. Accepted quotes are client records: they go with the
 * order that paid them (privacy/order-erasure-queries.ts).
 */
import { and, asc, gt, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { database, runBatch } from "../db/client.ts";
import { quoteLines, quotes } from "../db/document-tables.ts";
import { outbox } from "../db/schema.ts";
import { erasedMailSet } from "./erased-mail-queries.ts";

/** One old quote never accepted: its number, address and date (the page's keyset). */
export type OldQuote = { number: string; customer_email: string; created_at: string };

/**
 * Quotes never accepted, made before `cutoff`, oldest first, after the (created_at, number) key `after`.
 * Plan at 100k: SEARCH quotes USING INDEX quotes_by_created (created_at>? AND created_at<?), USE TEMP B-TREE FOR LAST TERM OF ORDER BY (ties only).
 */
export function oldUnacceptedQuotes(
  db: D1Database,
  cutoff: string,
  after: { created_at: string; number: string } | null,
  limit: number,
): Promise<OldQuote[]> {
  // `created_at >= ?` first: one index range read in order. As a bare OR, SQLite reads both halves and sorts.
  const past = after
    ? and(
        gte(quotes.created_at, after.created_at),
        or(gt(quotes.created_at, after.created_at), gt(quotes.number, after.number)),
      )
    : undefined;
  return database(db)
    .select({ number: quotes.number, customer_email: quotes.customer_email, created_at: quotes.created_at })
    .from(quotes)
    .where(and(isNull(quotes.accepted_at), lt(quotes.created_at, cutoff), past))
    .orderBy(asc(quotes.created_at), asc(quotes.number))
    .limit(limit)
    .all();
}

/** D1 binds at most 100 values a statement: the numbers one batch names (the update binds 5 more). */
const CHUNK = 90;

/**
 * Deletes the quotes (still never accepted and older than `cutoff`, in case one was accepted since)
 * with their lines, and anonymises the e-mails about them (dedupe keys `quote:<number>` and
 * `owner-quote:<number>`): body cleared, subject erased, and the recipient erased where it is the
 * quote's customer (the owner's copy keeps the owner's address). One batch per chunk: all or nothing.
 * Returns how many quotes went. Their PDFs are the caller's.
 */
export async function deleteQuotes(
  db: D1Database,
  numbers: readonly string[],
  cutoff: string,
  now: string,
): Promise<number> {
  const dz = database(db);
  let deleted = 0;
  for (let i = 0; i < numbers.length; i += CHUNK) {
    const chunk = numbers.slice(i, i + CHUNK);
    const goneWhere = and(isNull(quotes.accepted_at), lt(quotes.created_at, cutoff), inArray(quotes.number, chunk));
    const gone = dz
      .$with("gone")
      .as(dz.select({ number: quotes.number, customer_email: quotes.customer_email }).from(quotes).where(goneWhere));
    const goneNumbers = dz.select({ number: quotes.number }).from(quotes).where(goneWhere);
    /** The e-mail's recipient is the person who asked for the quote (owner's copies keep the owner). */
    const toTheAsker = inArray(
      outbox.recipient,
      dz
        .select({ email: gone.customer_email })
        .from(gone)
        .where(sql`${outbox.dedupe_key} IN ('quote:' || ${gone.number}, 'owner-quote:' || ${gone.number})`),
    );
    const mailKeys = dz
      .select({ key: sql<string>`'quote:' || ${gone.number}` })
      .from(gone)
      .unionAll(dz.select({ key: sql<string>`'owner-quote:' || ${gone.number}` }).from(gone));
    const [, , removed] = await runBatch(db, [
      dz.with(gone).update(outbox).set(erasedMailSet(now, toTheAsker)).where(inArray(outbox.dedupe_key, mailKeys)),
      dz.delete(quoteLines).where(inArray(quoteLines.number, goneNumbers)),
      dz.delete(quotes).where(inArray(quotes.number, goneNumbers)).returning({ number: quotes.number }),
    ]);
    deleted += removed?.length ?? 0;
  }
  return deleted;
}
