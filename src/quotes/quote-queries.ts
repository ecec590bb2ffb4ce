/**
 * Written quotes' SQL: the per-year counter, the quotes and their lines (migrations/0004), through
 * drizzle's builder but for the counter.
 */
import { asc, eq } from "drizzle-orm";
import { database, runBatch } from "../db/client.ts";
import { type QuoteLineRow, type QuoteRow, quoteLines, quotes } from "../db/document-tables.ts";

/** A quote's row as it is first written: the currency and acceptance are the schema's defaults. */
type NewQuoteRow = Omit<QuoteRow, "currency" | "accepted_at" | "accepted_order">;

/** A stored quote with its lines, in their order (quotes/quote-numbers.ts names it Quote). */
type StoredQuote = QuoteRow & { lines: QuoteLineRow[] };

/**
 * Bumps the year's counter and returns the new count. One UPSERT … RETURNING, a single statement D1
 * runs atomically: concurrent requests each get their own count, none repeats. Raw SQL: the
 * statement is the counter's whole guarantee, and it reads best as the one statement it is.
 */
export async function nextQuoteCount(db: D1Database, year: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO quote_counters (year, last_number) VALUES (?1, 1)
       ON CONFLICT (year) DO UPDATE SET last_number = last_number + 1
       RETURNING last_number`,
    )
    .bind(year)
    .first<{ last_number: number }>();
  if (!row) throw new Error("No quote number was issued");
  return row.last_number;
}

/** Writes a quote and its lines in one batch (one transaction). */
export async function insertQuoteRows(
  db: D1Database,
  quote: NewQuoteRow,
  lines: readonly Omit<QuoteLineRow, "number" | "position">[],
): Promise<void> {
  const dz = database(db);
  await runBatch(db, [
    dz.insert(quotes).values(quote),
    ...lines.map((line, position) => dz.insert(quoteLines).values({ ...line, number: quote.number, position })),
  ]);
}

/** Undoes insertQuoteRows (its lines go with it: ON DELETE CASCADE, and are deleted first anyway). */
export async function deleteQuote(db: D1Database, number: string): Promise<void> {
  const dz = database(db);
  await runBatch(db, [
    dz.delete(quoteLines).where(eq(quoteLines.number, number)),
    dz.delete(quotes).where(eq(quotes.number, number)),
  ]);
}

/**
 * The quote and its lines, read in one batch (one snapshot); null when there is no such quote.
 * Plan at 100k: SEARCH quotes USING INDEX sqlite_autoindex_quotes_1 (number=?) and
 *   SEARCH quote_lines USING INDEX sqlite_autoindex_quote_lines_1 (number=?)
 */
export async function quoteWithLines(db: D1Database, number: string): Promise<StoredQuote | null> {
  const dz = database(db);
  const [found, lines] = await dz.batch([
    dz.select().from(quotes).where(eq(quotes.number, number)),
    dz.select().from(quoteLines).where(eq(quoteLines.number, number)).orderBy(asc(quoteLines.position)),
  ]);
  const quote = found[0];
  return quote ? { ...quote, lines } : null;
}
