import type { Plan } from "../catalogue/pricing-copy.ts";
import { pricingLabels } from "../catalogue/pricing-extras-copy.ts";
import type { CartItemInput } from "../checkout/cart-item-schema.ts";
import { formatMoney, toCents } from "../lib/money.ts";
import { AddToCartButton } from "./AddToCartButton.tsx";
import { Icon } from "./Icon.tsx";

/** One monthly plan: price headline, what it includes and its add-to-cart button. */
export function PlanCard({ plan, item }: { plan: Plan; item: CartItemInput }) {
  const { popular } = plan;
  return (
    <article
      // From lg the three cards share their rows (subgrid): names, descriptions, prices, buttons
      // and lists line up across the plans whatever each description's length.
      className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm sm:p-8 lg:row-span-5 lg:grid lg:grid-rows-subgrid lg:gap-y-0 ${
        popular ? "border-2 border-brand-600 shadow-lg lg:-my-4 lg:py-12" : "border border-slate-200"
      }`}
    >
      {popular && (
        <p className="absolute -top-3.5 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full bg-accent-500 px-3 py-1 text-xs font-bold tracking-wide whitespace-nowrap text-slate-950 uppercase">
          <Icon name="star" className="size-3.5" />
          {pricingLabels.popular}
        </p>
      )}
      <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
      <p className="mt-2 text-sm leading-6 text-slate-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">
          {formatMoney(toCents(plan.price))}
        </span>
        <span className="text-sm font-medium text-slate-600">{pricingLabels.perMonth}</span>
      </p>
      <div className="mt-6">
        <AddToCartButton item={item} label={plan.cta} variant={popular ? "primary" : "outline"} />
      </div>
      <ul className="mt-8 space-y-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Icon name="check" className="mt-0.5 size-5 shrink-0 text-brand-600" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
