/**
 * Whether what Stripe bills is a plan of our catalogue (docs/orders.md, "Plan changes"). Anyone
 * with the Stripe dashboard (or a mistake there) can put any price on a subscription, so a signed
 * event proves only that Stripe said it: a subscription, or a schedule's phase, is on one of our
 * plans when it has exactly one item, whose price carries a plan's lookup key and the very amount,
 * currency and interval the sync gives that key, at quantity 1. Metadata never counts. Anything
 * else is described as received, for the owner's review, and never recorded as our plan.
 */

import { catalogue, findCatalogueEntry } from "../catalogue/catalogue.ts";
import { CATALOGUE_CURRENCY, lookupKey, yearlyAmount } from "../catalogue/lookup-keys.ts";
import type { PriceObject } from "../checkout/stripe-objects.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { decimalAmount } from "../lib/money.ts";
import type { StripePrice } from "../providers/stripe.ts";
import { planReviewCopy as copy, type ReceivedPriceWords } from "./plan-review-copy.ts";
import type { PlanState } from "./subscription-queries.ts";

/** A Stripe price as received: what names it (its lookup key) and what it bills. */
export type ReceivedPrice = {
  id: string;
  lookupKey: string | null;
  unitAmount: number | null;
  currency: string | null;
  interval: string | null;
  intervalCount: number | null;
};

/** A price a schedule names by an id that nothing here can read: unknown, or Stripe could not be asked. */
export type UnreadPrice = { id: string; unread: "unknown" | "unreachable" };

/** One item of a subscription or of a schedule's phase; price null when it cannot be read. */
export type ReceivedItem = { price: ReceivedPrice | UnreadPrice | null; quantity: unknown };

/** Our plan, or why what Stripe sent is not one (the items as received, for the review reason). */
export type PlanCheck = { plan: PlanState; problem: null } | { plan: null; problem: string };

type PlanTerms = { planId: string; interval: PlanState["interval"]; unitAmount: number };

/** What each plan lookup key sells, as the sync makes the prices (scripts/stripe-sync); made on first use. */
const planTerms = lazyOnce(() => {
  const terms = new Map<string, PlanTerms>();
  for (const entry of catalogue.values()) {
    if (!entry.recurring) continue;
    terms.set(lookupKey(entry, "month"), { planId: entry.id, interval: "month", unitAmount: entry.unitAmount });
    const yearly = yearlyAmount(entry.unitAmount);
    terms.set(lookupKey(entry, "year"), { planId: entry.id, interval: "year", unitAmount: yearly });
  }
  return terms;
});

/** Every plan price's lookup key, to ask Stripe for our plans' prices. */
export const planLookupKeys = (): string[] => [...planTerms().keys()];

/** A price as a subscription's item expands it. */
export function receivedPrice(price: PriceObject): ReceivedPrice {
  return {
    id: price.id,
    lookupKey: price.lookup_key ?? null,
    unitAmount: price.unit_amount ?? null,
    currency: price.currency ?? null,
    interval: price.recurring?.interval ?? null,
    intervalCount: price.recurring?.interval_count ?? null,
  };
}

/** A price from Stripe's list of our plans' prices. */
export function listedPrice(price: StripePrice): ReceivedPrice {
  const { id, lookupKey, unitAmount, currency, interval, intervalCount } = price;
  return { id, lookupKey, unitAmount, currency, interval, intervalCount };
}

/**
 * A price id a subscription here billed: the figures recorded then, which passed this check (so
 * in our currency). Checked again, since the catalogue may have changed since.
 */
export function recordedPrice(plan: PlanState): ReceivedPrice {
  const entry = findCatalogueEntry(plan.planId);
  return {
    id: plan.priceId,
    lookupKey: entry?.recurring ? lookupKey(entry, plan.interval) : null,
    unitAmount: plan.amountCents,
    currency: CATALOGUE_CURRENCY,
    interval: plan.interval,
    intervalCount: 1,
  };
}

/** The plan a subscription or a phase bills, when its items are exactly one plan of ours. */
export function checkPlanItems(items: readonly ReceivedItem[]): PlanCheck {
  const [only] = items;
  if (!only) return { plan: null, problem: copy.noItems };
  if (items.length === 1) return checkItem(only);
  const listed = items.slice(0, MAX_LISTED).map(describeItem);
  if (items.length > MAX_LISTED) listed.push(copy.more(items.length - MAX_LISTED));
  return { plan: null, problem: copy.several(items.length, listed.join("; ")) };
}

/** Enough items for the owner to recognise the subscription in Stripe's dashboard. */
const MAX_LISTED = 5;

function checkItem(item: ReceivedItem): PlanCheck {
  const { price, quantity } = item;
  if (!price || "unread" in price) return { plan: null, problem: describeItem(item) };
  const terms = price.lookupKey ? planTerms().get(price.lookupKey) : undefined;
  if (!terms || !price.lookupKey) return { plan: null, problem: `${describeItem(item)}${copy.notOurs}` };
  if (sellsAsCatalogue(price, quantity, terms)) {
    const { planId, interval, unitAmount } = terms;
    return { plan: { planId, interval, amountCents: unitAmount, priceId: price.id }, problem: null };
  }
  const expected = copy.expected(shown(price.lookupKey), money(terms.unitAmount, CATALOGUE_CURRENCY), period(terms));
  return { plan: null, problem: `${describeItem(item)}${expected}` };
}

function sellsAsCatalogue(price: ReceivedPrice, quantity: unknown, terms: PlanTerms): boolean {
  return (
    price.unitAmount === terms.unitAmount &&
    price.currency?.toLowerCase() === CATALOGUE_CURRENCY &&
    price.interval === terms.interval &&
    price.intervalCount === 1 &&
    quantity === 1
  );
}

function describeItem({ price, quantity }: ReceivedItem): string {
  if (!price) return copy.unreadablePrice;
  if ("unread" in price) {
    return price.unread === "unknown" ? copy.unknownPrice(shown(price.id)) : copy.unreachablePrice(shown(price.id));
  }
  return copy.price(priceWords(price, quantity));
}

function priceWords(price: ReceivedPrice, quantity: unknown): ReceivedPriceWords {
  const currency = price.currency === null ? null : shown(price.currency);
  return {
    id: shown(price.id),
    lookupKey: price.lookupKey === null ? null : shown(price.lookupKey),
    amount: price.unitAmount === null ? copy.noAmount : money(price.unitAmount, currency),
    period: copy.period(price.interval === null ? null : shown(price.interval), price.intervalCount),
    quantity: quantity === null || quantity === undefined ? copy.noQuantity : shown(quantity),
  };
}

/** "375.00 KES": the owner compares it with Stripe's dashboard, which shows the code. */
const money = (cents: number, currency: string | null): string =>
  copy.money(decimalAmount(cents, currency ?? CATALOGUE_CURRENCY), currency?.toUpperCase() ?? null);

const period = (terms: PlanTerms): string => copy.period(terms.interval, 1);

/** Stripe's text (ids, keys, codes) or a value, never more than a few dozen characters of it. */
function shown(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? typeof value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
