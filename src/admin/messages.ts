/** The back office's Messages: search, answered or not, by date. */
import type { ContactMessageRow } from "../messages/repository.ts";
import type { AdminQuery } from "./query.ts";
import {
  anyOf,
  dateClauses,
  fetchPage,
  idSearch,
  type Listing,
  type Page,
  phoneSearch,
  textSearch,
  whereAll,
} from "./sql.ts";

/** A contact message and whether, when and by whom it was answered (NULL: not yet). */
export type BackOfficeMessage = ContactMessageRow & { answered_at: string | null; answered_by: string | null };

const SEARCHED = ["m.name", "m.email", "m.company", "m.phone"] as const;

/** The messages a query selects, newest first. Shared with the CSV export. */
export function messagesListing(query: AdminQuery<"messages">): Listing {
  return {
    select: "m.*",
    from: "FROM contact_messages m",
    where: whereAll([
      query.q ? anyOf(textSearch(query.q, SEARCHED), phoneSearch(query.q, "m.phone"), idSearch(query.q, "m.id")) : null,
      query.status === "answered"
        ? { sql: "m.answered_at IS NOT NULL", params: [] }
        : query.status === "unanswered"
          ? { sql: "m.answered_at IS NULL", params: [] }
          : null,
      ...dateClauses(query, "m.created_at"),
    ]),
    orderBy: "m.created_at DESC, m.id DESC",
  };
}

/** One page of contact messages for a query. */
export async function searchMessages(db: D1Database, query: AdminQuery<"messages">): Promise<Page<BackOfficeMessage>> {
  const found = await fetchPage<BackOfficeMessage>(db, messagesListing(query), query.page);
  return { rows: found.rows, total: found.total, page: found.page, pages: found.pages };
}
