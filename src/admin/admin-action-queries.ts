/**
 * The owner's changes in the back office, each written with its audit row in one D1 batch (a
 * transaction: both or neither), and the audit trail read back (migrations/0005_back_office.sql).
 * The audit row is inserted from the same condition as the change (`INSERT … SELECT … WHERE <the
 * state the change needs>`), so a change that finds nothing to do writes no audit row either.
 */
import type { AuditRow, AuditSubjectKind, OrderNoteRow } from "../db/schema.ts";

const AUDIT_COLUMNS = "(at, actor, action, subject_kind, subject_id, detail)";

/** Who acted and when: the change and its audit row share the time. */
type Acting = { actor: string; at: string };

/** Marks a message answered (or not): true when it changed, with its audit row written. */
export async function setMessageAnswered(
  db: D1Database,
  id: number,
  answered: boolean,
  { actor, at }: Acting,
): Promise<boolean> {
  const from = answered ? "answered_at IS NULL" : "answered_at IS NOT NULL";
  const [audit] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit ${AUDIT_COLUMNS}
         SELECT ?, ?, ?, 'message', CAST(id AS TEXT), NULL FROM contact_messages WHERE id = ? AND ${from}
         RETURNING id`,
      )
      .bind(at, actor, answered ? "message.answered" : "message.unanswered", id),
    db
      .prepare(`UPDATE contact_messages SET answered_at = ?, answered_by = ? WHERE id = ? AND ${from}`)
      .bind(answered ? at : null, answered ? actor : null, id),
  ]);
  return (audit?.results.length ?? 0) > 0;
}

/**
 * Adds a note to an order, audited with its text. Both inserts select from the order, so a missing
 * order writes neither (and trips no foreign key): null then.
 */
export async function insertOrderNote(
  db: D1Database,
  orderId: string,
  body: string,
  { actor, at }: Acting,
): Promise<OrderNoteRow | null> {
  const [note] = await db.batch<OrderNoteRow>([
    db
      .prepare(
        `INSERT INTO order_notes (order_id, at, actor, body)
         SELECT order_id, ?, ?, ? FROM orders WHERE order_id = ?
         RETURNING *`,
      )
      .bind(at, actor, body, orderId),
    db
      .prepare(
        `INSERT INTO admin_audit ${AUDIT_COLUMNS}
         SELECT ?, ?, 'order.note', 'order', order_id, ? FROM orders WHERE order_id = ?`,
      )
      .bind(at, actor, body, orderId),
  ]);
  return note?.results[0] ?? null;
}

/**
 * A failed e-mail back to queued for another round of tries, audited with the error it had failed
 * with: true when it was failed; false (nothing written) otherwise, or when its body was cleared
 * (there is nothing left to send).
 */
export async function requeueFailedMail(db: D1Database, outboxId: number, { actor, at }: Acting): Promise<boolean> {
  const [audit] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit ${AUDIT_COLUMNS}
         SELECT ?, ?, 'outbox.resend', 'outbox', CAST(id AS TEXT), last_error FROM outbox
         WHERE id = ? AND status = 'failed' AND body_cleared_at IS NULL
         RETURNING id`,
      )
      .bind(at, actor, outboxId),
    db
      .prepare(
        `UPDATE outbox SET status = 'queued', attempts = 0, enqueued_at = NULL, updated_at = ?
         WHERE id = ? AND status = 'failed' AND body_cleared_at IS NULL`,
      )
      .bind(at, outboxId),
  ]);
  return (audit?.results.length ?? 0) > 0;
}

/** An item's audit trail, newest first. */
export async function auditFor(
  db: D1Database,
  kind: AuditSubjectKind,
  id: string | number,
  limit = 200,
): Promise<AuditRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM admin_audit WHERE subject_kind = ? AND subject_id = ?
       ORDER BY at DESC, id DESC LIMIT ?`,
    )
    .bind(kind, String(id), limit)
    .all<AuditRow>();
  return results;
}

/** The audit rows of several items of one kind, newest first. Each id is a bound parameter. */
export async function auditRows(db: D1Database, kind: AuditSubjectKind, ids: readonly string[]): Promise<AuditRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM admin_audit WHERE subject_kind = ? AND subject_id IN (${ids.map(() => "?").join(", ")})
       ORDER BY at DESC, id DESC`,
    )
    .bind(kind, ...ids)
    .all<AuditRow>();
  return results;
}
