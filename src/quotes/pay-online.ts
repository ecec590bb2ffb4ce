import { findCatalogueEntry } from "../catalogue/catalogue.ts";
import { pricingCartItems } from "../catalogue/pricing-cart-items.ts";
import { quoteCatalogue } from "../catalogue/quote-services-copy.ts";
import type { CartItem, Tier } from "../checkout/cart-item-schema.ts";
import type { Quote } from "./quote-numbers.ts";

/** The description and tier a cart line carries (the catalogue entry has the rest), by id. */
const cartDetails: ReadonlyMap<string, { description: string; tier: Tier }> = new Map(
  [...quoteCatalogue, ...pricingCartItems].map((item) => [item.id, item]),
);

/** Whether the quote can be paid online now, and if not, why (the worker decides, from its catalogue). */
export type QuotePayOnline =
  | { kind: "ready"; items: CartItem[] }
  | { kind: "expired" }
  | { kind: "changed"; names: string[] }
  | { kind: "unavailable"; names: string[] }
  /** Part of it was paid by bank or paybill: the balance is paid the same way. Amounts in `currency`. */
  | { kind: "part-paid"; currency: string; paidCents: number; balanceCents: number };

/**
 * Whether the quote can be paid online as written: it is still valid, and every line is still in
 * the catalogue at the quoted price (checkout charges catalogue prices, so any other price would
 * not be the quote's). If so, the cart items "Pay online" puts in the cart, at the quoted quantities.
 */
export function payOnline(quote: Quote, now: number): QuotePayOnline {
  if (!(Date.parse(quote.valid_until) > now)) return { kind: "expired" };
  const items: CartItem[] = [];
  const unavailable: string[] = [];
  const changed: string[] = [];
  for (const line of quote.lines) {
    const entry = findCatalogueEntry(line.item_id);
    const details = cartDetails.get(line.item_id);
    if (!entry || !details) {
      unavailable.push(line.name);
    } else if (entry.unitAmount !== line.unit_amount_cents || entry.recurring !== (line.recurring === 1)) {
      changed.push(line.name);
    } else {
      const { id, name, category, price } = entry;
      items.push({
        id,
        name,
        description: details.description,
        category,
        tier: details.tier,
        price,
        quantity: line.quantity,
      });
    }
  }
  if (unavailable.length > 0) return { kind: "unavailable", names: unavailable };
  if (changed.length > 0) return { kind: "changed", names: changed };
  return { kind: "ready", items };
}
