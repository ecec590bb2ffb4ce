/**
 * What a plan costs by the year: checkout sells plans monthly, and a buyer switches to yearly billing
 * in the billing portal (docs/orders.md, "The catalogue in Stripe"). The sync creates these prices
 * and the plan check compares Stripe's with them, so both read this one rule.
 */

/** A plan paid yearly costs twelve months less this share. */
export const YEARLY_DISCOUNT_PERCENT = 15;

/** A plan's yearly price in cents: twelve monthly payments less the discount, in whole cents. */
export function yearlyCents(monthlyCents: number): number {
  return Math.round((monthlyCents * 12 * (100 - YEARLY_DISCOUNT_PERCENT)) / 100);
}
