import { useRef, useState } from "react";
import { useCart } from "../../client/cart/CartProvider.tsx";
import type { downloadQuote, QuoteOutcome } from "../../client/quote/download-quote.ts";
import type { QuoteValues } from "../../client/quote/quote-customer.ts";

/** The written-quote flow: the dialog's chunk carries it, the checkout loads it on first use. */
export type DownloadQuote = typeof downloadQuote;

/**
 * A written quote of the cart, as /custom-quote's dialog and the checkout ask for it: one at a
 * time, `quoting` while it is prepared. `request` resolves to what came of it (null when one was
 * already under way), for the form to show its messages.
 */
export function useQuoteDownload(download: DownloadQuote) {
  const cart = useCart();
  const [quoting, setQuoting] = useState(false);
  // State lands after a render; a second Enter in the same instant must not ask twice.
  const busy = useRef(false);

  /** Only name, e-mail, company and KRA PIN address a quote; whatever else the form holds may wait. */
  const request = async ({ name, email, company, kraPin }: QuoteValues): Promise<QuoteOutcome | null> => {
    if (busy.current) return null;
    busy.current = true;
    setQuoting(true);
    const outcome = await download(cart.latest(), { name, email, company, kraPin });
    busy.current = false;
    setQuoting(false);
    return outcome;
  };

  return { quoting, request };
}
