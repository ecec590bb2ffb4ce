import type { QuoteRow } from "./repository.ts";

/** One quote as /admin lists it: the quote's row and how many lines it has. */
export type AdminQuote = QuoteRow & { line_count: number };

/** The newest quotes first (numbers break ties: they run in the order quotes were made). */
export async function listQuotes(db: D1Database, limit = 200): Promise<AdminQuote[]> {
  const { results } = await db
    .prepare(
      `SELECT q.*, (SELECT COUNT(*) FROM quote_lines l WHERE l.number = q.number) AS line_count
       FROM quotes q ORDER BY q.created_at DESC, q.number DESC LIMIT ?`,
    )
    .bind(limit)
    .all<AdminQuote>();
  return results;
}
