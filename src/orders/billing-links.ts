/**
 * One-time links into Stripe's billing portal, sent by e-mail. The token is 256 random bits; only
 * its SHA-256 is stored, so the database alone opens nothing. A link works once and expires.
 */

/** Asked for on /billing: the buyer is at the screen waiting for it. */
export const REQUESTED_LINK_TTL_SECONDS = 30 * 60;
/** In a failed-renewal e-mail, which may be read the next day. */
export const RENEWAL_LINK_TTL_SECONDS = 3 * 24 * 60 * 60;

export function describeTtl(seconds: number): string {
  return seconds >= 24 * 60 * 60 ? `${Math.round(seconds / 86_400)} days` : `${Math.round(seconds / 60)} minutes`;
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A token as createBillingLink makes them; anything else is refused before the database is asked. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function createBillingLink(
  db: D1Database,
  customerId: string,
  email: string,
  ttlSeconds: number,
): Promise<string> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  await db
    .prepare(
      `INSERT INTO billing_links (token_hash, customer_id, email, expires_at)
       VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?))`,
    )
    .bind(await hashToken(token), customerId, email, `+${ttlSeconds} seconds`)
    .run();
  return token;
}

export type RedeemedLink = { ok: true; customerId: string } | { ok: false; reason: "unknown" | "expired" | "used" };

/**
 * Uses a link: the UPDATE marks it used only if it is unused and unexpired, so two clicks at once
 * cannot both open the portal.
 */
export async function redeemBillingLink(db: D1Database, token: string): Promise<RedeemedLink> {
  if (!TOKEN.test(token)) return { ok: false, reason: "unknown" };
  const hash = await hashToken(token);
  const used = await db
    .prepare(
      `UPDATE billing_links SET used_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE token_hash = ? AND used_at IS NULL AND expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       RETURNING customer_id`,
    )
    .bind(hash)
    .first<{ customer_id: string }>();
  if (used) return { ok: true, customerId: used.customer_id };
  const row = await db
    .prepare("SELECT used_at FROM billing_links WHERE token_hash = ?")
    .bind(hash)
    .first<{ used_at: string | null }>();
  if (!row) return { ok: false, reason: "unknown" };
  return { ok: false, reason: row.used_at ? "used" : "expired" };
}

/**
 * The Stripe customer behind the newest subscription order of an address, if any, with the address
 * as the order holds it: the link goes there, never to a variant someone typed.
 */
export async function customerForEmail(
  db: D1Database,
  email: string,
): Promise<{ customerId: string; email: string } | null> {
  const row = await db
    .prepare(
      `SELECT o.stripe_customer_id AS customer_id, o.customer_email AS email FROM orders o
       JOIN subscriptions s ON s.session_id = o.session_id
       WHERE o.customer_email = ? COLLATE NOCASE AND o.stripe_customer_id IS NOT NULL
       ORDER BY o.created_at DESC LIMIT 1`,
    )
    .bind(email.trim())
    .first<{ customer_id: string; email: string }>();
  return row ? { customerId: row.customer_id, email: row.email } : null;
}
