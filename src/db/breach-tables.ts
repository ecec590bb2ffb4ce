/**
 * The breach register (migrations/0023): every personal-data breach we became aware of, never
 * deleted. docs/breaches.md.
 */
import { integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";

/** A real risk of harm to the people concerned (Data Protection Act 2019 s.43(1)). */
export const breachRisks = ["yes", "no", "assessing"] as const;
/** Whether the people concerned were told (s.43(1)(b)), or why that was not needed (s.43(6)). */
export const breachToldStates = ["yes", "no", "not_needed"] as const;

export const breaches = sqliteTable(
  "breaches",
  {
    number: text("number").primaryKey(),
    year: integer("year").notNull(),
    seq: integer("seq").notNull(),
    aware_at: text("aware_at").notNull(),
    recorded_at: text("recorded_at").notNull(),
    recorded_by: text("recorded_by").notNull(),
    what_happened: text("what_happened").notNull(),
    data_concerned: text("data_concerned").notNull(),
    people_concerned: text("people_concerned").notNull(),
    /** About how many people; null: not known yet. */
    people_count: integer("people_count"),
    risk: text("risk", { enum: breachRisks }).notNull(),
    risk_description: text("risk_description").notNull(),
    actions_taken: text("actions_taken"),
    odpc_notified_at: text("odpc_notified_at"),
    odpc_reference: text("odpc_reference"),
    subjects_told: text("subjects_told", { enum: breachToldStates }).notNull().default("no"),
    subjects_told_at: text("subjects_told_at"),
    subjects_told_how: text("subjects_told_how"),
    closed_at: text("closed_at"),
    updated_at: text("updated_at").notNull(),
    updated_by: text("updated_by").notNull(),
    /** Each update names the version it was made from (an optimistic check). */
    version: integer("version").notNull().default(1),
  },
  (t) => [unique().on(t.year, t.seq)],
);

export type BreachRow = typeof breaches.$inferSelect;
export type BreachRisk = BreachRow["risk"];
