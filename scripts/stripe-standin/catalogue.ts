// Products and Prices, kept as Stripe keeps them: a price's amount, currency and interval never
// change once made; a lookup key names one price at a time in the whole account, and moves to a
// new price only when the new one asks for it (`transfer_lookup_key`); archiving is `active: false`.
import { invalidRequest } from "./errors.ts";
import { fixture } from "./fixtures.ts";
import type { Recurring } from "./params.ts";
import { randomId, unixNow } from "./sessions.ts";

export type StoredProduct = {
  id: string;
  created: number;
  updated: number;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Record<string, string>;
};

export type StoredPrice = {
  id: string;
  created: number;
  product: string;
  currency: string;
  unitAmount: number;
  recurring: Recurring | null;
  lookupKey: string | null;
  active: boolean;
  nickname: string | null;
  metadata: Record<string, string>;
};

export type ProductInput = Pick<StoredProduct, "name" | "description" | "active" | "metadata"> & { id: string | null };
export type ProductChanges = Partial<Pick<StoredProduct, "name" | "description" | "active" | "metadata">>;

export type PriceInput = Omit<StoredPrice, "id" | "created"> & { transferLookupKey: boolean };
export type PriceChanges = Partial<Pick<StoredPrice, "active" | "nickname" | "metadata" | "lookupKey">> & {
  transferLookupKey: boolean;
};

export type ProductFilter = { ids: string[] | null; active: boolean | null };
export type PriceFilter = {
  lookupKeys: string[] | null;
  active: boolean | null;
  product: string | null;
  type: "one_time" | "recurring" | null;
};

export class Catalogue {
  readonly #products = new Map<string, StoredProduct>();
  readonly #prices = new Map<string, StoredPrice>();

  product(id: string): StoredProduct | undefined {
    return this.#products.get(id);
  }

  price(id: string): StoredPrice | undefined {
    return this.#prices.get(id);
  }

  createProduct(input: ProductInput): StoredProduct {
    if (input.id !== null && this.#products.has(input.id)) {
      throw invalidRequest("Product already exists.", "id", "resource_already_exists");
    }
    const now = unixNow();
    const { id, ...fields } = input;
    const product: StoredProduct = { id: id ?? randomId("prod"), created: now, updated: now, ...fields };
    this.#products.set(product.id, product);
    return product;
  }

  updateProduct(product: StoredProduct, changes: ProductChanges): StoredProduct {
    Object.assign(product, changes, { updated: unixNow() });
    return product;
  }

  /** Newest first, as Stripe lists. */
  products(filter: ProductFilter): StoredProduct[] {
    return [...this.#products.values()]
      .filter((p) => filter.ids === null || filter.ids.includes(p.id))
      .filter((p) => filter.active === null || p.active === filter.active)
      .reverse();
  }

  createPrice(input: PriceInput): StoredPrice {
    if (!this.#products.has(input.product)) {
      throw invalidRequest(`No such product: '${input.product}'`, "product", "resource_missing");
    }
    const { transferLookupKey, ...fields } = input;
    const price: StoredPrice = { id: randomId("price"), created: unixNow(), ...fields, lookupKey: null };
    this.#claimLookupKey(price, input.lookupKey, transferLookupKey);
    this.#prices.set(price.id, price);
    return price;
  }

  updatePrice(price: StoredPrice, changes: PriceChanges): StoredPrice {
    const { transferLookupKey, lookupKey, ...fields } = changes;
    if (lookupKey !== undefined) this.#claimLookupKey(price, lookupKey, transferLookupKey);
    Object.assign(price, fields);
    return price;
  }

  /** Newest first, as Stripe lists. A lookup key finds its price whether active or archived. */
  prices(filter: PriceFilter): StoredPrice[] {
    return [...this.#prices.values()]
      .filter((p) => filter.lookupKeys === null || (p.lookupKey !== null && filter.lookupKeys.includes(p.lookupKey)))
      .filter((p) => filter.active === null || p.active === filter.active)
      .filter((p) => filter.product === null || p.product === filter.product)
      .filter((p) => filter.type === null || (p.recurring ? "recurring" : "one_time") === filter.type)
      .reverse();
  }

  /**
   * Gives `price` the lookup key (null: none). A key another price holds is refused unless the
   * caller asked to transfer it, which takes it off that price in the same step.
   */
  #claimLookupKey(price: StoredPrice, key: string | null, transfer: boolean): void {
    const holder = key === null ? undefined : [...this.#prices.values()].find((p) => p.lookupKey === key);
    if (holder && holder !== price) {
      if (!transfer) {
        throw invalidRequest(`A price (\`${holder.id}\`) already uses that lookup key.`, "lookup_key");
      }
      holder.lookupKey = null;
    }
    price.lookupKey = key;
  }
}

export function productJson(product: StoredProduct) {
  return {
    ...fixture("product"),
    id: product.id,
    active: product.active,
    created: product.created,
    // Set only through `default_price_data` or an update naming it, which this site does not use.
    default_price: null,
    description: product.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: product.metadata,
    name: product.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: "service",
    unit_label: null,
    updated: product.updated,
    url: null,
  };
}

export function priceJson(price: StoredPrice) {
  const example = fixture("price");
  return {
    ...example,
    id: price.id,
    active: price.active,
    billing_scheme: "per_unit",
    created: price.created,
    currency: price.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: price.lookupKey,
    metadata: price.metadata,
    nickname: price.nickname,
    product: price.product,
    recurring: price.recurring
      ? { ...example.recurring, ...price.recurring, meter: null, trial_period_days: null, usage_type: "licensed" }
      : null,
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: price.recurring ? "recurring" : "one_time",
    unit_amount: price.unitAmount,
    unit_amount_decimal: String(price.unitAmount),
  };
}
