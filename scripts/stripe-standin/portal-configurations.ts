// Billing portal configurations: what the customer portal lets a customer do. A stand-in starts
// with one default configuration, as an account does once the portal settings are saved in the
// dashboard (cancel at period end, invoices, payment methods; no plan changes). Configurations
// made through the API are never the default: portal sessions name them (`configuration`).
import type { Catalogue } from "./catalogue.ts";
import { invalidRequest } from "./errors.ts";
import { fixture } from "./fixtures.ts";
import { randomId, unixNow } from "./sessions.ts";

export type BusinessProfile = {
  headline: string | null;
  privacy_policy_url: string | null;
  terms_of_service_url: string | null;
};

export type UpdateProduct = { product: string; prices: string[] };

/** The features in Stripe's own shape, so an answer is the stored value. */
export type Features = {
  customer_update: { enabled: boolean; allowed_updates: string[] };
  invoice_history: { enabled: boolean };
  payment_method_update: { enabled: boolean };
  subscription_cancel: { enabled: boolean; mode: string; proration_behavior: string };
  subscription_update: {
    enabled: boolean;
    default_allowed_updates: string[];
    proration_behavior: string;
    products: UpdateProduct[];
    schedule_at_period_end: { conditions: { type: string }[] };
  };
};

export type FeaturesPatch = { [K in keyof Features]?: Partial<Features[K]> };

export type ConfigurationPatch = {
  active?: boolean;
  name?: string | null;
  defaultReturnUrl?: string | null;
  businessProfile?: Partial<BusinessProfile>;
  features?: FeaturesPatch;
  metadata?: (stored: Record<string, string>) => Record<string, string>;
  /** `expand[]=features.subscription_update.products`: the answer includes the products. */
  expandProducts: boolean;
};

export type StoredConfiguration = {
  id: string;
  created: number;
  updated: number;
  active: boolean;
  isDefault: boolean;
  name: string | null;
  defaultReturnUrl: string | null;
  businessProfile: BusinessProfile;
  features: Features;
  metadata: Record<string, string>;
};

/** Stripe's portal offers plan changes across at most 10 products. */
const MAX_UPDATE_PRODUCTS = 10;

/** What a configuration holds for every feature the create call leaves out. */
function defaultFeatures(): Features {
  return {
    customer_update: { enabled: false, allowed_updates: [] },
    invoice_history: { enabled: false },
    payment_method_update: { enabled: false },
    subscription_cancel: { enabled: false, mode: "at_period_end", proration_behavior: "none" },
    subscription_update: {
      enabled: false,
      default_allowed_updates: [],
      proration_behavior: "none",
      products: [],
      schedule_at_period_end: { conditions: [] },
    },
  };
}

export class PortalConfigurations {
  readonly #configurations = new Map<string, StoredConfiguration>();
  readonly #catalogue: Catalogue;

  constructor(catalogue: Catalogue) {
    this.#catalogue = catalogue;
    const features = defaultFeatures();
    features.invoice_history.enabled = true;
    features.payment_method_update.enabled = true;
    features.subscription_cancel.enabled = true;
    this.#store({ ...this.#blank(), isDefault: true, features });
  }

  get(id: string): StoredConfiguration | undefined {
    return this.#configurations.get(id);
  }

  /** The one portal sessions use when they name none. */
  defaultConfiguration(): StoredConfiguration {
    const found = [...this.#configurations.values()].find((c) => c.isDefault);
    if (!found) throw new Error("The stand-in lost its default portal configuration");
    return found;
  }

  /** Newest first, as Stripe lists. */
  list(filter: { active: boolean | null; isDefault: boolean | null }): StoredConfiguration[] {
    return [...this.#configurations.values()]
      .filter((c) => filter.active === null || c.active === filter.active)
      .filter((c) => filter.isDefault === null || c.isDefault === filter.isDefault)
      .reverse();
  }

  create(patch: ConfigurationPatch): StoredConfiguration {
    const configuration = applyPatch(this.#blank(), patch);
    this.#check(configuration);
    return this.#store(configuration);
  }

  update(stored: StoredConfiguration, patch: ConfigurationPatch): StoredConfiguration {
    const configuration = applyPatch(structuredClone(stored), patch);
    this.#check(configuration);
    configuration.updated = unixNow();
    return this.#store(configuration);
  }

  #blank(): StoredConfiguration {
    const now = unixNow();
    return {
      id: randomId("bpc"),
      created: now,
      updated: now,
      active: true,
      isDefault: false,
      name: null,
      defaultReturnUrl: null,
      businessProfile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
      features: defaultFeatures(),
      metadata: {},
    };
  }

  #store(configuration: StoredConfiguration): StoredConfiguration {
    this.#configurations.set(configuration.id, configuration);
    return configuration;
  }

  /** Each product offered exists, once, with recurring prices of its own, as Stripe requires. */
  #check(configuration: StoredConfiguration): void {
    const param = "features[subscription_update][products]";
    const { products } = configuration.features.subscription_update;
    if (products.length > MAX_UPDATE_PRODUCTS) {
      throw invalidRequest(`You can specify at most ${MAX_UPDATE_PRODUCTS} products.`, param);
    }
    const seen = new Set<string>();
    for (const [i, { product, prices }] of products.entries()) {
      if (!this.#catalogue.product(product)) {
        throw invalidRequest(`No such product: '${product}'`, `${param}[${i}][product]`, "resource_missing");
      }
      if (seen.has(product)) throw invalidRequest(`Product ${product} is listed twice.`, `${param}[${i}][product]`);
      seen.add(product);
      for (const [j, id] of prices.entries()) this.#checkPrice(id, product, `${param}[${i}][prices][${j}]`);
    }
  }

  #checkPrice(id: string, product: string, param: string): void {
    const price = this.#catalogue.price(id);
    if (!price) throw invalidRequest(`No such price: '${id}'`, param, "resource_missing");
    if (price.product !== product) {
      throw invalidRequest(`The price ${id} does not belong to the product ${product}.`, param);
    }
    if (!price.recurring) throw invalidRequest(`The price ${id} is not a recurring price.`, param);
  }
}

function applyPatch(configuration: StoredConfiguration, patch: ConfigurationPatch): StoredConfiguration {
  if (patch.active !== undefined) configuration.active = patch.active;
  if (patch.name !== undefined) configuration.name = patch.name;
  if (patch.defaultReturnUrl !== undefined) configuration.defaultReturnUrl = patch.defaultReturnUrl;
  if (patch.businessProfile) Object.assign(configuration.businessProfile, patch.businessProfile);
  if (patch.metadata) configuration.metadata = patch.metadata(configuration.metadata);
  const features = patch.features ?? {};
  for (const name of Object.keys(features) as (keyof Features)[]) {
    Object.assign(configuration.features[name], features[name]);
  }
  return configuration;
}

export function configurationJson(configuration: StoredConfiguration, includeProducts: boolean) {
  const example = fixture("billing_portal.configuration");
  const { products, ...update } = configuration.features.subscription_update;
  const features = configuration.features;
  return {
    ...example,
    id: configuration.id,
    active: configuration.active,
    application: null,
    business_profile: { ...configuration.businessProfile },
    created: configuration.created,
    default_return_url: configuration.defaultReturnUrl,
    features: {
      customer_update: { ...features.customer_update },
      invoice_history: { ...features.invoice_history },
      payment_method_update: { ...features.payment_method_update, payment_method_configuration: null },
      subscription_cancel: {
        ...example.features.subscription_cancel,
        ...features.subscription_cancel,
        cancellation_reason: { enabled: false, options: [] },
      },
      // `products` is includable: Stripe sends it only when the call asked to expand it.
      subscription_update: {
        ...example.features.subscription_update,
        ...update,
        billing_cycle_anchor: null,
        trial_update_behavior: "end_trial",
        ...(includeProducts ? { products: structuredClone(products) } : {}),
      },
    },
    is_default: configuration.isDefault,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: configuration.metadata,
    name: configuration.name,
    updated: configuration.updated,
  };
}
