/** The back office's Outbox: every e-mail the site sent or tried to, by recipient, subject or kind. */

import type { AuditRow, OutboxRow } from "../db/schema.ts";
import type { AdminQuery } from "./admin-query.ts";
import { outboxListing } from "./admin-search-queries.ts";
import { fetchKeysetPage, type KeysetPage } from "./keyset-page.ts";

/** What the Outbox page shows: a page of e-mails, each with its audit trail. */
export type OutboxView = {
  section: "outbox";
  rows: OutboxRow[];
  audit: ReadonlyMap<string, AuditRow[]>;
};

/** One page of e-mails for a query, newest first ("#12" also finds e-mail 12). */
export async function searchOutbox(db: D1Database, query: AdminQuery<"outbox">): Promise<KeysetPage<OutboxRow>> {
  const found = await fetchKeysetPage<OutboxRow>(db, outboxListing(db, query), query.cursor);
  return found;
}
