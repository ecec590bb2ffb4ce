import { type SQL, sql } from "drizzle-orm";
import { outbox } from "../db/schema.ts";

/** What an erased contact detail reads as: never an address, so nothing is ever sent to it. */
export const ERASED = "[erased]";

/**
 * The SET of an UPDATE on outbox that erases an e-mail about a person: the body goes (JSON null,
 * `body_cleared_at` kept if already set), the subject too, and the recipient where it is the person
 * (`isPerson`, SQL on the outbox row); an e-mail to the owner keeps the owner's address. `at` is when.
 */
export function erasedMailSet(at: string, isPerson: SQL) {
  return {
    payload: "null",
    body_cleared_at: sql`COALESCE(${outbox.body_cleared_at}, ${at})`,
    subject: ERASED,
    recipient: sql`CASE WHEN ${isPerson} THEN ${ERASED} ELSE ${outbox.recipient} END`,
  };
}
