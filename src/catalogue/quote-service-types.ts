import type { Tier } from "../checkout/cart-item-schema.ts";

const quoteCategories = [
  "Support",
  "Setup",
  "Networking",
  "Security",
  "Consulting",
  "Migration",
  "Cloud",
  "Web",
  "Recovery",
  "Infrastructure",
  "Managed",
  "Development",
] as const;

type QuoteCategory = (typeof quoteCategories)[number];

/** A service of the custom-quote catalogue (ids e1-e8, s1-s10, m1-m8, p1-p6). */
export type QuoteService = {
  id: string;
  name: string;
  description: string;
  category: QuoteCategory;
  price: number;
  tier: Tier;
};
