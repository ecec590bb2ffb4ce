/**
 * Data subject requests received by another channel and logged in the People section
 * (migrations/0022), with the day each is due. docs/privacy-operations.md.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NOW } from "./column-values.ts";

/** The rights a person may ask us to honour (Data Protection Act 2019, ss. 26, 36, 38 and 40). */
export const dataRequestKinds = ["access", "rectification", "erasure", "objection", "portability"] as const;
/** How a request reached us. */
export const dataRequestChannels = ["letter", "phone", "email", "whatsapp", "in_person", "other"] as const;
const dataRequestStates = ["open", "answered"] as const;
/** Answered by the People section's export or erasure, or noted by the owner (done another way). */
const dataRequestAnswers = ["export", "erasure", "noted"] as const;

export const dataRequests = sqliteTable("data_requests", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  kind: text("kind", { enum: dataRequestKinds }).notNull(),
  channel: text("channel", { enum: dataRequestChannels }).notNull(),
  /** Nairobi days, YYYY-MM-DD. */
  received_on: text("received_on").notNull(),
  due_on: text("due_on").notNull(),
  /** `mailbox:<sha256 of the person key>`, as the audit log names the person; never the address. */
  subject: text("subject").notNull(),
  /** The person key masked (j•••@example.com). */
  person: text("person").notNull(),
  note: text("note"),
  state: text("state", { enum: dataRequestStates }).notNull().default("open"),
  answered_at: text("answered_at"),
  answered_how: text("answered_how", { enum: dataRequestAnswers }),
  answered_by: text("answered_by"),
  answer_note: text("answer_note"),
  logged_by: text("logged_by").notNull(),
  logged_at: text("logged_at").notNull().default(NOW),
});

export type DataRequestRow = typeof dataRequests.$inferSelect;
export type DataRequestKind = DataRequestRow["kind"];
export type DataRequestChannel = DataRequestRow["channel"];
export type DataRequestAnswer = NonNullable<DataRequestRow["answered_how"]>;
