/**
 * Orders' accounts, as other features ask for them: what an order is due, what was paid toward it,
 * and which quotes are being paid in parts. One rule decides them all, said once in SQL
 * (payments/order-balance-queries.ts), which the settling UPDATE reads too.
 */

import type { OrderBalance } from "./order-balance-queries.ts";
import * as queries from "./order-balance-queries.ts";

/** The order's account, or null when there is no such order. */
export function orderBalance(db: D1Database, orderId: string): Promise<OrderBalance | null> {
  return queries.orderBalance(db, orderId);
}

/**
 * The order a written quote is being paid through in parts, with its account: null when none (a
 * quote paid in one go, or not at all).
 */
export function quotePartPayment(
  db: D1Database,
  quoteNumber: string,
): Promise<{ orderId: string; balance: OrderBalance } | null> {
  return queries.quotePartPayment(db, quoteNumber);
}

/** The accounts of a page of orders, by order id. No orders, no query. */
export async function orderBalances(db: D1Database, orderIds: readonly string[]): Promise<Map<string, OrderBalance>> {
  return orderIds.length === 0 ? new Map() : queries.orderBalances(db, orderIds);
}

/** Of a page of quotes, those being paid in parts: their order's account, by quote number. No quotes, no query. */
export async function quotePartPayments(
  db: D1Database,
  numbers: readonly string[],
): Promise<Map<string, OrderBalance>> {
  return numbers.length === 0 ? new Map() : queries.quotePartPayments(db, numbers);
}
