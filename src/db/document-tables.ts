/**
 * The documents the business issues: written quotes with their lines, receipts, and the counters
 * that number each year's without gaps (migrations/0006, 0011). Declared apart from the orders and
 * payments they belong to (schema.ts).
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./column-values.ts";

export const quoteCounters = sqliteTable("quote_counters", {
  year: integer("year").primaryKey(),
  last_number: integer("last_number").notNull(),
});

export const quotes = sqliteTable("quotes", {
  number: text("number").primaryKey(),
  access_key: text("access_key").notNull(),
  customer_name: text("customer_name").notNull(),
  customer_email: text("customer_email").notNull(),
  customer_company: text("customer_company"),
  customer_kra_pin: text("customer_kra_pin"),
  currency: text("currency").notNull().default("usd"),
  due_cents: integer("due_cents").notNull(),
  monthly_cents: integer("monthly_cents").notNull(),
  created_at: createdAt(),
  valid_until: text("valid_until").notNull(),
  /** When a payment accepted it, and that payment's order (migrations/0011). */
  accepted_at: text("accepted_at"),
  accepted_order: text("accepted_order"),
});

export const quoteLines = sqliteTable(
  "quote_lines",
  {
    number: text("number").notNull(),
    position: integer("position").notNull(),
    item_id: text("item_id").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    unit_amount_cents: integer("unit_amount_cents").notNull(),
    quantity: integer("quantity").notNull(),
    recurring: integer("recurring").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.number, t.position] })],
);

export const receiptCounters = sqliteTable("receipt_counters", {
  year: integer("year").primaryKey(),
  last_number: integer("last_number").notNull(),
});

export const receipts = sqliteTable("receipts", {
  number: text("number").primaryKey(),
  payment_id: text("payment_id").notNull(),
  access_key: text("access_key").notNull(),
  created_at: createdAt(),
  /** When its PDF reached R2; null: the sweep draws it. */
  stored_at: text("stored_at"),
});

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;
