// What Stripe's catalogue should hold for ours: one Product per item that can be bought, and its
// Prices, each named by a stable lookup key. The scheme (docs/orders.md, "The catalogue in Stripe"):
//   plan (a monthly item)   product `acacia-plan-<slug>`      prices `plan-<slug>-month`, `plan-<slug>-year`
//   anything else           product `acacia-service-<id>`     price  `service-<id>` (one-time)
// where <slug> is the plan's id without `pricing-` (pricing-business: business) and <id> the
// catalogue id (e1, pricing-quick-tech-fix). Product ids are ours too, so a run finds its products
// by id and never makes a second one.
import type { CatalogueEntry } from "../../src/catalogue/catalogue.ts";
import {
  CATALOGUE_CURRENCY,
  type Interval,
  lookupKey,
  planSlug,
  yearlyAmount,
} from "../../src/catalogue/lookup-keys.ts";
import { YEARLY_DISCOUNT_PERCENT } from "../../src/catalogue/plan-prices.ts";

/** What the sync needs of a catalogue item (the worker's CatalogueEntry has it all). */
export type SyncItem = Pick<CatalogueEntry, "id" | "name" | "category" | "unitAmount" | "recurring">;

export type WantedPrice = {
  lookupKey: string;
  unitAmount: number;
  currency: string;
  /** null: a one-time price. */
  interval: Interval | null;
  /** Hidden from customers: how the owner tells prices apart in the dashboard. */
  nickname: string;
  metadata: Record<string, string>;
};

export type WantedProduct = {
  id: string;
  name: string;
  /** What Checkout shows under the name: the category, as the site's Checkout lines do today. */
  description: string;
  metadata: Record<string, string>;
  /** A plan: sold monthly and yearly, offered for plan changes in the customer portal. */
  plan: boolean;
  prices: WantedPrice[];
};

/** The metadata key that ties a Stripe object to our catalogue id (as the Checkout lines' product_data does). */
export const CATALOGUE_ID_KEY = "catalogue_id";

const PRODUCT_ID_PREFIX = "acacia-";
export function productId(item: Pick<SyncItem, "id" | "recurring">): string {
  return `${PRODUCT_ID_PREFIX}${item.recurring ? `plan-${planSlug(item.id)}` : `service-${item.id}`}`;
}

/** Every product and price our catalogue needs in Stripe, in the catalogue's order. */
export function wantedCatalogue(items: Iterable<SyncItem>): WantedProduct[] {
  return [...items].map((item) => {
    const metadata = { [CATALOGUE_ID_KEY]: item.id };
    const price = (interval: Interval | null, unitAmount: number, nickname: string): WantedPrice => ({
      lookupKey: lookupKey(item, interval ?? "month"),
      unitAmount,
      currency: CATALOGUE_CURRENCY,
      interval,
      nickname,
      metadata,
    });
    const prices = item.recurring
      ? [
          price("month", item.unitAmount, `${item.name}, monthly`),
          price("year", yearlyAmount(item.unitAmount), `${item.name}, yearly (${YEARLY_DISCOUNT_PERCENT}% off)`),
        ]
      : [price(null, item.unitAmount, item.name)];
    return {
      id: productId(item),
      name: item.name,
      description: item.category,
      metadata,
      plan: item.recurring,
      prices,
    };
  });
}
