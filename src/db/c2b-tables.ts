/**
 * Paybill payments Daraja's C2B API confirmed, matched or kept for the owner (migrations/0018).
 * docs/paybill.md.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NOW } from "./column-values.ts";

const c2bStatuses = ["matched", "unmatched", "assigned"] as const;
const c2bTargetKinds = ["quote", "order", "subscription"] as const;

export const c2bPayments = sqliteTable("c2b_payments", {
  trans_id: text("trans_id").primaryKey(),
  trans_type: text("trans_type").notNull(),
  amount_cents: integer("amount_cents").notNull(),
  short_code: text("short_code").notNull(),
  bill_ref: text("bill_ref").notNull(),
  msisdn: text("msisdn").notNull(),
  payer_name: text("payer_name").notNull(),
  trans_time: text("trans_time").notNull(),
  org_account_balance: text("org_account_balance"),
  third_party_trans_id: text("third_party_trans_id"),
  status: text("status", { enum: c2bStatuses }).notNull(),
  target_kind: text("target_kind", { enum: c2bTargetKinds }),
  target_ref: text("target_ref"),
  order_id: text("order_id"),
  payment_id: text("payment_id"),
  excess_cents: integer("excess_cents"),
  unmatched_reason: text("unmatched_reason"),
  received_at: text("received_at").notNull().default(NOW),
  assigned_by: text("assigned_by"),
  assigned_at: text("assigned_at"),
});

export type C2bPaymentRow = typeof c2bPayments.$inferSelect;
