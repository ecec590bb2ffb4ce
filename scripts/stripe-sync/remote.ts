// What Stripe holds of our catalogue, read with as few calls as its limits allow.
import type Stripe from "stripe";
import { PORTAL_OWNER } from "../../src/catalogue/lookup-keys.ts";
import type { WantedProduct } from "./catalogue.ts";
import type { Remote } from "./plan.ts";
import { PRODUCTS_FIELD } from "./portal.ts";

/** Stripe takes at most 10 lookup keys in one list call. */
const LOOKUP_KEYS_PER_CALL = 10;
/** A list answers at most 100 objects; `ids` cannot be paged, so each call asks for no more. */
const IDS_PER_CALL = 100;

export async function readRemote(stripe: Stripe, wanted: WantedProduct[]): Promise<Remote> {
  const products = new Map<string, Stripe.Product>();
  for (const ids of chunks(
    wanted.map((p) => p.id),
    IDS_PER_CALL,
  )) {
    const page = await stripe.products.list({ ids, limit: IDS_PER_CALL });
    for (const product of page.data) products.set(product.id, product);
  }
  const prices = new Map<string, Stripe.Price>();
  const keys = wanted.flatMap((p) => p.prices.map((price) => price.lookupKey));
  for (const lookup_keys of chunks(keys, LOOKUP_KEYS_PER_CALL)) {
    // Archived prices too: one still holding its key is reactivated or replaced, never duplicated.
    const page = await stripe.prices.list({ lookup_keys, limit: LOOKUP_KEYS_PER_CALL });
    for (const price of page.data) if (price.lookup_key) prices.set(price.lookup_key, price);
  }
  return { products, prices };
}

/** The portal configuration an earlier run made (the newest, should there be more), or null. */
export async function findPortalConfiguration(stripe: Stripe): Promise<Stripe.BillingPortal.Configuration | null> {
  const list = stripe.billingPortal.configurations.list({ limit: 100, expand: [`data.${PRODUCTS_FIELD}`] });
  for await (const configuration of list) {
    if (configuration.metadata?.[PORTAL_OWNER.key] === PORTAL_OWNER.value) return configuration;
  }
  return null;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
