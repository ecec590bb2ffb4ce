import { pricingItemId } from "../lib/pricing-item.ts";
import type { CartItemInput } from "../schemas/cart-item.ts";
import { addOns, oneTimeServices, plans } from "./pricing.ts";
import { pricingCategories } from "./pricing-categories.ts";

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
