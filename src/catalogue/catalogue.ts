import { exactCents } from "../lib/money.ts";
import { pricingCartItems } from "./pricing-cart-items.ts";
import { recursMonthly } from "./pricing-categories.ts";
import { quoteCatalogue } from "./quote-services-copy.ts";

/** What the worker charges for one id: the catalogue's own name, category and price. */
export type CatalogueEntry = {
  id: string;
  name: string;
  category: string;
  /** USD, as the site shows it. */
  price: number;
  /** The same price in integer cents, as Stripe takes it. */
  unitAmount: number;
  recurring: boolean;
};

/** A catalogue item as the worker charges it; throws (at startup) on a price Stripe could not take as is. */
export function toCatalogueEntry(item: { id: string; name: string; category: string; price: number }): CatalogueEntry {
  const unitAmount = exactCents(item.price);
  if (unitAmount === null || unitAmount < 0) {
    throw new Error(`Catalogue item ${item.id} has a price that is not a whole number of cents: ${item.price}`);
  }
  return {
    id: item.id,
    name: item.name,
    category: item.category,
    price: item.price,
    unitAmount,
    recurring: recursMonthly(item.category),
  };
}

function buildCatalogue(): ReadonlyMap<string, CatalogueEntry> {
  const entries = new Map<string, CatalogueEntry>();
  for (const item of [...quoteCatalogue, ...pricingCartItems]) {
    // Two items sharing an id would make the charged price depend on list order: fail at startup instead.
    if (entries.has(item.id)) throw new Error(`Duplicate catalogue id: ${item.id}`);
    entries.set(item.id, toCatalogueEntry(item));
  }
  return entries;
}

/** Every id the worker charges for: the quote catalogue (e1…p6) and the pricing page ('pricing-…'). */
export const catalogue: ReadonlyMap<string, CatalogueEntry> = buildCatalogue();

export function findCatalogueEntry(id: string): CatalogueEntry | undefined {
  return catalogue.get(id);
}
