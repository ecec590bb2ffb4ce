/**
 * The retention sweep's SQL (src/privacy/retention.ts): old enquiries and whether their mailbox ever
 * engaged, e-mail bodies to clear, expired billing links, and the sweep's audit row. Cutoffs are ISO
 * timestamps compared as text, as every timestamp here is written.
 */

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
  OR EXISTS (SELECT 1 FROM payments p WHERE p.session_id = orders.session_id AND p.status = 'paid'))`;

/**
 * The address as stored (trimmed, without a trailing dot, lower-cased in ASCII) ends with the bound
 * `@domain`. A suffix compared as text, not LIKE: D1 refuses LIKE patterns over 50 bytes, and a
 * domain may be longer; nor has text compared this way any wildcard to escape.
 */
const AT_DOMAIN = (column: string) => `substr(lower(rtrim(trim(${column}), '.')), -length(?1)) = ?1`;

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

/** Deletes the messages (still older than `cutoff`, in case one was touched since); how many went. */
export async function deleteMessages(db: D1Database, ids: readonly number[], cutoff: string): Promise<number> {
  let deleted = 0;
  // D1 binds at most 100 parameters a statement.
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const { meta } = await db
      .prepare(`DELETE FROM contact_messages WHERE created_at < ? AND id IN (${chunk.map(() => "?").join(", ")})`)
      .bind(cutoff, ...chunk)
      .run();
    deleted += meta.changes ?? 0;
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
