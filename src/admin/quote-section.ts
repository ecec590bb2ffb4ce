/** The back office's Quotes: search by number or buyer, valid or expired, by date. */

import type { AdminQuote } from "../quotes/quote-listing.ts";
import { fetchPage, type Page } from "./admin-listing-queries.ts";
import type { AdminQuery } from "./admin-query.ts";
import { quotesListing } from "./admin-search-queries.ts";

/** One page of quotes for a query, newest first (numbers break ties), each with its line count. */
export async function searchQuotes(db: D1Database, query: AdminQuery<"quotes">): Promise<Page<AdminQuote>> {
  const found = await fetchPage<AdminQuote>(db, quotesListing(query), query.page);
  return { rows: found.rows, total: found.total, page: found.page, pages: found.pages };
}
