import { type ReactNode, useState } from "react";
import { checkoutCopy } from "../checkout/checkout-copy.ts";
import { CartProvider, useCart } from "../client/cart/CartProvider.tsx";
import type { CartItems } from "../client/cart/store.ts";
import { cartMonthlyCents, cartTotalCents } from "../client/cart/summary.ts";
import { ButtonLink } from "../components/ButtonLink.tsx";
import { UiIcon } from "../components/UiIcon.tsx";
import { formatMoney } from "../lib/money.ts";
import { CheckoutForm } from "./checkout/CheckoutForm.tsx";
import { OrderSummary } from "./checkout/OrderSummary.tsx";

const copy = checkoutCopy;
const panel = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8";

/**
 * The checkout. The server cannot see the cart, so it renders the empty-cart message together with
 * a loading state; the cart hint in <head> shows the one that fits before first paint. Once the
 * cart is read, the browser keeps the very same message (an empty cart) or shows the form.
 */
export function Checkout({ vatIncluded }: { vatIncluded: boolean }) {
  return (
    <CartProvider>
      <CheckoutView vatIncluded={vatIncluded} />
    </CartProvider>
  );
}

/** `vatIncluded`: the server's VAT_REGISTERED, which the browser cannot read. */
function CheckoutView({ vatIncluded }: { vatIncluded: boolean }) {
  const { items, remove } = useCart();
  // Once paid, the cart is cleared on the way out: keep showing what was bought, not "empty".
  const [paidItems, setPaidItems] = useState<CartItems | null>(null);
  const shown = paidItems ?? items;
  if (shown === null || shown.length === 0) {
    const pending = shown === null;
    // Same position, same element: an empty cart keeps the server's message, repainting nothing.
    return (
      <>
        <CheckoutEmpty pending={pending} />
        {pending && <CheckoutLoading />}
      </>
    );
  }
  const totalCents = cartTotalCents(shown);
  const monthlyCents = cartMonthlyCents(shown);
  return (
    <>
      <CheckoutTitle />
      {/* The summary comes first: above the form on a phone (folded), beside it on a wide screen. */}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
        <SummaryPanel totalCents={totalCents}>
          <OrderSummary
            items={shown}
            totalCents={totalCents}
            monthlyCents={monthlyCents}
            vatIncluded={vatIncluded}
            onRemove={paidItems ? null : remove}
          />
        </SummaryPanel>
        <div className={`${panel} lg:row-start-1`}>
          <CheckoutForm totalCents={totalCents} monthlyCents={monthlyCents} onLeaving={() => setPaidItems(shown)} />
        </div>
      </div>
    </>
  );
}

/**
 * The order summary's panel. On a phone it sits above the form behind a disclosure button that
 * shows the total, so the form starts high and the buyer can check the order before paying; from
 * the lg width it is always open in the column beside the form.
 */
function SummaryPanel({ totalCents, children }: { totalCents: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`${panel} lg:sticky lg:top-24 lg:col-start-2`}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="order-summary-panel"
        onClick={() => setOpen(!open)}
        className="flex w-full cursor-pointer items-center justify-between gap-4 text-left font-semibold text-brand-800 lg:hidden"
      >
        <span className="flex items-center gap-2">
          <UiIcon name="cart" className="size-5" />
          {open ? copy.summary.hide : copy.summary.show}
        </span>
        <span className="text-lg text-slate-900">{formatMoney(totalCents)}</span>
      </button>
      <div id="order-summary-panel" className={open ? "mt-4 lg:mt-0" : "hidden lg:block"}>
        {children}
      </div>
    </div>
  );
}

function CheckoutTitle() {
  return <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{copy.title}</h1>;
}

function SkeletonLines({ count }: { count: number }) {
  return (
    <div className="space-y-4">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
        <div key={i} className="h-10 rounded-md bg-slate-200" />
      ))}
    </div>
  );
}

/** Shown (by the `cart-items:` variant) only while a browser that holds a cart reads it. */
function CheckoutLoading() {
  return (
    <div className="hidden cart-items:block">
      <p aria-hidden="true" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {copy.title}
      </p>
      <p role="status" className="sr-only">
        {copy.loading}
      </p>
      <div
        aria-hidden="true"
        className="mt-8 grid animate-pulse items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8"
      >
        <div className={panel}>
          <div className="mb-6 h-6 w-48 rounded bg-slate-200" />
          <SkeletonLines count={6} />
        </div>
        <div className={panel}>
          <div className="mb-6 h-6 w-36 rounded bg-slate-200" />
          <SkeletonLines count={3} />
        </div>
      </div>
    </div>
  );
}

/** `pending`: the cart is not read yet, so a browser that holds one hides this before first paint. */
function CheckoutEmpty({ pending = false }: { pending?: boolean }) {
  return (
    <div className={`mx-auto max-w-lg py-8 text-center sm:py-12${pending ? " cart-items:hidden" : ""}`}>
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <UiIcon name="cart" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900">{copy.empty.title}</h1>
      <p className="mt-3 text-lg text-slate-600">{copy.empty.text}</p>
      <div className="mt-8">
        <ButtonLink href={copy.empty.action.href}>{copy.empty.action.label}</ButtonLink>
      </div>
    </div>
  );
}
