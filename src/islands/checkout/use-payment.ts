import { useRef, useState } from "react";
import { checkoutCopy } from "../../checkout/checkout-copy.ts";
import type { CustomerInfo } from "../../checkout/customer-info-schema.ts";
import { useCart } from "../../client/cart/CartProvider.tsx";
import { openPaymentTab, requestPaymentUrl, sendTabTo } from "../../client/cart/payment.ts";
import type { CartItems } from "../../client/cart/store.ts";
import { toastRequestFailure } from "../../client/request-failure.ts";

const copy = checkoutCopy;

/**
 * Pay: opens the payment tab within the click, asks the worker for the payment page and sends the
 * tab there; this page then clears the cart and goes to the success page. `processing` meanwhile.
 */
export function usePayment(onLeaving: () => void) {
  const cart = useCart();
  const [processing, setProcessing] = useState(false);
  // State updates land after a render; a second Enter in the same instant must not pay twice.
  const busy = useRef(false);

  const settle = () => {
    busy.current = false;
    setProcessing(false);
  };

  const pay = async (services: CartItems, customerInfo: CustomerInfo) => {
    const tab = openPaymentTab(copy.form.tabLoading);
    busy.current = true;
    setProcessing(true);
    try {
      const url = await requestPaymentUrl({ services: [...services], customerInfo });
      if (!url) {
        tab?.close();
        settle();
        return;
      }
      // A blocked popup leaves this tab to go to the payment page; Stripe brings it back to success.
      if (!sendTabTo(tab, url)) {
        window.location.assign(url);
        return;
      }
      onLeaving();
      cart.clear();
      window.location.assign(copy.successPath);
    } catch (error) {
      tab?.close();
      console.error("Payment processing failed:", error);
      toastRequestFailure(copy.toasts.paymentFailed, error);
      settle();
    }
  };

  return { processing, busy: () => busy.current, pay };
}
