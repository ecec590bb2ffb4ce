/** One-time links into Stripe's billing portal: only a hash of each token is kept (migrations/0003). */

export async function insertBillingLink(
  db: D1Database,
  link: { tokenHash: string; customerId: string; email: string; ttlSeconds: number },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO billing_links (token_hash, customer_id, email, expires_at)
       VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?))`,
    )
    .bind(link.tokenHash, link.customerId, link.email, `+${link.ttlSeconds} seconds`)
    .run();
}

/**
 * Marks a link used, only if it is unused and unexpired, in one UPDATE: of two clicks at once one
 * gets the customer. Null when the link could not be used.
 */
export async function markBillingLinkUsed(db: D1Database, tokenHash: string): Promise<string | null> {
  const used = await db
    .prepare(
      `UPDATE billing_links SET used_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE token_hash = ? AND used_at IS NULL AND expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       RETURNING customer_id`,
    )
    .bind(tokenHash)
    .first<{ customer_id: string }>();
  return used?.customer_id ?? null;
}

/** Whether a link exists and when it was used (null: never, so it expired). */
export function billingLinkUse(db: D1Database, tokenHash: string): Promise<{ used_at: string | null } | null> {
  return db
    .prepare("SELECT used_at FROM billing_links WHERE token_hash = ?")
    .bind(tokenHash)
    .first<{ used_at: string | null }>();
}
