/**
 * Monthly plans billed by M-Pesa (migrations/0019): the plan's billing facts and each month billed.
 * docs/mpesa-plans.md.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./column-values.ts";

export const mpesaPlans = sqliteTable("mpesa_plans", {
  subscription_id: text("subscription_id").primaryKey(),
  reference: text("reference").notNull(),
  phone: text("phone").notNull(),
  anchor_day: integer("anchor_day").notNull(),
  next_due_on: text("next_due_on").notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

const mpesaPlanMonthStatuses = ["due", "paid", "past_due", "void"] as const;

export const mpesaPlanMonths = sqliteTable(
  "mpesa_plan_months",
  {
    subscription_id: text("subscription_id").notNull(),
    period_start: text("period_start").notNull(),
    period_end: text("period_end").notNull(),
    usd_cents: integer("usd_cents").notNull(),
    kes_amount: integer("kes_amount").notNull(),
    kes_rate_x100: integer("kes_rate_x100").notNull(),
    status: text("status", { enum: mpesaPlanMonthStatuses }).notNull().default("due"),
    tries: integer("tries").notNull().default(0),
    last_try_on: text("last_try_on"),
    prompts: integer("prompts").notNull().default(0),
    failures: integer("failures").notNull().default(0),
    last_result_code: integer("last_result_code"),
    last_result: text("last_result"),
    prompt_claimed_at: text("prompt_claimed_at"),
    pay_key: text("pay_key").notNull(),
    paid_at: text("paid_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.subscription_id, t.period_start] })],
);

export type MpesaPlanRow = typeof mpesaPlans.$inferSelect;
export type MpesaPlanMonthRow = typeof mpesaPlanMonths.$inferSelect;
