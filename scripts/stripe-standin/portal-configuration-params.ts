// POST /v1/billing_portal/configurations (and /:id), checked as Stripe checks the parameters the
// catalogue sync sends: what it reads becomes a patch, merged into the stored configuration
// (an array sent replaces the stored one; an empty string sends an empty array).
import { invalidRequest, missingParam } from "./errors.ts";
import type { FormObject, FormValue } from "./form.ts";
import {
  allowOnly,
  boolean,
  checkUrl,
  mergeMetadata,
  object,
  oneOf,
  optional,
  requiredString,
  stringArray,
  text,
} from "./params.ts";
import type {
  BusinessProfile,
  ConfigurationPatch,
  Features,
  FeaturesPatch,
  UpdateProduct,
} from "./portal-configurations.ts";

const CREATE = ["features", "business_profile", "default_return_url", "metadata", "name", "expand"];
const UPDATE = ["active", ...CREATE];
const FEATURES = [
  "customer_update",
  "invoice_history",
  "payment_method_update",
  "subscription_cancel",
  "subscription_update",
] as const;
const CUSTOMER_UPDATES = ["address", "email", "name", "phone", "shipping", "tax_id"] as const;
const PRORATIONS = ["always_invoice", "create_prorations", "none"] as const;
const ALLOWED_UPDATES = ["price", "promotion_code", "quantity"] as const;
const CONDITIONS = ["decreasing_item_amount", "shortening_interval"] as const;
/** The one field of a configuration that Stripe leaves out unless asked to include it. */
export const PRODUCTS_EXPANSION = "features.subscription_update.products";
const HEADLINE_MAX = 60;

export function configurationParams(form: FormObject, creating: boolean): ConfigurationPatch {
  allowOnly(form, creating ? CREATE : UPDATE, "");
  if (creating && form.features === undefined) throw missingParam("features");
  const metadata = form.metadata;
  return {
    active: optional(form.active, (v) => boolean(v, "active")),
    name: optional(form.name, (v) => text(v, "name") || null),
    defaultReturnUrl: optional(form.default_return_url, (v) => url(v, "default_return_url")),
    businessProfile: optional(form.business_profile, businessProfile),
    features: optional(form.features, (v) => featuresPatch(v, creating)),
    metadata: metadata === undefined ? undefined : (stored) => mergeMetadata(stored, metadata, "metadata"),
    expandProducts: expansions(form.expand, PRODUCTS_EXPANSION),
  };
}

/** Whether `expand` asks for `field`; anything else cannot be expanded here. */
export function expansions(value: FormValue | undefined, field: string): boolean {
  const asked = optional(value, (v) => stringArray(v, "expand")) ?? [];
  const other = asked.find((path) => path !== field);
  if (other !== undefined) throw invalidRequest(`This property cannot be expanded (${other}).`, "expand");
  return asked.length > 0;
}

function url(value: FormValue, param: string): string | null {
  const s = text(value, param);
  return s === "" ? null : checkUrl(s, param);
}

function businessProfile(value: FormValue): Partial<BusinessProfile> {
  const param = "business_profile";
  const profile = object(value, param);
  allowOnly(profile, ["headline", "privacy_policy_url", "terms_of_service_url"], param);
  const headline = optional(profile.headline, (v) => text(v, `${param}[headline]`) || null);
  if (headline && headline.length > HEADLINE_MAX) {
    throw invalidRequest(`Invalid string: must be at most ${HEADLINE_MAX} characters`, `${param}[headline]`);
  }
  return withoutUndefined({
    headline,
    privacy_policy_url: optional(profile.privacy_policy_url, (v) => url(v, `${param}[privacy_policy_url]`)),
    terms_of_service_url: optional(profile.terms_of_service_url, (v) => url(v, `${param}[terms_of_service_url]`)),
  });
}

function featuresPatch(value: FormValue, creating: boolean): FeaturesPatch {
  const features = object(value, "features");
  allowOnly(features, [...FEATURES], "features");
  const feature = (name: (typeof FEATURES)[number], enabledRequired: boolean) => {
    const param = `features[${name}]`;
    const form = object(features[name] as FormValue, param);
    if (enabledRequired && form.enabled === undefined) throw missingParam(`${param}[enabled]`);
    return { form, param, enabled: optional(form.enabled, (v) => boolean(v, `${param}[enabled]`)) };
  };
  const patch: FeaturesPatch = {};
  if (features.customer_update !== undefined) {
    const { form, param, enabled } = feature("customer_update", creating);
    allowOnly(form, ["enabled", "allowed_updates"], param);
    const allowed = optional(form.allowed_updates, (v) => enums(v, CUSTOMER_UPDATES, `${param}[allowed_updates]`));
    patch.customer_update = withoutUndefined({ enabled, allowed_updates: allowed });
  }
  if (features.invoice_history !== undefined) {
    const { form, param, enabled } = feature("invoice_history", true);
    allowOnly(form, ["enabled"], param);
    patch.invoice_history = withoutUndefined({ enabled });
  }
  if (features.payment_method_update !== undefined) {
    const { form, param, enabled } = feature("payment_method_update", true);
    allowOnly(form, ["enabled"], param);
    patch.payment_method_update = withoutUndefined({ enabled });
  }
  if (features.subscription_cancel !== undefined) {
    const { form, param, enabled } = feature("subscription_cancel", creating);
    allowOnly(form, ["enabled", "mode", "proration_behavior"], param);
    patch.subscription_cancel = withoutUndefined({
      enabled,
      mode: optional(form.mode, (v) => oneOf(v, ["at_period_end", "immediately"] as const, `${param}[mode]`)),
      proration_behavior: optional(form.proration_behavior, (v) =>
        oneOf(v, PRORATIONS, `${param}[proration_behavior]`),
      ),
    });
  }
  if (features.subscription_update !== undefined) {
    const { form, param, enabled } = feature("subscription_update", creating);
    patch.subscription_update = subscriptionUpdate(form, param, enabled, creating);
  }
  return patch;
}

function subscriptionUpdate(
  form: FormObject,
  param: string,
  enabled: boolean | undefined,
  creating: boolean,
): Partial<Features["subscription_update"]> {
  allowOnly(
    form,
    ["enabled", "default_allowed_updates", "proration_behavior", "products", "schedule_at_period_end"],
    param,
  );
  // Since 2024-09-30 these two may be left out only while the feature is off.
  if (creating && enabled) {
    if (form.default_allowed_updates === undefined) throw missingParam(`${param}[default_allowed_updates]`);
    if (form.products === undefined) throw missingParam(`${param}[products]`);
  }
  const schedule = optional(form.schedule_at_period_end, (v) => {
    const scheduleParam = `${param}[schedule_at_period_end]`;
    const value = object(v, scheduleParam);
    allowOnly(value, ["conditions"], scheduleParam);
    return { conditions: optional(value.conditions, (c) => conditions(c, `${scheduleParam}[conditions]`)) ?? [] };
  });
  return withoutUndefined({
    enabled,
    default_allowed_updates: optional(form.default_allowed_updates, (v) =>
      enums(v, ALLOWED_UPDATES, `${param}[default_allowed_updates]`),
    ),
    proration_behavior: optional(form.proration_behavior, (v) => oneOf(v, PRORATIONS, `${param}[proration_behavior]`)),
    products: optional(form.products, (v) => products(v, `${param}[products]`)),
    schedule_at_period_end: schedule,
  });
}

function products(value: FormValue, param: string): UpdateProduct[] {
  if (value === "") return [];
  if (!Array.isArray(value)) throw invalidArray(param);
  return value.map((entry, i) => {
    const itemParam = `${param}[${i}]`;
    const item = object(entry, itemParam);
    allowOnly(item, ["product", "prices"], itemParam);
    if (item.prices === undefined) throw missingParam(`${itemParam}[prices]`);
    return {
      product: requiredString(item, "product", `${itemParam}[product]`),
      prices: stringArray(item.prices, `${itemParam}[prices]`),
    };
  });
}

function conditions(value: FormValue, param: string): { type: (typeof CONDITIONS)[number] }[] {
  if (value === "") return [];
  if (!Array.isArray(value)) throw invalidArray(param);
  return value.map((entry, i) => {
    const item = object(entry, `${param}[${i}]`);
    allowOnly(item, ["type"], `${param}[${i}]`);
    if (item.type === undefined) throw missingParam(`${param}[${i}][type]`);
    return { type: oneOf(item.type, CONDITIONS, `${param}[${i}][type]`) };
  });
}

function enums<T extends string>(value: FormValue, allowed: readonly T[], param: string): T[] {
  return stringArray(value, param).map((v, i) => oneOf(v, allowed, `${param}[${i}]`));
}

function invalidArray(param: string) {
  return invalidRequest("Invalid array", param);
}

function withoutUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as never;
}
