// What a plan change costs and when it happens, as Stripe works it out: an upgrade now, with the
// unused time of the old price credited and the rest of the period on the new one charged; a
// change the portal configuration's `schedule_at_period_end` conditions name waits for the period end.
import type { Catalogue, StoredPrice } from "./catalogue.ts";
import { date, money } from "./html.ts";
import type { InvoiceLine } from "./invoices.ts";
import type { Recurring } from "./params.ts";
import type { StoredConfiguration } from "./portal-configurations.ts";
import type { PhasePrice } from "./schedules.ts";
import { randomId } from "./sessions.ts";
import { periodEnd, type StoredSubscription, type SubscriptionItem } from "./subscriptions.ts";

const DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

function intervalDays({ interval, interval_count: count }: Recurring): number {
  return (DAYS[interval] ?? 0) * count;
}

/** A catalogue price in the shape a subscription item and a schedule phase carry. */
export function phasePrice(catalogue: Catalogue, price: StoredPrice): PhasePrice | null {
  const product = catalogue.product(price.product);
  if (!product || !price.recurring) return null;
  return {
    price: price.id,
    product: product.id,
    name: product.name,
    unitAmount: price.unitAmount,
    currency: price.currency,
    recurring: price.recurring,
    lookupKey: price.lookupKey,
    priceMetadata: { ...price.metadata },
  };
}

/** The prices a portal configuration lets a subscriber switch to; none when plan changes are off. */
export function planOptions(configuration: StoredConfiguration | undefined, catalogue: Catalogue): PhasePrice[] {
  const update = configuration?.features.subscription_update;
  if (!update?.enabled || !update.default_allowed_updates.includes("price")) return [];
  return update.products.flatMap(({ prices }) =>
    prices.flatMap((id) => {
      const price = catalogue.price(id);
      const option = price?.active ? phasePrice(catalogue, price) : null;
      return option ? [option] : [];
    }),
  );
}

/**
 * Whether the portal waits for the period end: the item's amount goes down
 * (`decreasing_item_amount`) or its interval gets shorter (`shortening_interval`).
 */
export function waitsForPeriodEnd(conditions: string[], item: SubscriptionItem, target: PhasePrice): boolean {
  const current = item.recurring ?? { interval: "month", interval_count: 1 };
  const cheaper = target.unitAmount < item.unitAmount;
  const shorter = intervalDays(target.recurring) < intervalDays(current);
  return (
    (conditions.includes("decreasing_item_amount") && cheaper) ||
    (conditions.includes("shortening_interval") && shorter)
  );
}

export type PriceChange = {
  lines: InvoiceLine[];
  periodStart: number;
  periodEnd: number;
  anchor: number;
};

function sameInterval(a: Recurring, b: Recurring): boolean {
  return a.interval === b.interval && a.interval_count === b.interval_count;
}

/**
 * The invoice lines of an immediate change at `at`. Same interval: the period stays, the unused
 * part of the old price is credited and the remaining part of the new one charged. A new interval
 * restarts the period (and its anchor) at `at`: the unused time is credited and a full new period charged.
 */
export function priceChange(
  subscription: StoredSubscription,
  item: SubscriptionItem,
  target: PhasePrice,
  at: number,
): PriceChange {
  const { periodStart: start, periodEnd: end } = subscription;
  const fraction = end > start ? Math.min(1, Math.max(0, (end - at) / (end - start))) : 0;
  const since = date(at);
  const unused: InvoiceLine = {
    ...item,
    id: randomId("il"),
    unitAmount: -Math.round(item.unitAmount * fraction),
    subscriptionItem: item.id,
    periodStart: at,
    periodEnd: end,
    proration: { description: `Unused time on ${item.quantity} × ${item.name} after ${since}` },
  };
  const onNew = { ...item, ...target, ...catalogued(target), id: randomId("il"), subscriptionItem: item.id };
  if (sameInterval(target.recurring, subscription.interval)) {
    const remaining: InvoiceLine = {
      ...onNew,
      unitAmount: Math.round(target.unitAmount * fraction),
      periodStart: at,
      periodEnd: end,
      proration: { description: `Remaining time on ${item.quantity} × ${target.name} after ${since}` },
    };
    return { lines: [unused, remaining], periodStart: start, periodEnd: end, anchor: subscription.anchor };
  }
  const newEnd = periodEnd(at, target.recurring, at);
  const full: InvoiceLine = { ...onNew, periodStart: at, periodEnd: newEnd };
  return { lines: [unused, full], periodStart: at, periodEnd: newEnd, anchor: at };
}

/** What a session line records of the catalogue price it charges (`SessionLine.catalogue`). */
export function catalogued(target: PhasePrice) {
  return { catalogue: { price: target.price, product: target.product } };
}

/** The words the portal shows for a price: "Enterprise, $750.00 / month". */
export function priceLabel(option: PhasePrice): string {
  return `${option.name}, ${money(option.unitAmount, option.currency)} / ${option.recurring.interval}`;
}
