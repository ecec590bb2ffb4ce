/**
 * STK pushes sent to Daraja and how each ended (migrations/0011), through drizzle's builder. The
 * settles and claims are each one guarded UPDATE (the guard in its WHERE, what changed in its
 * RETURNING): D1 runs a statement atomically, so the builder keeps them exactly as safe as raw SQL.
 */
import { and, desc, eq, inArray, isNull, lte, notExists, or, sql } from "drizzle-orm";
import { database } from "../db/client.ts";
import { NOW } from "../db/column-values.ts";
import { type MpesaRequestRow, mpesaRequests, type OrderRow, orders } from "../db/schema.ts";

/** The time `seconds` ago, as timestamp columns hold it, for comparing with one. */
const secondsAgo = (seconds: number) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${seconds} seconds`})`;

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
  await database(db).insert(mpesaRequests).values({
    checkout_request_id: request.checkoutRequestId,
    merchant_request_id: request.merchantRequestId,
    order_id: request.orderId,
    callback_token_hash: request.callbackTokenHash,
    phone: request.phone,
    amount_kes: request.amountKes,
    account_reference: request.accountReference,
  });
}

// Plan at 100k: SEARCH mpesa_requests USING INDEX sqlite_autoindex_mpesa_requests_2 (callback_token_hash=?)
export async function mpesaRequestByTokenHash(db: D1Database, tokenHash: string): Promise<MpesaRequestRow | null> {
  const found = await database(db)
    .select()
    .from(mpesaRequests)
    .where(eq(mpesaRequests.callback_token_hash, tokenHash))
    .get();
  return found ?? null;
}

/**
 * The newest prompt sent for an order, the one its waiting page speaks of.
 * Plan at 100k: SEARCH mpesa_requests USING INDEX mpesa_requests_by_order (order_id=?)
 */
export async function latestMpesaRequest(db: D1Database, orderId: string): Promise<MpesaRequestRow | null> {
  const found = await database(db)
    .select()
    .from(mpesaRequests)
    .where(eq(mpesaRequests.order_id, orderId))
    .orderBy(desc(mpesaRequests.created_at), desc(sql`rowid`))
    .limit(1)
    .get();
  return found ?? null;
}

export type MpesaSettlement = {
  status: "paid" | "failed";
  resultCode: number;
  resultDesc: string;
  receipt: string | null;
};

/** A prompt's outcome as its settling UPDATE writes it: a receipt already known is kept when none comes. */
const settledColumns = (settlement: Omit<MpesaSettlement, "status">) => ({
  result_code: settlement.resultCode,
  result_desc: settlement.resultDesc,
  mpesa_receipt: sql`COALESCE(${settlement.receipt}, ${mpesaRequests.mpesa_receipt})`,
  updated_at: NOW,
});

/**
 * Settles a pending prompt, once: the status is guarded in the UPDATE, so a replayed callback, the
 * sweep and the waiting page racing each other settle it exactly one time. The row when this call
 * settled it, null when it was already settled (or unknown).
 */
export async function settleMpesaRequest(
  db: D1Database,
  checkoutRequestId: string,
  settlement: MpesaSettlement,
): Promise<MpesaRequestRow | null> {
  const settled = await database(db)
    .update(mpesaRequests)
    .set({ status: settlement.status, ...settledColumns(settlement) })
    .where(and(eq(mpesaRequests.checkout_request_id, checkoutRequestId), eq(mpesaRequests.status, "pending")))
    .returning()
    .get();
  return settled ?? null;
}

/**
 * Settles as paid a prompt we had marked failed, once Daraja confirmed the money (a late callback):
 * guarded like settleMpesaRequest, so a replay settles it one time. The row when this call did.
 */
export async function settleFailedMpesaRequestAsPaid(
  db: D1Database,
  checkoutRequestId: string,
  settlement: Omit<MpesaSettlement, "status">,
): Promise<MpesaRequestRow | null> {
  const settled = await database(db)
    .update(mpesaRequests)
    .set({ status: "paid", ...settledColumns(settlement) })
    .where(and(eq(mpesaRequests.checkout_request_id, checkoutRequestId), eq(mpesaRequests.status, "failed")))
    .returning()
    .get();
  return settled ?? null;
}

/**
 * Claims the right to ask Daraja about a pending prompt now: true at most once per `seconds`,
 * however many pages and sweeps ask together (the UPDATE is the lock).
 */
export async function claimMpesaCheck(db: D1Database, checkoutRequestId: string, seconds: number): Promise<boolean> {
  const claimed = await database(db)
    .update(mpesaRequests)
    .set({ checked_at: NOW })
    .where(
      and(
        eq(mpesaRequests.checkout_request_id, checkoutRequestId),
        eq(mpesaRequests.status, "pending"),
        or(isNull(mpesaRequests.checked_at), lte(mpesaRequests.checked_at, secondsAgo(seconds))),
      ),
    )
    .returning({ checkout_request_id: mpesaRequests.checkout_request_id });
  return claimed.length > 0;
}

/** Prompts still pending after `seconds`: the sweep asks Daraja about each. */
export function stalePendingMpesaRequests(db: D1Database, seconds: number, limit: number): Promise<MpesaRequestRow[]> {
  return database(db)
    .select()
    .from(mpesaRequests)
    .where(and(eq(mpesaRequests.status, "pending"), lte(mpesaRequests.created_at, secondsAgo(seconds))))
    .orderBy(mpesaRequests.created_at)
    .limit(limit)
    .all();
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
  payableFrom: readonly OrderRow["status"][],
): Promise<boolean> {
  const dz = database(db);
  const promptPending = dz
    .select({ one: sql`1` })
    .from(mpesaRequests)
    .where(and(eq(mpesaRequests.order_id, orderId), eq(mpesaRequests.status, "pending")));
  const claimed = await dz
    .update(orders)
    .set({
      kes_amount: price.kes,
      kes_rate_x100: price.rateX100,
      kes_priced_at: price.pricedAt,
      prompt_claimed_at: NOW,
    })
    .where(
      and(
        eq(orders.order_id, orderId),
        inArray(orders.status, [...payableFrom]),
        or(isNull(orders.prompt_claimed_at), lte(orders.prompt_claimed_at, secondsAgo(PROMPT_CLAIM_SECONDS))),
        notExists(promptPending),
      ),
    )
    .returning({ order_id: orders.order_id });
  return claimed.length > 0;
}

/** Ends a claim: the prompt was recorded (it now blocks others by being pending) or never sent. */
export async function releaseOrderPrompt(db: D1Database, orderId: string): Promise<void> {
  await database(db).update(orders).set({ prompt_claimed_at: null }).where(eq(orders.order_id, orderId));
}
