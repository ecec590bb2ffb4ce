/** Where a cron step that stopped on its row budget goes on from (migrations/0029, src/cron-cursors.ts). */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";

export const cronCursors = sqliteTable("cron_cursors", {
  /** The step's name, as its log line gives it: "retention.enquiries". */
  step: text("step").primaryKey(),
  /** The keyset of the last row the step examined: its date and its id, as text. */
  created_at: text("created_at").notNull(),
  id: text("id").notNull(),
  updated_at: text("updated_at").notNull(),
});
