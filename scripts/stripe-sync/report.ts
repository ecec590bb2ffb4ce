// What a sync run prints: each change (made, or planned in a dry run), then a one-line verdict
// and the portal configuration's id (the site finds it by its metadata: nothing to copy).

import { PORTAL_OWNER } from "../../src/catalogue/lookup-keys.ts";
import { formatMoney } from "../../src/lib/money.ts";
import type { WantedPrice, WantedProduct } from "./catalogue.ts";
import type { Change } from "./plan.ts";

export type PortalChange = {
  kind: "create" | "update" | "none";
  /** null only when a dry run would create it. */
  id: string | null;
  fields: string[];
};

/** What a run did (or, in a dry run, would do). */
export type SyncSummary = {
  dryRun: boolean;
  changes: Change[];
  portal: PortalChange;
  changed: boolean;
};

export function describeSync(result: SyncSummary, wanted: WantedProduct[]): string[] {
  const prices = wanted.reduce((n, product) => n + product.prices.length, 0);
  const head = `Stripe catalogue: ${wanted.length} products and ${prices} prices in ours${
    result.dryRun ? " (dry run: nothing is written)" : ""
  }.`;
  const count = result.changes.length + (result.portal.kind === "none" ? 0 : 1);
  const verdict = !result.changed
    ? "No change: Stripe already holds every product, price and the portal configuration as they should be."
    : result.dryRun
      ? `Would make ${count} change${count === 1 ? "" : "s"} (nothing was written).`
      : `Made ${count} change${count === 1 ? "" : "s"}.`;
  return [head, ...result.changes.map(describeChange), ...describePortal(result.portal), verdict, secretLine(result)];
}

function describeChange(change: Change): string {
  switch (change.kind) {
    case "create-product":
      return `  + product ${change.product.id} "${change.product.name}"`;
    case "update-product":
      return `  ~ product ${change.product.id}: ${change.fields.join(", ")}`;
    case "update-price":
      return `  ~ price ${change.price.lookupKey}: ${change.fields.join(", ")}`;
    case "create-price": {
      const { price, replaces } = change;
      if (!replaces) return `  + price ${price.lookupKey}: ${terms(price)}`;
      const old = `${formatMoney(replaces.unit_amount ?? 0, replaces.currency)}${per(replaces.recurring?.interval ?? null)}`;
      const archive = replaces.active
        ? `the new price takes the lookup key, ${replaces.id} is archived`
        : `the new price takes the lookup key from the archived ${replaces.id}`;
      return `  ~ price ${price.lookupKey}: ${old} -> ${terms(price)} (${archive})`;
    }
  }
}

function terms(price: WantedPrice): string {
  return `${formatMoney(price.unitAmount, price.currency)}${per(price.interval)}`;
}

function per(interval: string | null): string {
  return interval ? ` a ${interval}` : " once";
}

function describePortal(portal: PortalChange): string[] {
  if (portal.kind === "create") return ["  + portal configuration (plan changes, cancellation at the period's end)"];
  if (portal.kind === "update") return [`  ~ portal configuration ${portal.id}: ${portal.fields.join(", ")}`];
  return [];
}

function secretLine(result: SyncSummary): string {
  const id = result.portal.id;
  if (!id) return "The portal configuration does not exist yet: a run without --dry-run creates it and prints its id.";
  return (
    `Portal configuration ${id}. The site finds it by its metadata (${PORTAL_OWNER.key}=${PORTAL_OWNER.value}) ` +
    "when it opens the billing portal: no secret to set. It stays the same on later runs."
  );
}
