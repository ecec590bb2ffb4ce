/**
 * What the owner does in the back office, each change written with its audit row in one D1 batch
 * (a transaction: both or neither). The audit row is inserted from the same condition as the change
 * (`INSERT … SELECT … WHERE <the state the change needs>`), so a change that finds nothing to do
 * (already answered, not failed) writes no audit row either.
 */
import { wellFormedText } from "../schemas/well-formed-text.ts";
import type { OrderNoteRow } from "./orders.ts";

export type AuditSubjectKind = "order" | "message" | "quote" | "outbox";

type AuditAction = "message.answered" | "message.unanswered" | "order.note" | "outbox.resend";

export type AuditRow = {
  id: number;
  at: string;
  actor: string;
  action: AuditAction;
  subject_kind: AuditSubjectKind;
  subject_id: string;
  detail: string | null;
};

export const ORDER_NOTE_MAX_LENGTH = 2000;

/** An order note: trimmed, 1–2,000 characters, well-formed text. */
const orderNoteSchema = wellFormedText()
  .trim()
  .min(1, { message: "The note is empty" })
  .max(ORDER_NOTE_MAX_LENGTH, {
    message: `A note is at most ${ORDER_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters`,
  });

/** Who acted: the e-mail Cloudflare Access vouched for, or "admin". */
const actorSchema = wellFormedText().trim().min(1).max(320);

/** The actor, checked: the route always knows who is signed in, so a bad one is a bug (thrown). */
function actorOf(actor: string): string {
  const parsed = actorSchema.safeParse(actor);
  if (!parsed.success) throw new TypeError("An audited action needs its actor: an e-mail or 'admin'");
  return parsed.data;
}

/** Now, as every timestamp in the database is written; the change and its audit row share it. */
const now = () => new Date().toISOString();

const AUDIT_COLUMNS = "(at, actor, action, subject_kind, subject_id, detail)";

export type ChangeResult = { found: false } | { found: true; changed: boolean };

/**
 * Marks a contact message answered (when, by whom) or unanswered again. Idempotent: marking an
 * answered message answered changes nothing and writes no audit row (`changed: false`).
 */
export async function markMessageAnswered(
  db: D1Database,
  id: number,
  answered: boolean,
  actor: string,
): Promise<ChangeResult> {
  const who = actorOf(actor);
  if (!Number.isSafeInteger(id) || id < 1) return { found: false };
  const at = now();
  const from = answered ? "answered_at IS NULL" : "answered_at IS NOT NULL";
  const [audit] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit ${AUDIT_COLUMNS}
         SELECT ?, ?, ?, 'message', CAST(id AS TEXT), NULL FROM contact_messages WHERE id = ? AND ${from}
         RETURNING id`,
      )
      .bind(at, who, answered ? "message.answered" : "message.unanswered", id),
    db
      .prepare(`UPDATE contact_messages SET answered_at = ?, answered_by = ? WHERE id = ? AND ${from}`)
      .bind(answered ? at : null, answered ? who : null, id),
  ]);
  if ((audit?.results.length ?? 0) > 0) return { found: true, changed: true };
  const exists = await db.prepare("SELECT 1 AS one FROM contact_messages WHERE id = ?").bind(id).first();
  return exists ? { found: true, changed: false } : { found: false };
}

export type AddNoteResult =
  | { ok: true; note: OrderNoteRow }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "not_found" };

/** Adds the owner's note to an order (audited with the note's text); refuses an invalid note. */
export async function addOrderNote(
  db: D1Database,
  sessionId: string,
  body: string,
  actor: string,
): Promise<AddNoteResult> {
  const who = actorOf(actor);
  const parsed = orderNoteSchema.safeParse(body);
  if (!parsed.success) {
    return { ok: false, reason: "invalid", message: parsed.error.issues[0]?.message ?? "Invalid note" };
  }
  const text = parsed.data;
  const at = now();
  // Both inserts select from the order, so a missing order writes neither (and trips no foreign key).
  const [note] = await db.batch<OrderNoteRow>([
    db
      .prepare(
        `INSERT INTO order_notes (session_id, at, actor, body)
         SELECT session_id, ?, ?, ? FROM orders WHERE session_id = ?
         RETURNING *`,
      )
      .bind(at, who, text, sessionId),
    db
      .prepare(
        `INSERT INTO admin_audit ${AUDIT_COLUMNS}
         SELECT ?, ?, 'order.note', 'order', session_id, ? FROM orders WHERE session_id = ?`,
      )
      .bind(at, who, text, sessionId),
  ]);
  const row = note?.results[0];
  return row ? { ok: true, note: row } : { ok: false, reason: "not_found" };
}

/**
 * The owner's Resend of a failed e-mail: back to queued for another round of tries, audited
 * with the error it had failed with. True when it
 * was failed and is queued now; false otherwise (not failed, or no such e-mail), with nothing
 * written, so a double click resends once. The caller then hands it to the queue.
 */
export async function recordResend(db: D1Database, outboxId: number, actor: string): Promise<boolean> {
  const who = actorOf(actor);
  if (!Number.isSafeInteger(outboxId) || outboxId < 1) return false;
  const at = now();
  const [audit] = await db.batch([
    db
      .prepare(
        `INSERT INTO admin_audit ${AUDIT_COLUMNS}
         SELECT ?, ?, 'outbox.resend', 'outbox', CAST(id AS TEXT), last_error FROM outbox WHERE id = ? AND status = 'failed'
         RETURNING id`,
      )
      .bind(at, who, outboxId),
    db
      .prepare(
        `UPDATE outbox SET status = 'queued', attempts = 0, enqueued_at = NULL, updated_at = ?
         WHERE id = ? AND status = 'failed'`,
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

/**
 * The audit trails of a page's items in one query: each id's rows, newest first. Ids are bound
 * parameters; a page holds at most PAGE_SIZE (50) items, under D1's 100 parameters a statement.
 */
export async function auditForMany(
  db: D1Database,
  kind: AuditSubjectKind,
  ids: readonly (string | number)[],
): Promise<Map<string, AuditRow[]>> {
  const byId = new Map<string, AuditRow[]>();
  const unique = [...new Set(ids.map(String))];
  if (unique.length === 0) return byId;
  if (unique.length > 99) throw new RangeError("auditForMany: at most 99 ids a query");
  const { results } = await db
    .prepare(
      `SELECT * FROM admin_audit WHERE subject_kind = ? AND subject_id IN (${unique.map(() => "?").join(", ")})
       ORDER BY at DESC, id DESC`,
    )
    .bind(kind, ...unique)
    .all<AuditRow>();
  for (const row of results) {
    const list = byId.get(row.subject_id);
    if (list) list.push(row);
    else byId.set(row.subject_id, [row]);
  }
  return byId;
}
