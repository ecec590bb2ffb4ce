import { checkoutCopy } from "../../checkout/checkout-copy.ts";
import type { CartItems } from "../../client/cart/store.ts";
import { VatNote } from "../../components/VatNote.tsx";
import { formatMoney, toCents } from "../../lib/money.ts";

const copy = checkoutCopy.summary;

/** The 'Order Summary' panel: each line of the cart, then the total the visitor pays today and what recurs. */
export function OrderSummary({
  items,
  totalCents,
  monthlyCents,
  vatIncluded,
  onRemove,
}: {
  items: CartItems;
  totalCents: number;
  /** What of the total recurs every month (the cart's plans), in cents; 0 for a one-time order. */
  monthlyCents: number;
  vatIncluded: boolean;
  onRemove: ((id: string) => void) | null;
}) {
  return (
    <section aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading" className="text-xl font-bold text-slate-900">
        {copy.title}
      </h2>
      <ul className="mt-4 divide-y divide-slate-200">
        {items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-4 py-4">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{item.name}</p>
              <p className="mt-0.5 text-sm text-slate-600">{item.category}</p>
              {item.quantity > 1 && (
                <p className="mt-1 text-sm text-slate-700">
                  <span>{copy.quantity(item.quantity)}</span>
                  <span className="text-slate-600"> · {copy.each(formatMoney(toCents(item.price)))}</span>
                </p>
              )}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <p className="font-semibold text-slate-900">{formatMoney(toCents(item.price) * item.quantity)}</p>
              {onRemove && (
                <button
                  type="button"
                  onClick={() => onRemove(item.id)}
                  aria-label={copy.removeLabel(item.name)}
                  className="cursor-pointer rounded text-sm font-medium text-slate-600 underline-offset-2 hover:text-red-700 hover:underline"
                >
                  {copy.remove}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex items-baseline justify-between border-t-2 border-slate-900 pt-4">
        <span className="text-lg font-bold text-slate-900">{copy.total}</span>
        <span className="text-2xl font-bold text-brand-800">{formatMoney(totalCents)}</span>
      </p>
      {monthlyCents > 0 && (
        <p className="mt-1 text-right text-sm text-slate-600">{copy.recurring(formatMoney(monthlyCents))}</p>
      )}
      <VatNote vatIncluded={vatIncluded} className="mt-2 text-right" />
    </section>
  );
}
