/** localStorage key of the cart (spec section 4): a JSON array of cart items. */
export const CART_STORAGE_KEY = "cart";
