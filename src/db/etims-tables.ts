/**
 * KRA eTIMS: the per-branch invoice counter, the sales reported (or to report) and the sender's
 * lease (migrations/0017). docs/tax.md.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const etimsCounters = sqliteTable("etims_counters", {
  branch_id: text("branch_id").primaryKey(),
  last_invc_no: integer("last_invc_no").notNull(),
});

export const etimsSales = sqliteTable(
  "etims_sales",
  {
    branch_id: text("branch_id").notNull(),
    invc_no: integer("invc_no").notNull(),
    receipt_type: text("receipt_type", { enum: ["S", "R"] })
      .notNull()
      .default("S"),
    payment_id: text("payment_id").notNull(),
    org_invc_no: integer("org_invc_no"),
    trader_invoice_no: text("trader_invoice_no").notNull(),
    kes_rate_x100: integer("kes_rate_x100"),
    sold_at: text("sold_at").notNull(),
    status: text("status", { enum: ["pending", "accepted"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: text("next_attempt_at").notNull(),
    last_attempt_at: text("last_attempt_at"),
    last_error: text("last_error"),
    cur_rcpt_no: integer("cur_rcpt_no"),
    tot_rcpt_no: integer("tot_rcpt_no"),
    intrl_data: text("intrl_data"),
    rcpt_sign: text("rcpt_sign"),
    sdc_date_time: text("sdc_date_time"),
    accepted_at: text("accepted_at"),
    created_at: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.branch_id, t.invc_no] })],
);

export const etimsSenderLeases = sqliteTable("etims_sender_leases", {
  branch_id: text("branch_id").primaryKey(),
  holder: text("holder").notNull(),
  until: text("until").notNull(),
});

export type EtimsSaleRow = typeof etimsSales.$inferSelect;
