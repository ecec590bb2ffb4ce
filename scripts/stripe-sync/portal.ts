// The customer portal as our terms describe it: a subscriber switches between the three plans,
// monthly or yearly; an upgrade takes effect at once and its proration is invoiced now; a
// downgrade or a shorter interval waits for the period's end, and so does a cancellation.
import type Stripe from "stripe";
import { PORTAL_OWNER } from "../../src/catalogue/lookup-keys.ts";
import { BILLING_PATH, paths } from "../../src/paths.ts";
import { company } from "../../src/site/company-copy.ts";

type ConfigurationParams = Stripe.BillingPortal.ConfigurationCreateParams;
type Configuration = Stripe.BillingPortal.Configuration;

/** The one field of a configuration Stripe includes only when asked. */
export const PRODUCTS_FIELD = "features.subscription_update.products";

export type PlanPrices = { product: string; prices: string[] };

export function wantedPortal(siteUrl: string, plans: PlanPrices[]): ConfigurationParams {
  const site = (path: string) => new URL(path, siteUrl).href;
  return {
    business_profile: {
      headline: company.name,
      privacy_policy_url: site(paths.privacy),
      terms_of_service_url: site(paths.terms),
    },
    default_return_url: site(BILLING_PATH),
    features: {
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: "at_period_end" },
      subscription_update: {
        enabled: true,
        default_allowed_updates: ["price"],
        proration_behavior: "always_invoice",
        products: plans,
        schedule_at_period_end: {
          conditions: [{ type: "decreasing_item_amount" }, { type: "shortening_interval" }],
        },
      },
    },
    metadata: { [PORTAL_OWNER.key]: PORTAL_OWNER.value },
  };
}

/** The fields (dotted paths) where the configuration Stripe holds differs from the one we want. */
export function portalDifferences(existing: Configuration, wanted: ConfigurationParams): string[] {
  const want = comparable(wanted);
  const have = comparableExisting(existing);
  const differing = Object.keys(want).filter((field) => JSON.stringify(want[field]) !== JSON.stringify(have[field]));
  return existing.active ? differing : ["active", ...differing];
}

type Comparable = Record<string, unknown>;

function comparable(params: ConfigurationParams): Comparable {
  const update = params.features.subscription_update;
  return {
    "business_profile.headline": params.business_profile?.headline ?? null,
    "business_profile.privacy_policy_url": params.business_profile?.privacy_policy_url ?? null,
    "business_profile.terms_of_service_url": params.business_profile?.terms_of_service_url ?? null,
    default_return_url: params.default_return_url ?? null,
    "features.invoice_history.enabled": params.features.invoice_history?.enabled ?? false,
    "features.payment_method_update.enabled": params.features.payment_method_update?.enabled ?? false,
    "features.subscription_cancel": [
      params.features.subscription_cancel?.enabled,
      params.features.subscription_cancel?.mode,
    ],
    "features.subscription_update.enabled": update?.enabled ?? false,
    "features.subscription_update.default_allowed_updates": sorted(update?.default_allowed_updates || []),
    "features.subscription_update.proration_behavior": update?.proration_behavior ?? "none",
    [PRODUCTS_FIELD]: sortedProducts(update?.products || []),
    "features.subscription_update.schedule_at_period_end": sorted(
      (update?.schedule_at_period_end?.conditions || []).map((c) => c.type),
    ),
    [`metadata.${PORTAL_OWNER.key}`]: params.metadata?.[PORTAL_OWNER.key] ?? null,
  };
}

function comparableExisting(configuration: Configuration): Comparable {
  const { features, business_profile: profile } = configuration;
  const update = features.subscription_update;
  return {
    "business_profile.headline": profile.headline,
    "business_profile.privacy_policy_url": profile.privacy_policy_url,
    "business_profile.terms_of_service_url": profile.terms_of_service_url,
    default_return_url: configuration.default_return_url,
    "features.invoice_history.enabled": features.invoice_history.enabled,
    "features.payment_method_update.enabled": features.payment_method_update.enabled,
    "features.subscription_cancel": [features.subscription_cancel.enabled, features.subscription_cancel.mode],
    "features.subscription_update.enabled": update.enabled,
    "features.subscription_update.default_allowed_updates": sorted(update.default_allowed_updates),
    "features.subscription_update.proration_behavior": update.proration_behavior,
    [PRODUCTS_FIELD]: sortedProducts(update.products ?? []),
    "features.subscription_update.schedule_at_period_end": sorted(
      update.schedule_at_period_end.conditions.map((c) => c.type),
    ),
    [`metadata.${PORTAL_OWNER.key}`]: configuration.metadata?.[PORTAL_OWNER.key] ?? null,
  };
}

function sorted(values: readonly string[]): string[] {
  return [...values].sort();
}

function sortedProducts(products: readonly { product: string; prices: readonly string[] }[]): PlanPrices[] {
  return products
    .map(({ product, prices }) => ({ product, prices: sorted(prices) }))
    .sort((a, b) => a.product.localeCompare(b.product));
}
