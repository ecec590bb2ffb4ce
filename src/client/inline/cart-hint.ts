/**
 * A tiny inline script in the <head> of /checkout (bundled, minified and inlined at build time by
 * build/inline-scripts.ts). The server cannot see the cart (it lives in localStorage), so it
 * renders the empty-cart message; before the first paint this marks <html data-cart="items"> when
 * the browser holds a cart, and the page's CSS (`cart-items:`) swaps the message for the loading
 * state. A buyer never sees "empty" flash, and an empty cart shows its final content at first
 * paint, without waiting for the checkout's JavaScript. Constant text, so one CSP hash allows it.
 */
import { CART_STORAGE_KEY } from "../../lib/cart-storage-key.ts";

try {
  const cart: unknown = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) || "[]");
  if (Array.isArray(cart) && cart.length) document.documentElement.setAttribute("data-cart", "items");
} catch {
  // Storage blocked or a corrupt cart: leave the empty-cart message; the checkout's script decides.
}
