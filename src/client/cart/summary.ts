import { toCents } from "../../lib/money.ts";
import type { CartItems } from "./store.ts";

/** Σ price × quantity, summed in whole cents so the total never shows floating-point error. */
export function cartTotal(items: CartItems): number {
  return items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0) / 100;
}
