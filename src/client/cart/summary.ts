import { recursMonthly } from "../../catalogue/pricing-categories.ts";
import { toCents } from "../../lib/money.ts";
import type { CartItems } from "./store.ts";

/** Σ price × quantity in whole cents, so the total never shows floating-point error. */
export function cartTotalCents(items: CartItems): number {
  return items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0);
}

/**
 * The part of the total, in cents, that bills again every month (the cart's monthly plans): what
 * the buyer is told recurs before Stripe's page says it. The worker's catalogue applies the same rule.
 */
export function cartMonthlyCents(items: CartItems): number {
  return cartTotalCents(items.filter((item) => recursMonthly(item.category)));
}
