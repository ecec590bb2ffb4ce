/** The outbox's SQL: one row per e-mail, whatever becomes of it (migrations/0002_outbox.sql). */

export type OutboxStatus = "queued" | "sent" | "failed" | "not_configured";

export type OutboxRow = {
  id: number;
  kind: string;
  dedupe_key: string;
  recipient: string;
  subject: string;
  order_id: string | null;
  message_id: number | null;
  payload: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  enqueued_at: string | null;
  sent_at: string | null;
};

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

export async function markSent(db: D1Database, id: number, attempts: number): Promise<void> {
  await db
    .prepare(
      `UPDATE outbox SET status = 'sent', attempts = ?, last_error = NULL, sent_at = ${NOW}, updated_at = ${NOW}
       WHERE id = ?`,
    )
    .bind(attempts, id)
    .run();
}

/** One failed try: the row stays queued (the queue retries it) with the error kept for the owner. */
export async function markAttemptFailed(db: D1Database, id: number, attempts: number, error: string): Promise<void> {
  await db
    .prepare(`UPDATE outbox SET attempts = ?, last_error = ?, updated_at = ${NOW} WHERE id = ? AND status = 'queued'`)
    .bind(attempts, error, id)
    .run();
}

/** The queue gave up on it (dead-letter queue): failed, until the owner resends it. */
export async function markFailed(db: D1Database, id: number, error: string | null): Promise<void> {
  await db
    .prepare(
      `UPDATE outbox SET status = 'failed', last_error = COALESCE(?, last_error), updated_at = ${NOW}
       WHERE id = ? AND status = 'queued'`,
    )
    .bind(error, id)
    .run();
}

/**
 * Queued rows the queue may never have received: never handed over and older than `neverAfter`
 * seconds, or handed over longer ago than every retry could take (`lostAfter` seconds).
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
       WHERE status = 'queued'
         AND ((enqueued_at IS NULL AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?))
           OR enqueued_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?))
       ORDER BY id LIMIT ?`,
    )
    .bind(`-${neverAfter} seconds`, `-${lostAfter} seconds`, limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** How many e-mails of a kind went to one address since `seconds` ago (per-recipient limits). */
export async function countRecent(db: D1Database, kind: string, recipient: string, seconds: number): Promise<number> {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS n FROM outbox
       WHERE kind = ? AND recipient = ? COLLATE NOCASE AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)`,
    )
    .bind(kind, recipient, `-${seconds} seconds`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
