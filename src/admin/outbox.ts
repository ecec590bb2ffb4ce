/** The back office's Outbox: every e-mail the site sent or tried to, by recipient, subject or kind. */
import { fetchPage, type Page } from "../db/admin-listing.ts";
import { outboxListing } from "../db/admin-search.ts";
import type { OutboxRow } from "../db/schema.ts";
import type { AdminQuery } from "./query.ts";

/** One page of e-mails for a query, newest first ("#12" also finds e-mail 12). */
export async function searchOutbox(db: D1Database, query: AdminQuery<"outbox">): Promise<Page<OutboxRow>> {
  const found = await fetchPage<OutboxRow>(db, outboxListing(query), query.page);
  return { rows: found.rows, total: found.total, page: found.page, pages: found.pages };
}
