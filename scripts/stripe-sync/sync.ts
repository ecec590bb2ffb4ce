// `npm run stripe:sync`: makes Stripe's catalogue (products, prices by lookup key) and the customer
// portal's configuration match ours. Idempotent: a second run finds nothing to change and says so.
import type Stripe from "stripe";
import { type SyncItem, type WantedPrice, type WantedProduct, wantedCatalogue } from "./catalogue.ts";
import { type Change, planChanges } from "./plan.ts";
import { type PlanPrices, portalDifferences, wantedPortal } from "./portal.ts";
import { findPortalConfiguration, readRemote } from "./remote.ts";
import { describeSync, type PortalChange, type SyncSummary } from "./report.ts";

export type SyncOptions = {
  stripe: Stripe;
  /** Our catalogue: the worker's (src/catalogue/catalogue.ts) unless a test hands in another. */
  items: Iterable<SyncItem>;
  /** The site's public origin: the portal links to its terms and privacy pages. */
  siteUrl: string;
  /** Read and plan only: no call that writes. */
  dryRun: boolean;
};

export type SyncResult = SyncSummary & {
  /** What happened (or would), line by line, for the terminal. */
  lines: string[];
};

export async function syncStripeCatalogue(options: SyncOptions): Promise<SyncResult> {
  const { stripe, dryRun } = options;
  const wanted = wantedCatalogue(options.items);
  const remote = await readRemote(stripe, wanted);
  const changes = planChanges(wanted, remote);
  // The price each lookup key names once the changes are made (a placeholder in a dry run).
  const priceIds = new Map([...remote.prices].map(([key, price]) => [key, price.id]));
  for (const change of changes) {
    const created = dryRun ? null : await applyChange(stripe, change);
    if (change.kind === "create-price")
      priceIds.set(change.price.lookupKey, created ?? `(new ${change.price.lookupKey})`);
  }
  const portal = await syncPortal(stripe, options.siteUrl, planPrices(wanted, priceIds), dryRun);
  const result: SyncSummary = { dryRun, changes, portal, changed: changes.length > 0 || portal.kind !== "none" };
  return { ...result, lines: describeSync(result, wanted) };
}

/** Carries out one change; the id of the price it created, if it did. */
async function applyChange(stripe: Stripe, change: Change): Promise<string | null> {
  switch (change.kind) {
    case "create-product": {
      const { id, name, description, metadata } = change.product;
      await stripe.products.create({ id, name, description, metadata });
      return null;
    }
    case "update-product": {
      const { id, name, description, metadata } = change.product;
      await stripe.products.update(id, { name, description, metadata, active: true });
      return null;
    }
    case "create-price":
      return createPrice(stripe, change.price, change.productId, change.replaces);
    case "update-price": {
      const { nickname, metadata } = change.price;
      await stripe.prices.update(change.existing.id, { nickname, metadata, active: true });
      return null;
    }
  }
}

/**
 * Stripe's prices never change their amount or interval: a new price takes the lookup key from
 * the old one in the same call (`transfer_lookup_key`), so the key always names a price, and
 * the old one is archived after it.
 */
async function createPrice(
  stripe: Stripe,
  price: WantedPrice,
  product: string,
  replaces: Stripe.Price | null,
): Promise<string> {
  const created = await stripe.prices.create({
    product,
    currency: price.currency,
    unit_amount: price.unitAmount,
    ...(price.interval ? { recurring: { interval: price.interval } } : {}),
    lookup_key: price.lookupKey,
    ...(replaces ? { transfer_lookup_key: true } : {}),
    nickname: price.nickname,
    metadata: price.metadata,
  });
  if (replaces?.active) await stripe.prices.update(replaces.id, { active: false });
  return created.id;
}

function planPrices(wanted: WantedProduct[], priceIds: ReadonlyMap<string, string>): PlanPrices[] {
  return wanted
    .filter((product) => product.plan)
    .map((product) => ({
      product: product.id,
      prices: product.prices.map((price) => priceIds.get(price.lookupKey) ?? `(new ${price.lookupKey})`),
    }));
}

async function syncPortal(
  stripe: Stripe,
  siteUrl: string,
  plans: PlanPrices[],
  dryRun: boolean,
): Promise<PortalChange> {
  const wanted = wantedPortal(siteUrl, plans);
  const existing = await findPortalConfiguration(stripe);
  if (!existing) {
    const created = dryRun ? null : await stripe.billingPortal.configurations.create(wanted);
    return { kind: "create", id: created?.id ?? null, fields: [] };
  }
  const fields = portalDifferences(existing, wanted);
  if (fields.length && !dryRun) {
    await stripe.billingPortal.configurations.update(existing.id, { ...wanted, active: true });
  }
  return { kind: fields.length ? "update" : "none", id: existing.id, fields };
}
