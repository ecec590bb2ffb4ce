import { pricingLabels } from "../catalogue/pricing-extras-copy.ts";
import type { CartItemInput } from "../checkout/cart-item-schema.ts";
import { formatMoney, toCents } from "../lib/money.ts";
import { AddToCartButton } from "./AddToCartButton.tsx";
import { Icon } from "./Icon.tsx";

/** A one-time service or add-on: what it is, how long it takes, its price and add-to-cart button. */
export function PriceCard({
  name,
  description,
  price,
  duration,
  item,
}: {
  name: string;
  description: string;
  price: number;
  duration?: string;
  item: CartItemInput;
}) {
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{description}</p>
      {duration && (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <Icon name="clock" className="size-4 shrink-0 text-brand-600" />
          <span className="sr-only">{`${pricingLabels.duration}: `}</span>
          {duration}
        </p>
      )}
      <p className="mt-4 text-2xl font-bold text-slate-900">{formatMoney(toCents(price))}</p>
      <div className="mt-4">
        <AddToCartButton item={item} label={pricingLabels.addToCart} />
      </div>
    </article>
  );
}
