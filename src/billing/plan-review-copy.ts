/**
 * What the owner reads when Stripe bills a subscription something that is not a plan of our
 * catalogue (docs/orders.md, "Plan changes"): the review notice's sentence, and the reason the back
 * office shows, which names what Stripe sent so it can be compared with Stripe's dashboard.
 */

/** One price as Stripe sent it, its parts already written out. */
export type ReceivedPriceWords = {
  id: string;
  lookupKey: string | null;
  amount: string;
  period: string;
  quantity: string;
};

export const planReviewCopy = {
  summary:
    "Stripe says this subscription bills something that is not a plan of our catalogue as we sell it (its price, currency, billing interval or quantity). Our record of its plan was not changed and the customer was not e-mailed; the subscription is marked for review.",
  subscription: (what: string) => `Stripe's subscription bills ${what}`,
  schedule: (on: string, what: string) => `Stripe's subscription schedule changes the plan on ${on} to ${what}`,
  /** "price_1Ab (lookup key plan-business-month), 375.00 KES every month, quantity 1" */
  price: (p: ReceivedPriceWords) =>
    `${p.id} (lookup key ${p.lookupKey ?? "none"}), ${p.amount} ${p.period}, quantity ${p.quantity}`,
  money: (amount: string, currency: string | null) => (currency ? `${amount} ${currency}` : `${amount} in no currency`),
  noAmount: "no amount",
  period: (interval: string | null, count: number | null) => {
    if (interval === null) return "with no billing interval";
    if (count === 1) return `every ${interval}`;
    return `every ${count ?? "unknown number of"} ${interval}s`;
  },
  noQuantity: "none",
  /** After a price whose lookup key is ours but whose terms are not. */
  expected: (key: string, amount: string, period: string) =>
    `; our catalogue's ${key} is ${amount} ${period}, quantity 1`,
  /** After a price whose lookup key is none of ours. */
  notOurs: ": not a price of our catalogue",
  several: (count: number, listed: string) => `${count} items, where a plan of ours is one: ${listed}`,
  more: (count: number) => `and ${count} more`,
  noItems: "no item with a price that can be read",
  unreadablePrice: "an item whose price cannot be read",
  /** A schedule names prices by id: one that neither our subscriptions nor Stripe's list of our plans' prices holds. */
  unknownPrice: (id: string) =>
    `${id}, a price neither a subscription here nor Stripe's list of our plans' prices names: not a price of our catalogue`,
  unreachablePrice: (id: string) => `${id}, a price Stripe could not be asked about, so it could not be checked`,
} as const;
