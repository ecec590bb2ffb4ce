// The parameters of /v1/products and /v1/prices, checked as Stripe checks them, for the calls the
// catalogue sync makes. Anything else is `parameter_unknown`: in particular a price's amount,
// currency and interval, which Stripe never lets an update change.
import type {
  PriceChanges,
  PriceFilter,
  PriceInput,
  ProductChanges,
  ProductFilter,
  ProductInput,
} from "./catalogue.ts";
import { invalidRequest, missingParam } from "./errors.ts";
import type { FormObject, FormValue } from "./form.ts";
import {
  allowOnly,
  boolean,
  currency,
  integer,
  MAX_AMOUNT,
  mergeMetadata,
  nonEmpty,
  oneOf,
  optional,
  recurringOf,
  requiredString,
  stringArray,
  text,
} from "./params.ts";

const PRODUCT_CREATE = ["id", "name", "description", "active", "metadata"];
const PRODUCT_UPDATE = ["name", "description", "active", "metadata"];
const PRICE_CREATE = [
  "currency",
  "unit_amount",
  "product",
  "recurring",
  "lookup_key",
  "transfer_lookup_key",
  "nickname",
  "metadata",
  "active",
];
const PRICE_UPDATE = ["active", "lookup_key", "transfer_lookup_key", "nickname", "metadata"];
const PAGINATION = ["limit", "starting_after", "ending_before"];
/** Stripe's limit on `lookup_keys` in one list call. */
const MAX_LOOKUP_KEYS = 10;
const MAX_LOOKUP_KEY_LENGTH = 200;
/** What a product id chosen by the caller may hold (Stripe makes its own `prod_…` otherwise). */
const PRODUCT_ID = /^[A-Za-z0-9_-]{1,200}$/;

export type Page = { limit: number; startingAfter: string | null; endingBefore: string | null };

export function productCreateParams(form: FormObject): ProductInput {
  allowOnly(form, PRODUCT_CREATE, "");
  const id = optional(form.id, (v) => nonEmpty(v, "id")) ?? null;
  if (id !== null && !PRODUCT_ID.test(id)) throw invalidRequest(`Invalid product id: ${id}`, "id");
  return {
    id,
    name: requiredString(form, "name", "name"),
    description: optional(form.description, (v) => nonEmpty(v, "description")) ?? null,
    active: optional(form.active, (v) => boolean(v, "active")) ?? true,
    metadata: mergeMetadata({}, form.metadata, "metadata"),
  };
}

export function productUpdateParams(form: FormObject, stored: Record<string, string>): ProductChanges {
  allowOnly(form, PRODUCT_UPDATE, "");
  const changes: ProductChanges = {};
  if (form.name !== undefined) changes.name = nonEmpty(form.name, "name");
  // An empty description unsets it, as Stripe's `Emptyable` parameters do.
  if (form.description !== undefined) changes.description = text(form.description, "description") || null;
  if (form.active !== undefined) changes.active = boolean(form.active, "active");
  if (form.metadata !== undefined) changes.metadata = mergeMetadata(stored, form.metadata, "metadata");
  return changes;
}

export function productListParams(query: FormObject): { filter: ProductFilter; page: Page } {
  allowOnly(query, ["ids", "active", ...PAGINATION], "");
  const ids = optional(query.ids, (v) => stringArray(v, "ids")) ?? null;
  if (ids !== null && (query.starting_after !== undefined || query.ending_before !== undefined)) {
    throw invalidRequest("You may not pass `ids` together with `starting_after` or `ending_before`.", "ids");
  }
  return {
    filter: { ids, active: optional(query.active, (v) => boolean(v, "active")) ?? null },
    page: pageParams(query),
  };
}

export function priceCreateParams(form: FormObject): PriceInput {
  allowOnly(form, PRICE_CREATE, "");
  if (form.unit_amount === undefined) throw missingParam("unit_amount");
  return {
    product: requiredString(form, "product", "product"),
    currency: currency(requiredString(form, "currency", "currency"), "currency"),
    unitAmount: integer(nonEmpty(form.unit_amount, "unit_amount"), "unit_amount", 0, MAX_AMOUNT),
    recurring: optional(form.recurring, (v) => recurringOf(v, "recurring")) ?? null,
    lookupKey: optional(form.lookup_key, lookupKey) ?? null,
    transferLookupKey: optional(form.transfer_lookup_key, (v) => boolean(v, "transfer_lookup_key")) ?? false,
    nickname: optional(form.nickname, (v) => nonEmpty(v, "nickname")) ?? null,
    metadata: mergeMetadata({}, form.metadata, "metadata"),
    active: optional(form.active, (v) => boolean(v, "active")) ?? true,
  };
}

export function priceUpdateParams(form: FormObject, stored: Record<string, string>): PriceChanges {
  allowOnly(form, PRICE_UPDATE, "");
  const changes: PriceChanges = {
    transferLookupKey: optional(form.transfer_lookup_key, (v) => boolean(v, "transfer_lookup_key")) ?? false,
  };
  if (form.active !== undefined) changes.active = boolean(form.active, "active");
  // An empty lookup key or nickname removes it.
  if (form.lookup_key !== undefined) changes.lookupKey = form.lookup_key === "" ? null : lookupKey(form.lookup_key);
  if (form.nickname !== undefined) changes.nickname = text(form.nickname, "nickname") || null;
  if (form.metadata !== undefined) changes.metadata = mergeMetadata(stored, form.metadata, "metadata");
  return changes;
}

export function priceListParams(query: FormObject): { filter: PriceFilter; page: Page } {
  allowOnly(query, ["lookup_keys", "active", "product", "type", ...PAGINATION], "");
  const lookupKeys = optional(query.lookup_keys, (v) => stringArray(v, "lookup_keys")) ?? null;
  if (lookupKeys && lookupKeys.length > MAX_LOOKUP_KEYS) {
    throw invalidRequest(`You can specify up to ${MAX_LOOKUP_KEYS} lookup_keys.`, "lookup_keys");
  }
  return {
    filter: {
      lookupKeys,
      active: optional(query.active, (v) => boolean(v, "active")) ?? null,
      product: optional(query.product, (v) => nonEmpty(v, "product")) ?? null,
      type: optional(query.type, (v) => oneOf(v, ["one_time", "recurring"] as const, "type")) ?? null,
    },
    page: pageParams(query),
  };
}

/** `limit` (1 to 100, 10 unless given) and the cursors Stripe's lists take. */
export function pageParams(query: FormObject): Page {
  return {
    limit: optional(query.limit, (v) => integer(nonEmpty(v, "limit"), "limit", 1, 100)) ?? 10,
    startingAfter: optional(query.starting_after, (v) => nonEmpty(v, "starting_after")) ?? null,
    endingBefore: optional(query.ending_before, (v) => nonEmpty(v, "ending_before")) ?? null,
  };
}

function lookupKey(value: FormValue): string {
  const key = nonEmpty(value, "lookup_key");
  if (key.length > MAX_LOOKUP_KEY_LENGTH) {
    throw invalidRequest(
      `Invalid lookup_key: must be at most ${MAX_LOOKUP_KEY_LENGTH} characters long.`,
      "lookup_key",
      "string_length_too_long",
    );
  }
  return key;
}
