// What a Checkout Session's `price` lines charge, read back from the stand-in's catalogue (which
// the vitest globalSetup synced from ours): tests check the buyer pays the catalogue's amounts
// through the prices the worker named.
import { standinUrl } from "./payment.ts";

const AUTH = { Authorization: "Bearer sk_test_worker_tests" };

type SyncedPrice = {
  id: string;
  lookupKey: string | null;
  /** Our catalogue id, from the price's metadata. */
  catalogueId: string;
  /** The product's name and description (what Checkout shows). */
  name: string;
  description: string | null;
  unitAmount: number;
  currency: string;
  /** The billing period of a recurring price; null for a one-time one. */
  interval: string | null;
};

async function get<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: AUTH });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type PriceJson = {
  id: string;
  lookup_key: string | null;
  metadata: Record<string, string>;
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: string } | null;
};

/** Prices never change once made (the sync makes new ones), so each is read once per test file. */
const known = new Map<string, Promise<SyncedPrice>>();

/** A price of the stand-in, with its product's name. */
function syncedPrice(id: string, base = standinUrl()): Promise<SyncedPrice> {
  const key = `${base} ${id}`;
  let price = known.get(key);
  if (!price) {
    price = readPrice(id, base);
    known.set(key, price);
  }
  return price;
}

async function readPrice(id: string, base: string): Promise<SyncedPrice> {
  const price = await get<PriceJson>(base, `/v1/prices/${encodeURIComponent(id)}`);
  const product = await get<{ name: string; description: string | null }>(
    base,
    `/v1/products/${encodeURIComponent(price.product)}`,
  );
  return {
    id: price.id,
    lookupKey: price.lookup_key,
    catalogueId: price.metadata.catalogue_id ?? "",
    name: product.name,
    description: product.description,
    unitAmount: price.unit_amount,
    currency: price.currency,
    interval: price.recurring?.interval ?? null,
  };
}

/** The id of the active price a lookup key names in the stand-in. */
export async function priceIdOf(lookupKey: string, base = standinUrl()): Promise<string> {
  const query = new URLSearchParams({ "lookup_keys[0]": lookupKey, active: "true" });
  const list = await get<{ data: { id: string }[] }>(base, `/v1/prices?${query}`);
  const id = list.data[0]?.id;
  if (!id) throw new Error(`No active price with lookup key ${lookupKey}`);
  return id;
}

export type ChargedLine = SyncedPrice & { quantity: number };

/** The lines a Checkout Session create call charges, each with the price it names. */
export async function chargedLines(form: Record<string, string>, base = standinUrl()): Promise<ChargedLine[]> {
  const lines: ChargedLine[] = [];
  for (let i = 0; `line_items[${i}][quantity]` in form; i++) {
    const price = await syncedPrice(form[`line_items[${i}][price]`] ?? "", base);
    lines.push({ ...price, quantity: Number(form[`line_items[${i}][quantity]`]) });
  }
  return lines;
}
