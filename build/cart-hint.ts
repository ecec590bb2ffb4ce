/**
 * A tiny inline script in the <head> of /checkout. The server cannot see the cart (it lives in
 * localStorage), so it renders the empty-cart message; before the first paint this marks
 * <html data-cart="items"> when the browser holds a cart, and the page's CSS (`cart-items:`)
 * swaps the message for the loading state. A buyer never sees "empty" flash, and an empty cart
 * shows its final content at first paint, without waiting for the checkout's JavaScript.
 * Constant text, so one CSP hash allows it.
 */
export function cartHintSource(storageKey: string): string {
  return `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(storageKey)})||"[]");if(Array.isArray(c)&&c.length)document.documentElement.setAttribute("data-cart","items")}catch(e){}`;
}
