/**
 * One-time links into Stripe's billing portal, or an M-Pesa plan's page (customer_id then holds the
 * plan's subscription id, mps_…), sent by e-mail. The token is 256 random bits; only
 * its SHA-256 is stored, so the database alone opens nothing. A link works once and expires.
 */

import { and, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { database } from "../db/client.ts";
import { NOW } from "../db/column-values.ts";
import { billingLinks, orders, subscriptions } from "../db/schema.ts";
import { base64url } from "../lib/base64url.ts";
import { sha256Hex as hashToken } from "../security/sha256.ts";

/** Asked for on /billing: the buyer is at the screen waiting for it. */
export const REQUESTED_LINK_TTL_SECONDS = 30 * 60;
/** In a failed-renewal e-mail, which may be read the next day. */
export const RENEWAL_LINK_TTL_SECONDS = 3 * 24 * 60 * 60;

export function describeTtl(seconds: number): string {
  return seconds >= 24 * 60 * 60 ? `${Math.round(seconds / 86_400)} days` : `${Math.round(seconds / 60)} minutes`;
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
  await database(db)
    .insert(billingLinks)
    .values({
      token_hash: await hashToken(token),
      customer_id: customerId,
      email,
      expires_at: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`+${ttlSeconds} seconds`})`,
    });
  return token;
}

export type RedeemedLink = { ok: true; customerId: string } | { ok: false; reason: "unknown" | "expired" | "used" };

/**
 * Uses a link: one UPDATE marks it used only if it is unused and unexpired, and returns its
 * customer, so of two clicks at once only one opens the portal.
 */
export async function redeemBillingLink(db: D1Database, token: string): Promise<RedeemedLink> {
  if (!TOKEN.test(token)) return { ok: false, reason: "unknown" };
  const hash = await hashToken(token);
  const dz = database(db);
  const [used] = await dz
    .update(billingLinks)
    .set({ used_at: NOW })
    .where(and(eq(billingLinks.token_hash, hash), isNull(billingLinks.used_at), gt(billingLinks.expires_at, NOW)))
    .returning({ customerId: billingLinks.customer_id });
  if (used?.customerId) return { ok: true, customerId: used.customerId };
  // Why not: no such link, or one used (used_at set) or expired (never used).
  const row = await dz
    .select({ used_at: billingLinks.used_at })
    .from(billingLinks)
    .where(eq(billingLinks.token_hash, hash))
    .get();
  if (!row) return { ok: false, reason: "unknown" };
  return { ok: false, reason: row.used_at ? "used" : "expired" };
}

/**
 * Whose a link is (a Stripe customer, or an M-Pesa plan's subscription), without using it: the
 * landing page names what it opens. Null for a token that is not a live link.
 */
export async function billingLinkHolder(db: D1Database, token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const row = await database(db)
    .select({ customerId: billingLinks.customer_id })
    .from(billingLinks)
    .where(
      and(
        eq(billingLinks.token_hash, await hashToken(token)),
        isNull(billingLinks.used_at),
        gt(billingLinks.expires_at, NOW),
      ),
    )
    .get();
  return row?.customerId ?? null;
}

/**
 * The Stripe customer behind the newest subscription order of an address, if any, with the address
 * as the order holds it: the link goes there, never to a variant someone typed.
 * Plan at 100k: SEARCH orders USING INDEX orders_by_email (customer_email=?), then
 *   SEARCH subscriptions USING COVERING INDEX subscriptions_by_session (order_id=?). The comparison's
 *   NOCASE is the index's collation: a `lower()` here would read every order (migrations/0028)
 */
export async function customerForEmail(
  db: D1Database,
  email: string,
): Promise<{ customerId: string; email: string } | null> {
  const row = await database(db)
    .select({ customerId: orders.stripe_customer_id, email: orders.customer_email })
    .from(orders)
    .innerJoin(subscriptions, eq(subscriptions.order_id, orders.order_id))
    .where(and(sql`${orders.customer_email} = ${email.trim()} COLLATE NOCASE`, isNotNull(orders.stripe_customer_id)))
    .orderBy(desc(orders.created_at))
    .get();
  return row?.customerId ? { customerId: row.customerId, email: row.email } : null;
}
