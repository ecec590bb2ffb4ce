/**
 * The outbox as the mail code and the back office use it: one row per e-mail, whatever becomes of
 * it (migrations/0002, 0007), written and read with drizzle's builder; the row's columns are in
 * db/schema.ts. Each claim and each mark guarded by a claim is one statement whose WHERE carries the
 * guard (D1 runs writes one at a time), so of two deliveries racing for a row exactly one wins.
 */
import { and, asc, eq, isNull, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { database, runBatch } from "../db/client.ts";
import { NOW } from "../db/column-values.ts";
import { type OutboxRow, type OutboxStatus, outbox } from "../db/schema.ts";

export type { OutboxRow, OutboxStatus } from "../db/schema.ts";

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

/** The database's now moved by `modifier` (e.g. '+600 seconds'), as every timestamp column holds it. */
const nowMoved = (modifier: string): SQL => sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${modifier})`;

/** No delivery holds a claim on the row right now (none taken, or its lease has run out). */
const unclaimed = (): SQL | undefined => or(isNull(outbox.claimed_until), lte(outbox.claimed_until, NOW));

/**
 * Records an e-mail; null when one with the same dedupe key exists already (nothing is written).
 * The unique dedupe key decides "once" inside the INSERT itself (ON CONFLICT DO NOTHING).
 */
export async function insertOutbox(db: D1Database, row: NewOutboxRow): Promise<number | null> {
  const inserted = await database(db)
    .insert(outbox)
    .values({
      kind: row.kind,
      dedupe_key: row.dedupeKey,
      recipient: row.recipient,
      subject: row.subject,
      order_id: row.orderId ?? null,
      message_id: row.messageId ?? null,
      payload: JSON.stringify(row.payload),
      status: row.status,
    })
    .onConflictDoNothing({ target: outbox.dedupe_key })
    .returning({ id: outbox.id })
    .get();
  return inserted?.id ?? null;
}

export async function getOutbox(db: D1Database, id: number): Promise<OutboxRow | null> {
  return (await database(db).select().from(outbox).where(eq(outbox.id, id)).get()) ?? null;
}

/** Notes that the rows were handed to the queue, in one batch (one statement a row). */
export async function markEnqueued(db: D1Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const dz = database(db);
  await runBatch(
    db,
    ids.map((id) => dz.update(outbox).set({ enqueued_at: NOW, updated_at: NOW }).where(eq(outbox.id, id))),
  );
}

/**
 * Takes the row for one delivery, in one statement: only a queued row that no live claim holds is
 * taken, so of two deliveries racing for it exactly one gets it back (D1 runs writes one at a
 * time). The claim holds for `leaseSeconds`; each claim counts as one attempt.
 */
export async function claimOutbox(
  db: D1Database,
  id: number,
  token: string,
  leaseSeconds: number,
): Promise<OutboxRow | null> {
  const claimed = await database(db)
    .update(outbox)
    .set({
      claim_token: token,
      claimed_until: nowMoved(`+${leaseSeconds} seconds`),
      attempts: sql`${outbox.attempts} + 1`,
      updated_at: NOW,
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, "queued"), unclaimed()))
    .returning()
    .get();
  return claimed ?? null;
}

type ClaimState = { status: OutboxStatus; leaseLeftSeconds: number };

/** Why a claim was refused: the row's status, and how long another delivery's claim still holds (0: none). */
export async function claimState(db: D1Database, id: number): Promise<ClaimState | null> {
  const state = await database(db)
    .select({
      status: outbox.status,
      leaseLeftSeconds: sql<number>`CASE WHEN ${outbox.claimed_until} > ${NOW}
        THEN CAST((julianday(${outbox.claimed_until}) - julianday('now')) * 86400 AS INTEGER) + 1 ELSE 0 END`,
    })
    .from(outbox)
    .where(eq(outbox.id, id))
    .get();
  return state ?? null;
}

/**
 * Sent, by the delivery holding `token` (whether or not its lease has run out since): false when
 * another claim has replaced it, so nothing was written.
 */
export async function markSent(db: D1Database, id: number, token: string): Promise<boolean> {
  const marked = await database(db)
    .update(outbox)
    .set({ status: "sent", last_error: null, sent_at: NOW, claimed_until: null, updated_at: NOW })
    .where(and(eq(outbox.id, id), eq(outbox.claim_token, token), ne(outbox.status, "sent")))
    .returning({ id: outbox.id });
  return marked.length > 0;
}

/**
 * One failed try: the claim is given up (the queue's retry claims again) and the row stays queued
 * with the error kept for the owner.
 */
export async function markAttemptFailed(db: D1Database, id: number, token: string, error: string): Promise<void> {
  await database(db)
    .update(outbox)
    .set({ claim_token: null, claimed_until: null, last_error: error, updated_at: NOW })
    .where(and(eq(outbox.id, id), eq(outbox.claim_token, token), eq(outbox.status, "queued")));
}

/**
 * Failed for good by the delivery holding `token`: its body was cleared (retention or an erasure),
 * so there is nothing to send. The claim is given up and the reason kept for the owner.
 */
export async function markClaimedFailed(db: D1Database, id: number, token: string, error: string): Promise<void> {
  await database(db)
    .update(outbox)
    .set({ status: "failed", last_error: error, claim_token: null, claimed_until: null, updated_at: NOW })
    .where(and(eq(outbox.id, id), eq(outbox.claim_token, token), eq(outbox.status, "queued")));
}

/**
 * The queue gave up on it (dead-letter queue): failed, until the owner resends it. Not while another
 * delivery holds a claim on it: that one settles it.
 */
export async function markFailed(db: D1Database, id: number, error: string | null): Promise<boolean> {
  const marked = await database(db)
    .update(outbox)
    .set({ status: "failed", last_error: sql`COALESCE(${error}, ${outbox.last_error})`, updated_at: NOW })
    .where(and(eq(outbox.id, id), eq(outbox.status, "queued"), unclaimed()))
    .returning({ id: outbox.id });
  return marked.length > 0;
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
  const rows = await database(db)
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, "queued"),
        unclaimed(),
        or(
          and(isNull(outbox.enqueued_at), lt(outbox.created_at, nowMoved(`-${neverAfter} seconds`))),
          lt(outbox.enqueued_at, nowMoved(`-${lostAfter} seconds`)),
        ),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
