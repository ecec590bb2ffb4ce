import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { CustomerInfo } from "../../checkout/customer-info-schema.ts";
import type { CartItems } from "../../client/cart/store.ts";
import { postJson, RequestError } from "../../client/post-json.ts";
import { toastRequestFailure } from "../../client/request-failure.ts";
import { mpesaCopy } from "../../mpesa/mpesa-copy.ts";
import type { MpesaStarted, MpesaTerms } from "../../mpesa/mpesa-payment-schema.ts";
import { MPESA_PAY_PATH, MPESA_TERMS_PATH } from "../../paths.ts";

/** Asks the worker whether M-Pesa is offered and at which rate; null until it answers (or if it cannot). */
function useMpesaTerms(): [MpesaTerms | null, () => void] {
  const [terms, setTerms] = useState<MpesaTerms | null>(null);
  const load = useCallback(() => {
    fetch(MPESA_TERMS_PATH, { headers: { Accept: "application/json" }, cache: "no-store" })
      .then((response) => (response.ok ? (response.json() as Promise<MpesaTerms>) : null))
      .then((answer) => {
        if (answer) setTerms(answer);
      })
      .catch(() => {
        // Offline: card stays the only choice shown.
      });
  }, []);
  useEffect(load, [load]);
  return [terms, load];
}

/**
 * M-Pesa at checkout: the terms, and paying, which sends the prompt and opens the waiting page in
 * this tab (the cart is cleared there once paid). A rate that moved since the page asked is fetched
 * again, and the buyer confirms the new amount.
 */
export function useMpesa() {
  const [terms, refresh] = useMpesaTerms();
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  const pay = async (services: CartItems, customerInfo: CustomerInfo, phone: string, kesAmount: number) => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    try {
      const response = await postJson("M-Pesa payment", MPESA_PAY_PATH, {
        services: [...services],
        customerInfo,
        phone,
        kesAmount,
      });
      const { url } = (await response.json()) as MpesaStarted;
      window.location.assign(url);
      return;
    } catch (error) {
      if (error instanceof RequestError && error.status === 409 && error.serverMessage === mpesaCopy.rateChanged) {
        refresh();
        toast.error(mpesaCopy.rateChanged);
      } else {
        console.error("M-Pesa payment failed:", error);
        toastRequestFailure(mpesaCopy.failedToast, error);
      }
    }
    busy.current = false;
    setSending(false);
  };

  return { terms, sending, busy: () => busy.current, pay };
}
