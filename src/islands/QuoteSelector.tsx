import { lazy, Suspense, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { QuoteService } from "../catalogue/quote-service-types.ts";
import { servicesByPrice } from "../catalogue/quote-services.ts";
import { quoteTiers } from "../catalogue/quote-services-copy.ts";
import { CartProvider, useCart } from "../client/cart/CartProvider.tsx";
import { cartMonthlyCents } from "../client/cart/summary.ts";
import { QuoteSelectionBar } from "./quote/QuoteSelectionBar.tsx";
import { QuoteServiceCard } from "./quote/QuoteServiceCard.tsx";

const loadDialog = () => import("./quote/QuoteDialog.tsx");
const QuoteDialog = lazy(() => loadDialog().then((m) => ({ default: m.QuoteDialog })));

/** The quote catalogue by tier, each service a card that is selected exactly when it is in the cart. */
export function QuoteSelector() {
  return (
    <CartProvider>
      <QuoteSelection />
    </CartProvider>
  );
}

function QuoteSelection() {
  const { items, totalCents, add, remove } = useCart();
  const selectedIds = new Set(items?.map((item) => item.id));
  const quoteButton = useRef<HTMLButtonElement>(null);
  // The written quote's dialog (and the toasts it reports in) loads on the first ask and then stays,
  // so a toast outlives the dialog, and the bar too when the selection is emptied.
  const [quoteAsked, setQuoteAsked] = useState(0);

  const toggle = (service: QuoteService) => {
    // Until the stored cart is known, "selected" is not known either: a toggle could only guess.
    if (!items) return;
    if (selectedIds.has(service.id)) remove(service.id);
    else {
      const { id, name, description, category, tier, price } = service;
      add({ id, name, description, category, tier, price });
    }
  };

  return (
    <>
      {quoteTiers.map(({ tier, heading }) => (
        <section key={tier} aria-labelledby={`tier-${tier}`} className="mt-12 first:mt-0">
          <h2 id={`tier-${tier}`} className="text-2xl font-bold tracking-tight text-slate-900">
            {heading}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {servicesByPrice(tier).map((service) => (
              <li key={service.id}>
                <QuoteServiceCard service={service} selected={selectedIds.has(service.id)} onToggle={toggle} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {items && items.length > 0 && (
        <QuoteSelectionBar
          distinctItems={items.length}
          totalCents={totalCents}
          monthlyCents={cartMonthlyCents(items)}
          quoteButton={quoteButton}
          onQuote={() => setQuoteAsked((n) => n + 1)}
          onQuoteIntent={() => void loadDialog().catch(() => {})}
        />
      )}
      {/* In <body>: the catalogue sits in the page's no-JavaScript quote <form>, and forms do not nest. */}
      {quoteAsked > 0 &&
        createPortal(
          <Suspense fallback={null}>
            <QuoteDialog asked={quoteAsked} trigger={quoteButton} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
