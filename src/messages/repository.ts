import type { ContactMessage } from "../schemas/contact-message.ts";

export type ContactMessageRow = {
  id: number;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string;
  created_at: string;
};

/**
 * Stores a message and returns its id. Throws when D1 gives no row back: an id of 0 would become the
 * owner's e-mail dedupe key `owner-contact:0`, under which every later such message would go unsent.
 */
export async function insertContactMessage(db: D1Database, msg: ContactMessage): Promise<number> {
  const row = await db
    .prepare("INSERT INTO contact_messages (name, email, company, phone, message) VALUES (?, ?, ?, ?, ?) RETURNING id")
    .bind(msg.name, msg.email, msg.company || null, msg.phone || null, msg.message)
    .first<{ id: number }>();
  if (!row || !Number.isSafeInteger(row.id) || row.id < 1) {
    throw new Error("The contact message was not stored: the insert returned no id");
  }
  return row.id;
}
