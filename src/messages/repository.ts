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

export async function insertContactMessage(db: D1Database, msg: ContactMessage): Promise<number> {
  const row = await db
    .prepare("INSERT INTO contact_messages (name, email, company, phone, message) VALUES (?, ?, ?, ?, ?) RETURNING id")
    .bind(msg.name, msg.email, msg.company || null, msg.phone || null, msg.message)
    .first<{ id: number }>();
  return row?.id ?? 0;
}
