/**
 * Orders as the rest of the worker reaches them. The statements are in orders/order-queries.ts; what is added
 * here is the state machine's guard on every change of status.
 */
import { getOrder, updateOrderStatus } from "./order-queries.ts";
import { allowedFrom, type OrderStatus } from "./order-status.ts";

export type { OrderItemRow, OrderRow } from "../db/schema.ts";
export {
  claimStripeCheck,
  getOrder,
  getOrderByStripeSession,
  getOrderItems,
  insertOrder,
  type NewOrder,
  type OrderWithItems,
  orderForSubscription,
  setStripeCustomer,
} from "./order-queries.ts";

export type TransitionResult =
  | { found: false }
  | { found: true; changed: boolean; status: OrderStatus; previous: OrderStatus };

/**
 * Moves an order to `to` if the state machine allows it from its current status. The guard is in
 * the UPDATE itself, so concurrent deliveries cannot race an order backwards.
 */
export async function transitionOrder(
  db: D1Database,
  orderId: string,
  to: OrderStatus,
  /** Why, for needs_review and no_payment_required: shown to the owner. */
  reason: string | null = null,
): Promise<TransitionResult> {
  const before = await getOrder(db, orderId);
  if (!before) return { found: false };
  const from = allowedFrom[to];
  if (from.length === 0 || !from.includes(before.status)) {
    return { found: true, changed: false, status: before.status, previous: before.status };
  }
  const changed = await updateOrderStatus(db, orderId, to, from, reason);
  const after = changed ? to : ((await getOrder(db, orderId))?.status ?? before.status);
  return { found: true, changed, status: after, previous: before.status };
}
