/** The back office's Quotes: search by number or buyer, valid or expired, by date. */
import { fetchPage, type Page } from "../db/admin-listing.ts";
import { quotesListing } from "../db/admin-search.ts";
import type { AdminQuote } from "../quotes/listing.ts";
import type { AdminQuery } from "./query.ts";

/** One page of quotes for a query, newest first (numbers break ties), each with its line count. */
export async function searchQuotes(db: D1Database, query: AdminQuery<"quotes">): Promise<Page<AdminQuote>> {
  const found = await fetchPage<AdminQuote>(db, quotesListing(query), query.page);
  return { rows: found.rows, total: found.total, page: found.page, pages: found.pages };
}
