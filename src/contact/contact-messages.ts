/**
 * Messages sent through the contact form (migrations/0001, 0005), as the contact form keeps them and
 * the back office reads them; written and read with drizzle's builder (columns in db/schema.ts).
 */
import { eq } from "drizzle-orm";
import { database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import type { ContactMessage } from "./contact-message-schema.ts";

/**
 * Stores a message and returns its id. Throws when D1 gives no row back: an id of 0 would become the
 * owner's e-mail dedupe key `owner-contact:0`, under which every later such message would go unsent.
 */
export async function insertContactMessage(db: D1Database, msg: ContactMessage): Promise<number> {
  const row = await database(db)
    .insert(contactMessages)
    .values({
      name: msg.name,
      email: msg.email,
      company: msg.company || null,
      phone: msg.phone || null,
      message: msg.message,
    })
    .returning({ id: contactMessages.id })
    .get();
  const id = row?.id;
  if (id === undefined || !Number.isSafeInteger(id) || id < 1) {
    throw new Error("The contact message was not stored: the insert returned no id");
  }
  return id;
}

/** Whether a message with this id is stored (the back office tells "already so" from "no such message"). */
export async function contactMessageExists(db: D1Database, id: number): Promise<boolean> {
  const found = await database(db)
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .get();
  return found !== undefined;
}
