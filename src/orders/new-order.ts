/**
 * An order as each way of paying records it, from a priced cart or from a written quote: the
 * catalogue's (or the quote's) names and prices, never the browser's.
 */

import type { PricedCart } from "../checkout/cart-pricing.ts";
import type { Quote } from "../quotes/quote-numbers.ts";
import type { NewOrder } from "./orders.ts";

/**
 * Our ids of an order not made by Stripe: a reference (the waiting page's address, so a key) and the
 * row's key, drawn apart. The row's key is shown and logged everywhere; derived from the reference,
 * it would give away the waiting page, and with it the receipt's link.
 */
export function newOrderIds(prefix: "mp" | "mn"): { orderRef: string; orderId: string } {
  const orderRef = crypto.randomUUID();
  return { orderRef, orderId: `${prefix}_${crypto.randomUUID().replaceAll("-", "")}` };
}

export function cartOrderItems(cart: PricedCart): NewOrder["items"] {
  return cart.lines.map(({ entry, quantity }) => ({
    id: entry.id,
    name: entry.name,
    category: entry.category,
    unitAmountCents: entry.unitAmount,
    quantity,
    recurring: entry.recurring,
  }));
}

/**
 * A quote's order: its lines and the amount due as quoted, for the buyer it names (a quote knows the
 * name, e-mail, company and KRA PIN; the postal fields of the order stay empty).
 */
export function quoteOrder(
  quote: Quote,
  ids: { orderRef: string; orderId: string },
  provider: NewOrder["provider"],
): NewOrder & { quoteNumber: string } {
  return {
    ...ids,
    mode: "payment",
    provider,
    quoteNumber: quote.number,
    customer: {
      name: quote.customer_name,
      email: quote.customer_email,
      phone: "",
      company: quote.customer_company ?? undefined,
      kraPin: quote.customer_kra_pin ?? undefined,
      address: "",
      city: "",
      state: "",
      zip: "",
      country: "",
    },
    items: quote.lines.map((line) => ({
      id: line.item_id,
      name: line.name,
      category: line.category,
      unitAmountCents: line.unit_amount_cents,
      quantity: line.quantity,
      recurring: line.recurring === 1,
    })),
    totalCents: quote.due_cents,
  };
}
