import { type CatalogueEntry, findCatalogueEntry } from "../catalogue/catalogue.ts";
import { formatMoney } from "../lib/money.ts";
import type { CartItem } from "./cart-item-schema.ts";

/** One line the worker will charge: the catalogue's entry and the visitor's quantity. */
export type PricedLine = { entry: CatalogueEntry; quantity: number };

export type PricedCart = { lines: PricedLine[]; subscription: boolean; totalCents: number };

export type CartProblem = {
  status: 400 | 409;
  error: string;
  issues?: { path: string; message: string }[];
};

/** Stripe refuses a Checkout Session whose amount is above $999,999.99 (USD, 8 digits of cents). */
const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/** Stripe's limit for a subscription-mode Checkout Session: 20 one-time line items (and 20 recurring). */
const MAX_ONE_TIME_LINES_WITH_PLAN = 20;

const REVIEW = "Please review your cart and try again.";

/**
 * Checks a validated cart against the worker's own catalogue. The browser's names, categories and
 * prices are never charged: a line is accepted only when its id is known and its price matches,
 * and what Stripe receives is built from the catalogue entry.
 */
export function priceCart(services: CartItem[]): PricedCart | CartProblem {
  const duplicate = findDuplicate(services);
  if (duplicate) return duplicate;

  const lines: (PricedLine & { sentPrice: number })[] = [];
  const unknown: { id: string; index: number }[] = [];
  for (const [index, item] of services.entries()) {
    const entry = findCatalogueEntry(item.id);
    if (entry) lines.push({ entry, quantity: item.quantity, sentPrice: item.price });
    else unknown.push({ id: item.id, index });
  }
  if (unknown.length > 0) return unknownServices(unknown);

  const changed = lines.find((line) => line.sentPrice !== line.entry.price);
  if (changed) {
    return {
      status: 409,
      error: `Prices may have changed since your cart was saved: ${changed.entry.name} now costs ${formatMoney(changed.entry.unitAmount)}. ${REVIEW}`,
    };
  }

  const totalCents = lines.reduce((sum, line) => sum + line.entry.unitAmount * line.quantity, 0);
  if (totalCents > MAX_ORDER_TOTAL_CENTS) {
    return {
      status: 400,
      error: `This order comes to ${formatMoney(totalCents)}, more than can be paid online (${formatMoney(MAX_ORDER_TOTAL_CENTS)}). Please lower the quantities or contact us to arrange payment.`,
    };
  }

  const subscription = lines.some((line) => line.entry.recurring);
  if (subscription && lines.filter((line) => !line.entry.recurring).length > MAX_ONE_TIME_LINES_WITH_PLAN) {
    return {
      status: 400,
      error: `An order with a monthly plan can include at most ${MAX_ONE_TIME_LINES_WITH_PLAN} one-time services. Please place the other services in a separate order.`,
    };
  }

  return { lines: lines.map(({ entry, quantity }) => ({ entry, quantity })), subscription, totalCents };
}

function unknownServices(unknown: { id: string; index: number }[]): CartProblem {
  const one = unknown.length === 1;
  const names = unknown.map(({ id }) => `"${id}"`).join(", ");
  return {
    status: 400,
    error: `Your cart holds ${one ? "a service" : "services"} we do not offer: ${names}. Please remove ${one ? "it" : "them"} from your cart and try again.`,
    issues: unknown.map(({ id, index }) => ({ path: `services.${index}.id`, message: `Unknown service "${id}"` })),
  };
}

/**
 * The cart merges repeated adds into one line, so a request listing an id twice did not come from
 * it. Refusing (rather than merging) keeps the charged quantity exactly what the visitor saw.
 */
function findDuplicate(services: CartItem[]): CartProblem | undefined {
  const seen = new Set<string>();
  for (const [index, item] of services.entries()) {
    if (seen.has(item.id)) {
      return {
        status: 400,
        error: `Your cart lists "${item.id}" more than once. ${REVIEW}`,
        issues: [{ path: `services.${index}.id`, message: `"${item.id}" appears more than once` }],
      };
    }
    seen.add(item.id);
  }
  return undefined;
}

export function isCartProblem(result: PricedCart | CartProblem): result is CartProblem {
  return "status" in result;
}
