import { type CartItem, cartItemSchema } from "../../checkout/cart-item-schema.ts";

/**
 * The stored entries that are valid cart items. Loaded on demand by the store: zod is far larger
 * than the header script, and a visitor with an empty cart never needs it.
 */
export function validCartItems(entries: readonly unknown[]): CartItem[] {
  return entries.flatMap((entry) => {
    const result = cartItemSchema().safeParse(entry);
    return result.success ? [result.data] : [];
  });
}
