/** Written quotes' SQL: the per-year counter, the quotes and their lines (migrations/0004). */
import type { QuoteLineRow, QuoteRow } from "../db/schema.ts";

export type Quote = QuoteRow & { lines: QuoteLineRow[] };

/** A quote's row as it is first written: the currency and acceptance are the schema's defaults. */
type NewQuoteRow = Omit<QuoteRow, "currency" | "accepted_at" | "accepted_order">;

/**
 * Bumps the year's counter and returns the new count. One UPSERT … RETURNING, a single statement D1
 * runs atomically: concurrent requests each get their own count, none repeats.
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
  await db.batch([
    db
      .prepare(
        `INSERT INTO quotes (number, access_key, customer_name, customer_email, customer_company, due_cents,
           monthly_cents, created_at, valid_until)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        quote.number,
        quote.access_key,
        quote.customer_name,
        quote.customer_email,
        quote.customer_company,
        quote.due_cents,
        quote.monthly_cents,
        quote.created_at,
        quote.valid_until,
      ),
    ...lines.map((line, position) =>
      db
        .prepare(
          `INSERT INTO quote_lines (number, position, item_id, name, category, unit_amount_cents, quantity, recurring)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          quote.number,
          position,
          line.item_id,
          line.name,
          line.category,
          line.unit_amount_cents,
          line.quantity,
          line.recurring,
        ),
    ),
  ]);
}

/** Undoes insertQuoteRows (its lines go with it: ON DELETE CASCADE, and are deleted first anyway). */
export async function deleteQuote(db: D1Database, number: string): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM quote_lines WHERE number = ?").bind(number),
    db.prepare("DELETE FROM quotes WHERE number = ?").bind(number),
  ]);
}

export async function getQuote(db: D1Database, number: string): Promise<Quote | null> {
  const [quotes, lines] = await db.batch<QuoteRow | QuoteLineRow>([
    db.prepare("SELECT * FROM quotes WHERE number = ?").bind(number),
    db.prepare("SELECT * FROM quote_lines WHERE number = ? ORDER BY position").bind(number),
  ]);
  const quote = quotes?.results[0] as QuoteRow | undefined;
  return quote ? { ...quote, lines: (lines?.results ?? []) as QuoteLineRow[] } : null;
}

/** The statement that marks a quote accepted by an order, once: a later payment leaves it as it is. */
export function acceptQuoteStatement(db: D1Database, number: string, orderId: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE quotes SET accepted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), accepted_order = ?2
       WHERE number = ?1 AND accepted_at IS NULL`,
    )
    .bind(number, orderId);
}
