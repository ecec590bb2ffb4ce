/** The back office's contact messages: search, answered or not, by date. */

import type { AuditRow, ContactMessageRow } from "../db/schema.ts";
import type { AdminQuery } from "./admin-query.ts";
import { messagesListing } from "./admin-search-queries.ts";
import { fetchKeysetPage, type KeysetPage } from "./keyset-page.ts";

/** A contact message and whether, when and by whom it was answered (NULL: not yet). */
export type BackOfficeMessage = ContactMessageRow;

/** What the Messages page shows: a page of messages, each with its audit trail. */
export type MessagesView = {
  section: "messages";
  rows: BackOfficeMessage[];
  audit: ReadonlyMap<string, AuditRow[]>;
};

/** One page of contact messages for a query. */
export async function searchMessages(
  db: D1Database,
  query: AdminQuery<"messages">,
): Promise<KeysetPage<BackOfficeMessage>> {
  const found = await fetchKeysetPage<BackOfficeMessage>(db, messagesListing(db, query), query.cursor);
  return found;
}
