import { pricingItemId } from "../lib/pricing-item.ts";
import type { CartItemInput } from "../schemas/cart-item.ts";
import { addOns, oneTimeServices, plans } from "./pricing.ts";

/** The pricing page's plans, one-time services and add-ons as the cart items they become. */
export const pricingCartItems: CartItemInput[] = [
  ...plans.map((p) => ({ name: p.name, description: p.description, price: p.price, category: "Monthly Subscription" })),
  ...oneTimeServices.map((s) => ({
    name: s.name,
    description: s.description,
    price: s.price,
    category: "One-Time Service",
  })),
  ...addOns.map((a) => ({ name: a.name, description: a.description, price: a.price, category: "Add-On Service" })),
].map((item) => ({ ...item, id: pricingItemId(item.name), tier: "small" as const }));
