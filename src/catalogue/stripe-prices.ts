// Checkout charges Stripe Prices the sync made (`npm run stripe:sync`), found by lookup key. Our
// catalogue stays the judge of what a cart costs: a price that is missing, or that says another
// amount, currency or billing period, stops the checkout (fail closed) rather than charge the
// buyer something our pages did not show. No cache: a cart's prices are one list call per ten
// distinct items, and a cached price could outlive a sync that replaced it (docs/orders.md).

import type { PricedCart, PricedLine } from "../checkout/cart-pricing.ts";
import type { PaymentGateway, StripePrice } from "../providers/stripe.ts";
import { CATALOGUE_CURRENCY, lookupKey } from "./lookup-keys.ts";

/** Stripe's catalogue does not hold what ours sells: the message (for logs) says which price and why. */
export class CatalogueOutOfSyncError extends Error {
  override name = "CatalogueOutOfSyncError";
}

/** The command that makes Stripe's catalogue match ours; the log names it. */
const SYNC_COMMAND = "npm run stripe:sync";

/** The Stripe price id of each cart line's catalogue item, by catalogue id. */
export type CartPrices = ReadonlyMap<string, string>;

/**
 * Finds the price of every line and checks it against the catalogue entry. Throws
 * CatalogueOutOfSyncError when one is missing or differs, and the gateway's PaymentProviderError
 * when Stripe cannot be asked.
 */
export async function cartPrices(gateway: PaymentGateway, cart: PricedCart): Promise<CartPrices> {
  const keys = new Map(cart.lines.map((line) => [lookupKey(line.entry), line]));
  const found = new Map((await gateway.findPricesByLookupKeys([...keys.keys()])).map((p) => [p.lookupKey, p]));
  const problems = [...keys].flatMap(([key, line]) => {
    const problem = priceProblem(line, found.get(key));
    return problem ? [`${key}: ${problem}`] : [];
  });
  if (problems.length) {
    throw new CatalogueOutOfSyncError(
      `Stripe's catalogue does not match ours (${problems.join("; ")}); run \`${SYNC_COMMAND}\` against this account.`,
    );
  }
  return new Map([...keys].map(([key, line]) => [line.entry.id, found.get(key)?.id ?? ""]));
}

/** Why a price cannot charge a line, or null when it charges exactly the catalogue's terms. */
function priceProblem({ entry }: PricedLine, price: StripePrice | undefined): string | null {
  if (!price) return "no active price has this lookup key";
  if (price.unitAmount !== entry.unitAmount) return `amount ${price.unitAmount} instead of ${entry.unitAmount}`;
  if (price.currency !== CATALOGUE_CURRENCY) return `currency ${price.currency} instead of ${CATALOGUE_CURRENCY}`;
  if (!entry.recurring) return price.type === "one_time" ? null : "a recurring price for a one-time item";
  if (price.type !== "recurring" || price.interval !== "month" || price.intervalCount !== 1) {
    return `billed ${price.type === "recurring" ? `every ${price.intervalCount} ${price.interval}` : "once"} instead of monthly`;
  }
  return null;
}
