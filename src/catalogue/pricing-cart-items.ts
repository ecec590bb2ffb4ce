import type { CartItemInput } from "../checkout/cart-item-schema.ts";
import { pricingCategories } from "./pricing-categories.ts";
import { addOns, oneTimeServices, plans } from "./pricing-copy.ts";
import { pricingItemId } from "./pricing-item-id.ts";

/** The pricing page's plans, one-time services and add-ons as the cart items they become. */
export const pricingCartItems: CartItemInput[] = [
  ...plans.map((p) => ({
    name: p.name,
    description: p.description,
    price: p.price,
    category: pricingCategories.monthly,
  })),
  ...oneTimeServices.map((s) => ({
    name: s.name,
    description: s.description,
    price: s.price,
    category: pricingCategories.oneTime,
  })),
  ...addOns.map((a) => ({
    name: a.name,
    description: a.description,
    price: a.price,
    category: pricingCategories.addOn,
  })),
].map((item) => ({ ...item, id: pricingItemId(item.name), tier: "small" as const }));
