/** The back office's Quotes: search by number or buyer, valid or expired, by date. */
import type { AdminQuote } from "../quotes/listing.ts";
import type { AdminQuery } from "./query.ts";
import { dateClauses, fetchPage, type Page, textSearch, whereAll } from "./sql.ts";

const SEARCHED = ["q.number", "q.customer_name", "q.customer_email", "q.customer_company"] as const;

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** One page of quotes for a query, newest first (numbers break ties), each with its line count. */
export async function searchQuotes(db: D1Database, query: AdminQuery<"quotes">): Promise<Page<AdminQuote>> {
  const status =
    query.status === "valid"
      ? { sql: `q.valid_until >= ${NOW}`, params: [] }
      : query.status === "expired"
        ? { sql: `q.valid_until < ${NOW}`, params: [] }
        : null;
  const found = await fetchPage<AdminQuote>(
    db,
    {
      select: "q.*, (SELECT COUNT(*) FROM quote_lines l WHERE l.number = q.number) AS line_count",
      from: "FROM quotes q",
      where: whereAll([query.q ? textSearch(query.q, SEARCHED) : null, status, ...dateClauses(query, "q.created_at")]),
      orderBy: "q.created_at DESC, q.number DESC",
    },
    query.page,
  );
  return { rows: found.rows, total: found.total, page: found.page, pages: found.pages };
}
