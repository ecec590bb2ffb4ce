import type { CartPrices } from "../catalogue/stripe-prices.ts";
import { CHECKOUT_SUCCESS_URL_TEMPLATE, paths } from "../paths.ts";
import type { CheckoutSessionParams } from "../providers/stripe.ts";
import type { PricedCart, PricedLine } from "./cart-pricing.ts";
import type { CustomerInfo } from "./customer-info-schema.ts";

/** Stripe keeps at most 500 characters in one metadata value. */
export const METADATA_VALUE_MAX = 500;

/**
 * The Checkout Session for a priced cart, built only from catalogue entries, the Stripe prices
 * checked against them (stripe-prices.ts) and the validated customer. A cart with a monthly plan
 * becomes a subscription: its plans recur monthly and its one-time items are charged once, on the
 * first invoice.
 */
export function checkoutSessionParams(
  cart: PricedCart,
  prices: CartPrices,
  customer: CustomerInfo,
  origin: string,
  /** The order's own reference: Stripe copies the subscription's metadata onto every invoice, so renewals find the order. */
  orderRef: string,
): CheckoutSessionParams {
  return {
    mode: cart.subscription ? "subscription" : "payment",
    line_items: cart.lines.map((line) => lineItem(line, prices)),
    customer_email: customer.email,
    client_reference_id: orderRef,
    metadata: { order_ref: orderRef, ...customerMetadata(customer), ...itemIdsMetadata(cart.lines) },
    ...(cart.subscription ? { subscription_data: { metadata: { order_ref: orderRef } } } : {}),
    success_url: `${origin}${CHECKOUT_SUCCESS_URL_TEMPLATE}`,
    cancel_url: `${origin}${paths.checkout}`,
  };
}

function lineItem({ entry, quantity }: PricedLine, prices: CartPrices) {
  const price = prices.get(entry.id);
  // cartPrices found one for every line; a gap here is a bug, never a reason to charge something else.
  if (!price) throw new Error(`No Stripe price for catalogue item ${entry.id}`);
  return { price, quantity };
}

function customerMetadata(customer: CustomerInfo): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    customer_name: customer.name,
    customer_email: customer.email,
    customer_phone: customer.phone,
    customer_company: customer.company,
    customer_address: customer.address,
    customer_city: customer.city,
    customer_state: customer.state,
    customer_zip: customer.zip,
    customer_country: customer.country,
  };
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    // Stripe treats an empty metadata value as "unset"; an empty optional field is simply left out.
    if (value) metadata[key] = fitMetadataValue(value);
  }
  return metadata;
}

/**
 * The ordered ids, comma-separated, split over item_ids, item_ids_2, … so that no value passes
 * Stripe's 500-character limit however many catalogue items the cart holds.
 */
export function itemIdsMetadata(lines: PricedLine[]): Record<string, string> {
  const chunks: string[] = [];
  let current = "";
  for (const { entry } of lines) {
    const next = current ? `${current},${entry.id}` : entry.id;
    if (next.length > METADATA_VALUE_MAX && current) {
      chunks.push(current);
      current = entry.id;
    } else {
      current = next;
    }
  }
  if (current) chunks.push(current);
  return Object.fromEntries(chunks.map((chunk, i) => [i === 0 ? "item_ids" : `item_ids_${i + 1}`, chunk]));
}

/** The schema bounds every field below the limit; this guards the invariant rather than trusting it. */
function fitMetadataValue(value: string): string {
  if (value.length > METADATA_VALUE_MAX) throw new Error(`Metadata value longer than ${METADATA_VALUE_MAX} characters`);
  return value;
}
