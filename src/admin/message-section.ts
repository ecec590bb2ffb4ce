/** The back office's contact messages: search, answered or not, by date. */

import type { AuditRow, ContactMessageRow } from "../db/schema.ts";
import { fetchPage, type Page } from "./admin-listing-queries.ts";
import type { AdminQuery } from "./admin-query.ts";
import { messagesListing } from "./admin-search-queries.ts";

/** A contact message and whether, when and by whom it was answered (NULL: not yet). */
export type BackOfficeMessage = ContactMessageRow;

/** What the Messages page shows: a page of messages, each with its audit trail. */
export type MessagesView = {
  section: "messages";
  rows: BackOfficeMessage[];
  audit: ReadonlyMap<string, AuditRow[]>;
};

/** One page of contact messages for a query. */
export async function searchMessages(db: D1Database, query: AdminQuery<"messages">): Promise<Page<BackOfficeMessage>> {
  const found = await fetchPage<BackOfficeMessage>(db, messagesListing(db, query), query.page);
  return { rows: found.rows, total: found.total, page: found.page, pages: found.pages };
}
