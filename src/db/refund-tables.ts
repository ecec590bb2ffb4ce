/**
 * Refunds of the payments ledger (migrations/0020): card refunds through Stripe, M-Pesa reversals
 * through Daraja and money the owner sent back by hand. docs/refunds.md.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./column-values.ts";

/** How the money goes back: Stripe, Daraja's reversal, or sent by the owner and recorded. */
const refundChannels = ["card", "mpesa", "bank"] as const;
/** pending until the provider confirms it; a refund the owner records succeeds at once. */
const refundStatuses = ["pending", "succeeded", "failed"] as const;

export const refunds = sqliteTable("refunds", {
  refund_id: text("refund_id").primaryKey(),
  payment_id: text("payment_id").notNull(),
  order_id: text("order_id").notNull(),
  /** In the payment's own minor units and currency. */
  amount_cents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  reason: text("reason").notNull(),
  channel: text("channel", { enum: refundChannels }).notNull(),
  status: text("status", { enum: refundStatuses }).notNull().default("pending"),
  failure_reason: text("failure_reason"),
  stripe_refund_id: text("stripe_refund_id"),
  payment_intent: text("payment_intent"),
  conversation_id: text("conversation_id"),
  originator_conversation_id: text("originator_conversation_id"),
  mpesa_transaction_id: text("mpesa_transaction_id"),
  reference: text("reference"),
  idempotency_key: text("idempotency_key").notNull(),
  created_by: text("created_by").notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
  settled_at: text("settled_at"),
  credit_note_branch: text("credit_note_branch"),
  credit_note_invc_no: integer("credit_note_invc_no"),
});

export type RefundRow = typeof refunds.$inferSelect;
export type RefundChannel = RefundRow["channel"];
