import type { CartItem } from "../checkout/cart-item-schema.ts";
import { getCartStore } from "../client/cart/store.ts";
import { buttonClass } from "../components/ButtonLink.tsx";
import { paths } from "../paths.ts";
import { quotePageCopy } from "../quotes/quote-page-copy.ts";

/**
 * "Pay online" on a quote's page: the cart becomes the quote's services at the quoted quantities
 * (built by the worker from its catalogue, prices checked against the quote), then checkout opens,
 * where the payment endpoint prices them again. Clicking twice only replaces the cart twice, and
 * a page restored from the back-forward cache works again, so nothing is disabled on the way out.
 * Hidden when scripts are off: the page says so.
 */
export function PayQuote({ items }: { items: CartItem[] }) {
  return (
    <button
      type="button"
      className={`${buttonClass("primary")} w-full noscript:hidden sm:w-auto`}
      data-pay-quote
      onClick={() => {
        getCartStore().replace(items);
        window.location.assign(paths.checkout);
      }}
    >
      {quotePageCopy.payOnline.button}
    </button>
  );
}
