import { useState } from "react";
import { ButtonLink } from "../../src/components/ButtonLink.tsx";
import { UiIcon } from "../../src/components/UiIcon.tsx";
import { checkoutCopy } from "../../src/content/checkout.ts";
import { CartProvider, useCart } from "../cart/CartProvider.tsx";
import type { CartItems } from "../cart/store.ts";
import { cartTotal } from "../cart/summary.ts";
import { CheckoutForm } from "./CheckoutForm.tsx";
import { OrderSummary } from "./OrderSummary.tsx";

const copy = checkoutCopy;
const panel = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8";

/**
 * The checkout: the server cannot see the cart, so it renders a neutral loading state; the browser
 * then shows the form and summary, or the empty-cart message.
 */
export function Checkout() {
  return (
    <CartProvider>
      <CheckoutView />
    </CartProvider>
  );
}

function CheckoutView() {
  const { items, remove } = useCart();
  // Once paid, the cart is cleared on the way out: keep showing what was bought, not "empty".
  const [paidItems, setPaidItems] = useState<CartItems | null>(null);
  const shown = paidItems ?? items;
  if (shown === null) return <CheckoutLoading />;
  if (shown.length === 0) return <CheckoutEmpty />;
  return (
    <>
      <CheckoutTitle />
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
        <div className={panel}>
          <CheckoutForm total={cartTotal(shown)} onLeaving={() => setPaidItems(shown)} />
        </div>
        <div className={`${panel} lg:sticky lg:top-24`}>
          <OrderSummary items={shown} total={cartTotal(shown)} onRemove={paidItems ? null : remove} />
        </div>
      </div>
    </>
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

function CheckoutLoading() {
  return (
    <>
      <CheckoutTitle />
      <p role="status" className="sr-only">
        {copy.loading}
      </p>
      <div
        aria-hidden="true"
        className="mt-8 grid animate-pulse items-start gap-6 noscript:hidden lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8"
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
    </>
  );
}

function CheckoutEmpty() {
  return (
    <div className="mx-auto max-w-lg py-8 text-center sm:py-12">
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
