// How our catalogue is named in Stripe (docs/orders.md, "The catalogue in Stripe"): one definition
// for the sync (scripts/stripe-sync), which creates the prices, and for Checkout, which finds them.
//   plan (a monthly item)   prices `plan-<slug>-month`, `plan-<slug>-year`
//   anything else           price  `service-<id>` (one-time)
// where <slug> is the plan's id without `pricing-` (pricing-business: business).
import type { CatalogueEntry } from "./catalogue.ts";

import { yearlyCents } from "./plan-prices.ts";

/** A plan's yearly price in cents: what its yearly lookup key bills. */
export const yearlyAmount = yearlyCents;

export type Interval = "month" | "year";

/** Every catalogue price is in US dollars, as the site shows it. */
export const CATALOGUE_CURRENCY = "usd";

const PLAN_ID_PREFIX = "pricing-";

/** A plan's id without the `pricing-` prefix: the part of its keys that names it. */
export function planSlug(id: string): string {
  return id.startsWith(PLAN_ID_PREFIX) ? id.slice(PLAN_ID_PREFIX.length) : id;
}

/** The lookup key of an item's price: a plan's for the interval, a one-time item's otherwise. */
export function lookupKey(item: Pick<CatalogueEntry, "id" | "recurring">, interval: Interval = "month"): string {
  return item.recurring ? `plan-${planSlug(item.id)}-${interval}` : `service-${item.id}`;
}

/** Marks the portal configuration the sync owns, so the sync and the billing page find it among the account's. */
export const PORTAL_OWNER = { key: "managed_by", value: "stripe-sync" } as const;
