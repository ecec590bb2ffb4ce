/**
 * Quotes never accepted, past the enquiry period (src/privacy/retention-quotes.ts): the caller reads
 * them a page at a time, keeps those of mailboxes that engaged, and deletes the rest here with their
 * lines and the e-mails about them anonymised. Accepted quotes are client records: they go with the
 * order that paid them (privacy/order-erasure-queries.ts).
 */
import { ERASED, erasedMailSet } from "./erased-mail-queries.ts";

/** The e-mail's recipient is the person who asked for the quote (owner's copies keep the owner). */
const TO_THE_ASKER = `recipient IN (SELECT customer_email FROM gone
  WHERE outbox.dedupe_key IN ('quote:' || gone.number, 'owner-quote:' || gone.number))`;

/** One old quote never accepted: its number, address and date (the page's keyset). */
export type OldQuote = { number: string; customer_email: string; created_at: string };

/** Quotes never accepted, made before `cutoff`, oldest first, after the (created_at, number) key `after`. */
export async function oldUnacceptedQuotes(
  db: D1Database,
  cutoff: string,
  after: { created_at: string; number: string } | null,
  limit: number,
): Promise<OldQuote[]> {
  const { results } = await db
    .prepare(
      `SELECT number, customer_email, created_at FROM quotes
       WHERE accepted_at IS NULL AND created_at < ?1
         AND (?2 IS NULL OR created_at > ?2 OR (created_at = ?2 AND number > ?3))
       ORDER BY created_at, number LIMIT ?4`,
    )
    .bind(cutoff, after?.created_at ?? null, after?.number ?? "", limit)
    .all<OldQuote>();
  return results;
}

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
  let deleted = 0;
  // D1 binds at most 100 parameters a statement: ?1…?3, then the numbers.
  for (let i = 0; i < numbers.length; i += 90) {
    const chunk = numbers.slice(i, i + 90);
    const list = chunk.map((_, k) => `?${k + 4}`).join(", ");
    const gone = `SELECT number, customer_email FROM quotes
      WHERE accepted_at IS NULL AND created_at < ?1 AND number IN (${list})`;
    const run = (sql: string) => db.prepare(sql).bind(cutoff, now, ERASED, ...chunk);
    const [, , removed] = await db.batch([
      run(
        `WITH gone AS (${gone})
         UPDATE outbox SET ${erasedMailSet("?2", "?3", TO_THE_ASKER)}
         WHERE dedupe_key IN (SELECT 'quote:' || number FROM gone UNION ALL SELECT 'owner-quote:' || number FROM gone)`,
      ),
      run(`DELETE FROM quote_lines WHERE number IN (SELECT number FROM (${gone}))`),
      run(`DELETE FROM quotes WHERE number IN (SELECT number FROM (${gone}))`),
    ]);
    deleted += removed?.meta.changes ?? 0;
  }
  return deleted;
}
