/**
 * Cart limits, free of zod so the header script (on every page) can enforce them without loading
 * the schema library. cart-item.ts builds its schema from these same numbers.
 */
export const MAX_QUANTITY = 99;
export const MAX_CART_ITEMS = 100;
