/**
 * The tables the site's own limits count in (migrations/0008, 0015): prompt and mail budgets, and
 * the back office's failed sign-ins. Declared apart from the business's records in schema.ts.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const budgets = sqliteTable(
  "budgets",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    hour: text("hour").notNull(),
    hour_count: integer("hour_count").notNull(),
    day: text("day").notNull(),
    day_count: integer("day_count").notNull(),
    /** The attempt that last counted a use (migrations/0015): several budgets are spent together or not at all. */
    last_use: text("last_use"),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

export const adminSignInFailures = sqliteTable(
  "admin_sign_in_failures",
  {
    bucket: text("bucket").notNull(),
    window_minute: integer("window_minute").notNull(),
    failures: integer("failures").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.window_minute] })],
);
