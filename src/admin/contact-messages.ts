/** The back office's contact messages: search, answered or not, by date. */
import { fetchPage, type Page } from "../db/admin-listing.ts";
import { messagesListing } from "../db/admin-search.ts";
import type { ContactMessageRow } from "../db/schema.ts";
import type { AdminQuery } from "./query.ts";

/** A contact message and whether, when and by whom it was answered (NULL: not yet). */
export type BackOfficeMessage = ContactMessageRow;

/** One page of contact messages for a query. */
export async function searchMessages(db: D1Database, query: AdminQuery<"messages">): Promise<Page<BackOfficeMessage>> {
  const found = await fetchPage<BackOfficeMessage>(db, messagesListing(query), query.page);
  return { rows: found.rows, total: found.total, page: found.page, pages: found.pages };
}
