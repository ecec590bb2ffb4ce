// Runs on every page; deliberately framework-free so static pages stay a few hundred bytes of JS.
import { cartCopy } from "../../checkout/checkout-copy.ts";
import { cartLink } from "../../site/navigation-copy.ts";
import { cartCount, getCartStore } from "../cart/store.ts";

const store = getCartStore();

function showCartCount(): void {
  const items = store.getSnapshot();
  if (!items) return;
  const count = cartCount(items);
  for (const badge of document.querySelectorAll<HTMLElement>("[data-cart-badge]")) {
    badge.textContent = count > 99 ? "99+" : String(count);
    badge.hidden = count === 0;
  }
  for (const link of document.querySelectorAll("[data-cart-link]")) {
    link.setAttribute("aria-label", count > 0 ? cartCopy.cartLinkLabel(cartLink.label, count) : cartLink.label);
  }
  // The header's cart link, wide screens only until the cart holds something: then on a phone too,
  // left of the menu button (the header's right group grows leftwards: nothing else moves).
  for (const link of document.querySelectorAll<HTMLElement>("[data-cart-reveal]")) {
    link.style.display = count > 0 ? "inline-flex" : "";
  }
}

store.subscribe(showCartCount);
showCartCount();

// The mobile menu is a <details>: it opens without script, but closing on a choice or Escape needs us.
for (const menu of document.querySelectorAll<HTMLDetailsElement>("details[data-mobile-menu]")) {
  menu.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a")) menu.open = false;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menu.open) return;
    const focusWasInside = menu.contains(document.activeElement);
    menu.open = false;
    if (focusWasInside) menu.querySelector("summary")?.focus();
  });
}

// The web manifest, linked once the page has loaded rather than in the HTML: Chromium fetches a
// linked manifest (and the icons it lists) at once, and a request that starts before the first
// paint competes with it on a slow phone link.
function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = "/site.webmanifest";
  document.head.append(manifest);
}
if (document.readyState === "complete") linkManifest();
else addEventListener("load", linkManifest, { once: true });
