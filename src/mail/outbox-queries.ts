/** The outbox's SQL: one row per e-mail, whatever becomes of it (migrations/0002, 0007). */
import type { OutboxRow, OutboxStatus } from "../db/schema.ts";

export type NewOutboxRow = {
  kind: string;
  dedupeKey: string;
  recipient: string;
  subject: string;
  orderId?: string | undefined;
  messageId?: number | undefined;
  payload: unknown;
  status: "queued" | "not_configured";
};

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** Records an e-mail; null when one with the same dedupe key exists already (nothing is written). */
export async function insertOutbox(db: D1Database, row: NewOutboxRow): Promise<number | null> {
  const inserted = await db
    .prepare(
      `INSERT INTO outbox (kind, dedupe_key, recipient, subject, order_id, message_id, payload, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id`,
    )
    .bind(
      row.kind,
      row.dedupeKey,
      row.recipient,
      row.subject,
      row.orderId ?? null,
      row.messageId ?? null,
      JSON.stringify(row.payload),
      row.status,
    )
    .first<{ id: number }>();
  return inserted?.id ?? null;
}

export function getOutbox(db: D1Database, id: number): Promise<OutboxRow | null> {
  return db.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<OutboxRow>();
}

export async function markEnqueued(db: D1Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.batch(
    ids.map((id) => db.prepare(`UPDATE outbox SET enqueued_at = ${NOW}, updated_at = ${NOW} WHERE id = ?`).bind(id)),
  );
}

/** SQL: no delivery holds a claim on the row right now (none taken, or its lease has run out). */
const UNCLAIMED = `(claimed_until IS NULL OR claimed_until <= ${NOW})`;

/**
 * Takes the row for one delivery, in one statement: only a queued row that no live claim holds is
 * taken, so of two deliveries racing for it exactly one gets it back (D1 runs writes one at a
 * time). The claim holds for `leaseSeconds`; each claim counts as one attempt.
 */
export function claimOutbox(
  db: D1Database,
  id: number,
  token: string,
  leaseSeconds: number,
): Promise<OutboxRow | null> {
  return db
    .prepare(
      `UPDATE outbox
       SET claim_token = ?, claimed_until = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?), attempts = attempts + 1,
           updated_at = ${NOW}
       WHERE id = ? AND status = 'queued' AND ${UNCLAIMED}
       RETURNING *`,
    )
    .bind(token, `+${leaseSeconds} seconds`, id)
    .first<OutboxRow>();
}

type ClaimState = { status: OutboxStatus; leaseLeftSeconds: number };

/** Why a claim was refused: the row's status, and how long another delivery's claim still holds (0: none). */
export function claimState(db: D1Database, id: number): Promise<ClaimState | null> {
  return db
    .prepare(
      `SELECT status,
         CASE WHEN claimed_until > ${NOW}
           THEN CAST((julianday(claimed_until) - julianday('now')) * 86400 AS INTEGER) + 1 ELSE 0 END
         AS leaseLeftSeconds
       FROM outbox WHERE id = ?`,
    )
    .bind(id)
    .first<ClaimState>();
}

/**
 * Sent, by the delivery holding `token` (whether or not its lease has run out since): false when
 * another claim has replaced it, so nothing was written.
 */
export async function markSent(db: D1Database, id: number, token: string): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE outbox SET status = 'sent', last_error = NULL, sent_at = ${NOW}, claimed_until = NULL, updated_at = ${NOW}
       WHERE id = ? AND claim_token = ? AND status <> 'sent'`,
    )
    .bind(id, token)
    .run();
  return result.meta.changes > 0;
}

/**
 * One failed try: the claim is given up (the queue's retry claims again) and the row stays queued
 * with the error kept for the owner.
 */
export async function markAttemptFailed(db: D1Database, id: number, token: string, error: string): Promise<void> {
  await db
    .prepare(
      `UPDATE outbox SET claim_token = NULL, claimed_until = NULL, last_error = ?, updated_at = ${NOW}
       WHERE id = ? AND claim_token = ? AND status = 'queued'`,
    )
    .bind(error, id, token)
    .run();
}

/**
 * Failed for good by the delivery holding `token`: its body was cleared (retention or an erasure),
 * so there is nothing to send. The claim is given up and the reason kept for the owner.
 */
export async function markClaimedFailed(db: D1Database, id: number, token: string, error: string): Promise<void> {
  await db
    .prepare(
      `UPDATE outbox SET status = 'failed', last_error = ?, claim_token = NULL, claimed_until = NULL, updated_at = ${NOW}
       WHERE id = ? AND claim_token = ? AND status = 'queued'`,
    )
    .bind(error, id, token)
    .run();
}

/**
 * The queue gave up on it (dead-letter queue): failed, until the owner resends it. Not while another
 * delivery holds a claim on it: that one settles it.
 */
export async function markFailed(db: D1Database, id: number, error: string | null): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE outbox SET status = 'failed', last_error = COALESCE(?, last_error), updated_at = ${NOW}
       WHERE id = ? AND status = 'queued' AND ${UNCLAIMED}`,
    )
    .bind(error, id)
    .run();
  return result.meta.changes > 0;
}

/**
 * Queued rows the queue may never have received: never handed over and older than `neverAfter`
 * seconds, or handed over longer ago than every retry could take (`lostAfter` seconds). A row some
 * delivery holds a live claim on is being sent: left alone.
 */
export async function staleQueued(
  db: D1Database,
  neverAfter: number,
  lostAfter: number,
  limit = 100,
): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM outbox
       WHERE status = 'queued' AND ${UNCLAIMED}
         AND ((enqueued_at IS NULL AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?))
           OR enqueued_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?))
       ORDER BY id LIMIT ?`,
    )
    .bind(`-${neverAfter} seconds`, `-${lostAfter} seconds`, limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}
