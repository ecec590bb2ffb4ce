/**
 * The categories of the pricing page's cart items (spec section 3). A small module of its own: the
 * browser's cart summary reads it to tell what recurs, without the pricing page's content.
 */
export const pricingCategories = {
  monthly: "Monthly Subscription",
  oneTime: "One-Time Service",
  addOn: "Add-On Service",
} as const;

/** Monthly items bill again every month (the checkout makes them a Stripe subscription). */
export function recursMonthly(category: string): boolean {
  return category === pricingCategories.monthly;
}
