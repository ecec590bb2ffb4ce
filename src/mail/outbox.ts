/**
 * The outbox as the mail code and the back office use it: one row per e-mail, whatever becomes of
 * it. The statements are in mail/outbox-queries.ts, the row's columns in db/schema.ts.
 */

export type { OutboxRow, OutboxStatus } from "../db/schema.ts";
export {
  claimOutbox,
  claimState,
  getOutbox,
  insertOutbox,
  markAttemptFailed,
  markClaimedFailed,
  markEnqueued,
  markFailed,
  markSent,
  staleQueued,
} from "./outbox-queries.ts";
