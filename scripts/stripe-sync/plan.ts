// The difference between the catalogue we want and what Stripe holds, as a list of changes. Pure:
// the sync prints it (--dry-run) or carries it out.
import type Stripe from "stripe";
import type { WantedPrice, WantedProduct } from "./catalogue.ts";

export type Change =
  | { kind: "create-product"; product: WantedProduct }
  | { kind: "update-product"; product: WantedProduct; existing: Stripe.Product; fields: string[] }
  /** A new price takes the lookup key; `replaces` (if any) is archived after it. */
  | { kind: "create-price"; price: WantedPrice; productId: string; replaces: Stripe.Price | null }
  | { kind: "update-price"; price: WantedPrice; existing: Stripe.Price; fields: string[] };

/** What Stripe holds of ours: products by id, prices by lookup key (active or archived). */
export type Remote = {
  products: ReadonlyMap<string, Stripe.Product>;
  prices: ReadonlyMap<string, Stripe.Price>;
};

export function planChanges(wanted: WantedProduct[], remote: Remote): Change[] {
  return wanted.flatMap((product) => [
    ...productChanges(product, remote.products.get(product.id)),
    ...product.prices.flatMap((price) => priceChanges(price, product.id, remote.prices.get(price.lookupKey))),
  ]);
}

function productChanges(product: WantedProduct, existing: Stripe.Product | undefined): Change[] {
  if (!existing) return [{ kind: "create-product", product }];
  const fields = [
    existing.name !== product.name && "name",
    existing.description !== product.description && "description",
    !holdsMetadata(existing.metadata, product.metadata) && "metadata",
    !existing.active && "active",
  ].filter((field): field is string => field !== false);
  return fields.length ? [{ kind: "update-product", product, existing, fields }] : [];
}

function priceChanges(price: WantedPrice, productId: string, existing: Stripe.Price | undefined): Change[] {
  if (!existing || !sameTerms(existing, price, productId)) {
    return [{ kind: "create-price", price, productId, replaces: existing ?? null }];
  }
  const fields = [
    existing.nickname !== price.nickname && "nickname",
    !holdsMetadata(existing.metadata, price.metadata) && "metadata",
    !existing.active && "active",
  ].filter((field): field is string => field !== false);
  return fields.length ? [{ kind: "update-price", price, existing, fields }] : [];
}

/** What Stripe never changes on a price: a difference here needs a new price. */
function sameTerms(existing: Stripe.Price, price: WantedPrice, productId: string): boolean {
  const product = typeof existing.product === "string" ? existing.product : existing.product.id;
  const recurring = existing.recurring;
  return (
    product === productId &&
    existing.unit_amount === price.unitAmount &&
    existing.currency === price.currency &&
    (price.interval === null
      ? recurring === null
      : recurring?.interval === price.interval && recurring.interval_count === 1)
  );
}

/** Our keys with our values; keys the owner added in the dashboard are left alone. */
function holdsMetadata(existing: Stripe.Metadata | null, wanted: Record<string, string>): boolean {
  return Object.entries(wanted).every(([key, value]) => existing?.[key] === value);
}
