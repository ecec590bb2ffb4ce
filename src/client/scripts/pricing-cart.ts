import { toast } from "sonner";
import { pricingCartItems } from "../../catalogue/pricing-cart-items.ts";
import type { CartItemInput } from "../../checkout/cart-item-schema.ts";
import { cartCopy } from "../../checkout/checkout-copy.ts";
import { cartLink } from "../../site/navigation-copy.ts";
import { getCartStore } from "../cart/store.ts";
import { sendInsightBeacon } from "../insight-beacon.ts";

/** The item a pricing button names by id, or null when the catalogue has none by that id. */
const buttonItem = (button: HTMLElement): CartItemInput | null =>
  pricingCartItems.find((item) => item.id === button.dataset.addToCart) ?? null;

// One delegated listener serves every add-to-cart button the pricing page renders; the toast
// appears in the page's AppToaster island (same sonner module, so the same toast queue).
document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>("button[data-add-to-cart]") : null;
  const item = button && buttonItem(button);
  if (!item) return;
  getCartStore().add(item);
  sendInsightBeacon("cart");
  toast.success(cartCopy.addedToCart(item.name), {
    action: { label: cartCopy.viewCart, onClick: () => window.location.assign(cartLink.href) },
  });
});
