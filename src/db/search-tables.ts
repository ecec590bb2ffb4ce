/**
 * The back office's full-text indexes (migrations/0027): one FTS5 table per searched table, trigram
 * tokenized, holding exactly the columns its search reads, each row under its table row's rowid.
 * Triggers keep them in step; nothing in the code writes them. Not in schema.ts's allTables: a
 * virtual table's columns have no types, and its shadow tables are SQLite's, not the site's.
 */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";

export const ordersSearchIndex = sqliteTable("orders_search", {
  customer_name: text("customer_name"),
  customer_email: text("customer_email"),
  customer_company: text("customer_company"),
  customer_kra_pin: text("customer_kra_pin"),
  customer_phone: text("customer_phone"),
  order_id: text("order_id"),
  order_ref: text("order_ref"),
  phone_digits: text("phone_digits"),
});

export const quotesSearchIndex = sqliteTable("quotes_search", {
  number: text("number"),
  customer_name: text("customer_name"),
  customer_email: text("customer_email"),
  customer_company: text("customer_company"),
});

export const messagesSearchIndex = sqliteTable("contact_messages_search", {
  name: text("name"),
  email: text("email"),
  company: text("company"),
  phone: text("phone"),
  phone_digits: text("phone_digits"),
});

export const outboxSearchIndex = sqliteTable("outbox_search", {
  recipient: text("recipient"),
  subject: text("subject"),
  kind: text("kind"),
});
