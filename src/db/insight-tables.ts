/** The funnel's daily salt (migrations/0024, docs/insight.md): today's only; past days' are deleted. */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";

export const insightSalts = sqliteTable("insight_salts", {
  /** Nairobi's calendar day, "2026-11-28". */
  day: text("day").primaryKey(),
  /** 32 random bytes as hex, never written anywhere else. */
  salt: text("salt").notNull(),
});
