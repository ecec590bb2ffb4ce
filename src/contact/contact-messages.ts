/** Contact messages as the contact form keeps them; the statements are in db/contact-messages.ts. */
import { insertContactMessageRow } from "./contact-message-queries.ts";
import type { ContactMessage } from "./contact-message-schema.ts";

/**
 * Stores a message and returns its id. Throws when D1 gives no row back: an id of 0 would become the
 * owner's e-mail dedupe key `owner-contact:0`, under which every later such message would go unsent.
 */
export async function insertContactMessage(db: D1Database, msg: ContactMessage): Promise<number> {
  const id = await insertContactMessageRow(db, msg);
  if (id === null || !Number.isSafeInteger(id) || id < 1) {
    throw new Error("The contact message was not stored: the insert returned no id");
  }
  return id;
}
