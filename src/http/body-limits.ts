/**
 * The largest body a cart may arrive in (the payment and quote endpoints): a real cart (49 catalogue
 * items at most) is a few kilobytes; anything near this is not a cart.
 */
export const CART_BODY_MAX_BYTES = 64 * 1024;
