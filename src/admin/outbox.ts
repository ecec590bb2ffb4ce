/** The back office's Outbox: every e-mail the site sent or tried to, by recipient, subject or kind. */
import type { OutboxRow } from "../mail/outbox.ts";
import type { AdminQuery } from "./query.ts";
import { anyOf, dateClauses, fetchPage, idSearch, type Page, textSearch, whereAll } from "./sql.ts";

const SEARCHED = ["e.recipient", "e.subject", "e.kind"] as const;

/** One page of e-mails for a query, newest first ("#12" also finds e-mail 12). */
export async function searchOutbox(db: D1Database, query: AdminQuery<"outbox">): Promise<Page<OutboxRow>> {
  const found = await fetchPage<OutboxRow>(
    db,
    {
      select: "e.*",
      from: "FROM outbox e",
      where: whereAll([
        query.q ? anyOf(textSearch(query.q, SEARCHED), idSearch(query.q, "e.id")) : null,
        query.status ? { sql: "e.status = ?", params: [query.status] } : null,
        ...dateClauses(query, "e.created_at"),
      ]),
      orderBy: "e.created_at DESC, e.id DESC",
    },
    query.page,
  );
  return { rows: found.rows, total: found.total, page: found.page, pages: found.pages };
}
