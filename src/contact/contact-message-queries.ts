/** Messages sent through the contact form (migrations/0001, 0005). */
import type { ContactMessage } from "./contact-message-schema.ts";

/** Stores a message; the id D1 gave it, or null when the insert returned no row. */
export async function insertContactMessageRow(db: D1Database, msg: ContactMessage): Promise<number | null> {
  const row = await db
    .prepare("INSERT INTO contact_messages (name, email, company, phone, message) VALUES (?, ?, ?, ?, ?) RETURNING id")
    .bind(msg.name, msg.email, msg.company || null, msg.phone || null, msg.message)
    .first<{ id: number }>();
  return row?.id ?? null;
}

export async function contactMessageExists(db: D1Database, id: number): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS one FROM contact_messages WHERE id = ?").bind(id).first()) !== null;
}
