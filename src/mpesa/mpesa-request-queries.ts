/** STK pushes sent to Daraja and how each ended (migrations/0011). */
import type { MpesaRequestRow } from "../db/schema.ts";

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export type NewMpesaRequest = {
  checkoutRequestId: string;
  merchantRequestId: string;
  orderId: string;
  callbackTokenHash: string;
  phone: string;
  amountKes: number;
  accountReference: string;
};

export async function insertMpesaRequest(db: D1Database, request: NewMpesaRequest): Promise<void> {
  await db
    .prepare(
      `INSERT INTO mpesa_requests (checkout_request_id, merchant_request_id, order_id, callback_token_hash, phone,
         amount_kes, account_reference)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      request.checkoutRequestId,
      request.merchantRequestId,
      request.orderId,
      request.callbackTokenHash,
      request.phone,
      request.amountKes,
      request.accountReference,
    )
    .run();
}

export function mpesaRequestByTokenHash(db: D1Database, tokenHash: string): Promise<MpesaRequestRow | null> {
  return db
    .prepare("SELECT * FROM mpesa_requests WHERE callback_token_hash = ?")
    .bind(tokenHash)
    .first<MpesaRequestRow>();
}

/** The newest prompt sent for an order, the one its waiting page speaks of. */
export function latestMpesaRequest(db: D1Database, orderId: string): Promise<MpesaRequestRow | null> {
  return db
    .prepare("SELECT * FROM mpesa_requests WHERE order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1")
    .bind(orderId)
    .first<MpesaRequestRow>();
}

export type MpesaSettlement = {
  status: "paid" | "failed";
  resultCode: number;
  resultDesc: string;
  receipt: string | null;
};

/**
 * Settles a pending prompt, once: the status is guarded in the UPDATE, so a replayed callback, the
 * sweep and the waiting page racing each other settle it exactly one time. The row when this call
 * settled it, null when it was already settled (or unknown).
 */
export function settleMpesaRequest(
  db: D1Database,
  checkoutRequestId: string,
  settlement: MpesaSettlement,
): Promise<MpesaRequestRow | null> {
  return db
    .prepare(
      `UPDATE mpesa_requests
         SET status = ?2, result_code = ?3, result_desc = ?4, mpesa_receipt = COALESCE(?5, mpesa_receipt),
             updated_at = ${NOW}
       WHERE checkout_request_id = ?1 AND status = 'pending'
       RETURNING *`,
    )
    .bind(checkoutRequestId, settlement.status, settlement.resultCode, settlement.resultDesc, settlement.receipt)
    .first<MpesaRequestRow>();
}

/**
 * Settles as paid a prompt we had marked failed, once Daraja confirmed the money (a late callback):
 * guarded like settleMpesaRequest, so a replay settles it one time. The row when this call did.
 */
export function settleFailedMpesaRequestAsPaid(
  db: D1Database,
  checkoutRequestId: string,
  settlement: Omit<MpesaSettlement, "status">,
): Promise<MpesaRequestRow | null> {
  return db
    .prepare(
      `UPDATE mpesa_requests
         SET status = 'paid', result_code = ?2, result_desc = ?3, mpesa_receipt = COALESCE(?4, mpesa_receipt),
             updated_at = ${NOW}
       WHERE checkout_request_id = ?1 AND status = 'failed'
       RETURNING *`,
    )
    .bind(checkoutRequestId, settlement.resultCode, settlement.resultDesc, settlement.receipt)
    .first<MpesaRequestRow>();
}

/**
 * Claims the right to ask Daraja about a pending prompt now: true at most once per `seconds`,
 * however many pages and sweeps ask together (the UPDATE is the lock).
 */
export async function claimMpesaCheck(db: D1Database, checkoutRequestId: string, seconds: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE mpesa_requests SET checked_at = ${NOW}
       WHERE checkout_request_id = ?1 AND status = 'pending'
         AND (checked_at IS NULL OR checked_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2))`,
    )
    .bind(checkoutRequestId, `-${seconds} seconds`)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** Prompts still pending after `seconds`: the sweep asks Daraja about each. */
export async function stalePendingMpesaRequests(
  db: D1Database,
  seconds: number,
  limit: number,
): Promise<MpesaRequestRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM mpesa_requests
       WHERE status = 'pending' AND created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1)
       ORDER BY created_at LIMIT ?2`,
    )
    .bind(`-${seconds} seconds`, limit)
    .all<MpesaRequestRow>();
  return results;
}

/** How long a claim to send an order's prompt holds: longer than an STK push can take to answer. */
const PROMPT_CLAIM_SECONDS = 60;

/**
 * Claims the right to send the next prompt for an order, at this price: the order must still be
 * payable, with no prompt pending and no other claim in the last minute. The price is written with
 * the claim (one statement), so the order always names what its newest prompt asks. Of two retries
 * at once, one gets it.
 */
export async function claimOrderPrompt(
  db: D1Database,
  orderId: string,
  price: { kes: number; rateX100: number; pricedAt: string },
  payableFrom: readonly string[],
): Promise<boolean> {
  const from = payableFrom.map((_, i) => `?${i + 6}`).join(", ");
  const claimed = await db
    .prepare(
      `UPDATE orders SET kes_amount = ?2, kes_rate_x100 = ?3, kes_priced_at = ?4, prompt_claimed_at = ${NOW}
       WHERE order_id = ?1 AND status IN (${from})
         AND (prompt_claimed_at IS NULL OR prompt_claimed_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?5))
         AND NOT EXISTS (SELECT 1 FROM mpesa_requests WHERE order_id = ?1 AND status = 'pending')
       RETURNING order_id`,
    )
    .bind(orderId, price.kes, price.rateX100, price.pricedAt, `-${PROMPT_CLAIM_SECONDS} seconds`, ...payableFrom)
    .first();
  return claimed !== null;
}

/** Ends a claim: the prompt was recorded (it now blocks others by being pending) or never sent. */
export async function releaseOrderPrompt(db: D1Database, orderId: string): Promise<void> {
  await db.prepare("UPDATE orders SET prompt_claimed_at = NULL WHERE order_id = ?").bind(orderId).run();
}
