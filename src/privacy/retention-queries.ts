/**
 * The retention sweep's SQL (src/privacy/retention.ts): old enquiries and whether their mailbox ever
 * engaged, e-mail bodies to clear, old e-mail records and audit rows, expired billing links, and the
 * sweep's audit row. Cutoffs are ISO timestamps compared as text, as every timestamp here is written.
 */

import { AT_DOMAIN } from "./address-match.ts";
import { ERASED, erasedMailSet } from "./erased-mail-queries.ts";

/** One old contact message: its id, address and date (the page's keyset). */
export type OldMessage = { id: number; email: string; created_at: string };

/** Contact messages created before `cutoff`, oldest first, after the (created_at, id) key `after`. */
export async function oldMessages(
  db: D1Database,
  cutoff: string,
  after: { created_at: string; id: number } | null,
  limit: number,
): Promise<OldMessage[]> {
  const { results } = await db
    .prepare(
      `SELECT id, email, created_at FROM contact_messages
       WHERE created_at < ?1 AND (?2 IS NULL OR created_at > ?2 OR (created_at = ?2 AND id > ?3))
       ORDER BY created_at, id LIMIT ?4`,
    )
    .bind(cutoff, after?.created_at ?? null, after?.id ?? 0, limit)
    .all<OldMessage>();
  return results;
}

/**
 * Orders statuses that mean money or an agreed deal happened: paid, held for review (Stripe took
 * money that did not match), or confirmed with nothing to pay. An abandoned checkout is none of these.
 */
const ENGAGED_ORDER = `(status IN ('paid', 'needs_review', 'no_payment_required') OR paid_at IS NOT NULL
  OR EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.order_id AND p.status = 'paid'))`;

/**
 * Addresses at any of `domains` that engaged: an order that was paid (ENGAGED_ORDER) or an accepted
 * quote. One statement per domain in one batch; the caller compares mailbox keys, which SQL cannot.
 */
export async function engagedAddresses(db: D1Database, domains: readonly string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const statements = domains.map((domain) =>
    db
      .prepare(
        `SELECT customer_email AS email FROM orders WHERE ${AT_DOMAIN("customer_email")} AND ${ENGAGED_ORDER}
         UNION
         SELECT customer_email AS email FROM quotes WHERE accepted_at IS NOT NULL AND ${AT_DOMAIN("customer_email")}`,
      )
      .bind(`@${domain}`),
  );
  const results = await db.batch<{ email: string }>(statements);
  return results.flatMap((result) => result.results.map((row) => row.email));
}

/**
 * Deletes the messages (still older than `cutoff`, in case one was touched since) and, in the same
 * batch, anonymises the e-mails about them (outbox.message_id): body cleared, subject erased, and the
 * recipient erased where it is the message's sender (the owner's copy keeps the owner's address).
 * Returns how many messages went.
 */
export async function deleteMessages(
  db: D1Database,
  ids: readonly number[],
  cutoff: string,
  now: string,
): Promise<number> {
  let deleted = 0;
  // D1 binds at most 100 parameters a statement: ?1…?3, then the ids.
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const list = chunk.map((_, k) => `?${k + 4}`).join(", ");
    const gone = `SELECT id FROM contact_messages WHERE created_at < ?1 AND id IN (${list})`;
    const [, removed] = await db.batch([
      db
        .prepare(
          `UPDATE outbox SET ${erasedMailSet("?2", "?3", "recipient = (SELECT m.email FROM contact_messages m WHERE m.id = outbox.message_id)")}
           WHERE message_id IN (${gone})`,
        )
        .bind(cutoff, now, ERASED, ...chunk),
      db.prepare(`DELETE FROM contact_messages WHERE id IN (${gone})`).bind(cutoff, now, ERASED, ...chunk),
    ]);
    deleted += removed?.meta.changes ?? 0;
  }
  return deleted;
}

/**
 * Clears the bodies of e-mails settled before `cutoff`: sent ones by when they were sent, failed and
 * not-configured ones by their last change; never a queued one. The payload becomes JSON `null`;
 * the row, recipient, subject, status and dates stay. `updated_at < cutoff` holds for every such row
 * (a settled row's last change is its sending or failing) and lets outbox_bodies_kept find them.
 */
export async function clearMailBodies(db: D1Database, cutoff: string, limit: number, now: string): Promise<number> {
  const { meta } = await db
    .prepare(
      `UPDATE outbox SET payload = 'null', body_cleared_at = ?1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE body_cleared_at IS NULL AND updated_at < ?2
           AND ((status = 'sent' AND sent_at < ?2) OR status IN ('failed', 'not_configured'))
         ORDER BY updated_at LIMIT ?3)`,
    )
    .bind(now, cutoff, limit)
    .run();
  return meta.changes ?? 0;
}

/** Deletes billing links that expired before `now` (used or not: either way they open nothing). */
export async function deleteExpiredBillingLinks(db: D1Database, now: string, limit: number): Promise<number> {
  const { meta } = await db
    .prepare(
      `DELETE FROM billing_links WHERE token_hash IN (
         SELECT token_hash FROM billing_links WHERE expires_at < ?1 ORDER BY expires_at LIMIT ?2)`,
    )
    .bind(now, limit)
    .run();
  return meta.changes ?? 0;
}

/**
 * Deletes records of e-mails created before `cutoff` (the record period) that nothing kept names: no
 * order (a kept order's e-mails go with it, privacy/order-erasure-queries.ts), no contact message still held (a
 * client's correspondence kept while the relationship lasts) and no quote still held (an accepted
 * one, kept with its order). How many went.
 */
export async function deleteOldMailRecords(db: D1Database, cutoff: string, limit: number): Promise<number> {
  const { meta } = await db
    .prepare(
      `DELETE FROM outbox WHERE id IN (
         SELECT id FROM outbox o WHERE created_at < ?1
           AND NOT EXISTS (SELECT 1 FROM orders WHERE order_id = o.order_id)
           AND NOT EXISTS (SELECT 1 FROM contact_messages WHERE id = o.message_id)
           AND NOT (o.kind IN ('quote', 'owner-quote')
             AND EXISTS (SELECT 1 FROM quotes WHERE number = substr(o.dedupe_key, instr(o.dedupe_key, ':') + 1)))
         ORDER BY created_at LIMIT ?2)`,
    )
    .bind(cutoff, limit)
    .run();
  return meta.changes ?? 0;
}

/** Deletes audit rows written before `cutoff` (the record period): they hold notes and actions about people. */
export async function deleteOldAuditRows(db: D1Database, cutoff: string, limit: number): Promise<number> {
  const { meta } = await db
    .prepare("DELETE FROM admin_audit WHERE id IN (SELECT id FROM admin_audit WHERE at < ?1 ORDER BY at LIMIT ?2)")
    .bind(cutoff, limit)
    .run();
  return meta.changes ?? 0;
}

/** The sweep's one audit row: actor 'retention', the run's day as subject, counts per rule as detail. */
export async function auditRetention(db: D1Database, day: string, detail: string, at: string): Promise<void> {
  await db
    .prepare(
      `INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
       VALUES (?, 'retention', 'retention.swept', 'retention', ?, ?)`,
    )
    .bind(at, day, detail)
    .run();
}
