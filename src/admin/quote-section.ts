/** The back office's Quotes: search by number or buyer, valid or expired, by date. */

import type { AuditRow } from "../db/schema.ts";
import type { OrderBalance } from "../payments/order-balance-queries.ts";
import type { AdminQuote } from "../quotes/quote-listing.ts";
import type { AdminQuery } from "./admin-query.ts";
import { quotesListing } from "./admin-search-queries.ts";
import { fetchKeysetPage, type KeysetPage } from "./keyset-page.ts";

/** What the Quotes page shows: a page of quotes and what each one's row needs beside it. */
export type QuotesView = {
  section: "quotes";
  rows: AdminQuote[];
  /** When the page is drawn (ms): quotes past their validity are marked. */
  now: number;
  /** Each quote's audit trail (payments recorded against it), by number. */
  audit: ReadonlyMap<string, AuditRow[]>;
  /** The owner's day (YYYY-MM-DD, Nairobi): the latest a recorded payment may be dated. */
  today: string;
  /** The quotes being paid in parts: their order's account, by number. */
  partPaid: ReadonlyMap<string, OrderBalance>;
};

/** One page of quotes for a query, newest first (numbers break ties), each with its line count. */
export async function searchQuotes(db: D1Database, query: AdminQuery<"quotes">): Promise<KeysetPage<AdminQuote>> {
  const found = await fetchKeysetPage<AdminQuote>(db, quotesListing(db, query), query.cursor);
  return found;
}
