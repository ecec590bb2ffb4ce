import type { OrderRow } from "./orders.ts";

/**
 * The short reference a buyer reads and types for an order (at most 12 characters, M-Pesa's limit
 * on AccountReference): the quote's number when the order pays one, else ORD- and 8 characters of
 * our random reference. M-Pesa prompts carry it, paybill payments name it, messages quote it.
 */
export function accountReferenceOf(order: Pick<OrderRow, "quote_number" | "order_ref">): string {
  if (order.quote_number && order.quote_number.length <= 12) return order.quote_number;
  return `ORD-${(order.order_ref ?? "").replaceAll("-", "").slice(0, 8).toUpperCase()}`;
}
