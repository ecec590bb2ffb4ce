/** Finding a receipt from a link: the number's format first, then the row, then its key. */

import type { ReceiptRow } from "../db/document-tables.ts";
import { receiptByNumber } from "./receipt-queries.ts";

/** Equal strings in time that does not depend on where they first differ (as quotes' keys are compared). */
function sameKey(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  if (left.length !== right.length) return false;
  return crypto.subtle.timingSafeEqual(left, right);
}

/**
 * R-2026-00001 … R-2026-99999, then R-2026-100000 and on: exactly what receipts/receipt-queries.ts writes (padded
 * to five digits, never cut, so no longer number starts with 0), checked before D1 is asked.
 */
const RECEIPT_NUMBER = /^R-\d{4}-(?:\d{5}|[1-9]\d{5,11})$/;

/** The receipt by its number, for the owner; null for a malformed or unknown number. */
export async function findReceipt(db: D1Database, number: string | undefined): Promise<ReceiptRow | null> {
  if (!number || !RECEIPT_NUMBER.test(number)) return null;
  return receiptByNumber(db, number);
}

/**
 * The receipt a link opens: its number and its access key must both match. Null for anything else,
 * whatever was wrong, so a caller can answer every failure the same way.
 */
export async function findReceiptByKey(
  db: D1Database,
  number: string | undefined,
  key: string | undefined,
): Promise<ReceiptRow | null> {
  if (!key || key.length > 100) return null;
  const receipt = await findReceipt(db, number);
  return receipt && sameKey(receipt.access_key, key) ? receipt : null;
}
