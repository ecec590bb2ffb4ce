import type { Tier } from "../checkout/cart-item-schema.ts";
import type { QuoteService } from "./quote-service-types.ts";
import { quoteCatalogue } from "./quote-services-copy.ts";

/**
 * A tier's services from the cheapest up, as the custom-quote page lists them: a buyer scanning a
 * band reads its prices in order (same price: the catalogue's order).
 */
export function servicesByPrice(tier: Tier): QuoteService[] {
  return quoteCatalogue.filter((service) => service.tier === tier).sort((a, b) => a.price - b.price);
}
