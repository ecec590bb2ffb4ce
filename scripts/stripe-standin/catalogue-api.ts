// /v1/products, /v1/prices and /v1/billing_portal/configurations: the catalogue the sync
// (scripts/stripe-sync) keeps in step with ours. Creating or changing these sends no events: the
// site's webhook endpoint does not subscribe to product or price events.
import { type Catalogue, priceJson, productJson } from "./catalogue.ts";
import {
  pageParams,
  priceCreateParams,
  priceListParams,
  priceUpdateParams,
  productCreateParams,
  productListParams,
  productUpdateParams,
} from "./catalogue-params.ts";
import { found } from "./errors.ts";
import { type FormObject, parseForm } from "./form.ts";
import { listJson } from "./lists.ts";
import { allowOnly, boolean } from "./params.ts";
import { configurationParams, expansions, PRODUCTS_EXPANSION } from "./portal-configuration-params.ts";
import { configurationJson, type PortalConfigurations } from "./portal-configurations.ts";

export type CatalogueDeps = { catalogue: Catalogue; configurations: PortalConfigurations };

type Request = { method: string; url: URL; body: string };

/** Product ids may be chosen by the caller (letters, digits, `_` and `-`). */
const ID = "([A-Za-z0-9_-]+)";

/** Answers a catalogue call, or null when the path is not one of them. */
export function catalogueApi(deps: CatalogueDeps, request: Request): unknown | null {
  const { method, url } = request;
  const route = (verb: string, pattern: string) =>
    method === verb ? new RegExp(`^/v1/${pattern}$`).exec(url.pathname) : null;
  const form = () => parseForm(request.body);
  const query = () => parseForm(url.search.slice(1));

  if (route("POST", "products")) return productJson(deps.catalogue.createProduct(productCreateParams(form())));
  if (route("GET", "products")) return listProducts(deps, query());
  let match = route("GET", `products/${ID}`);
  if (match?.[1]) return productJson(product(deps, match[1]));
  match = route("POST", `products/${ID}`);
  if (match?.[1]) {
    const stored = product(deps, match[1]);
    return productJson(deps.catalogue.updateProduct(stored, productUpdateParams(form(), stored.metadata)));
  }
  if (route("POST", "prices")) return priceJson(deps.catalogue.createPrice(priceCreateParams(form())));
  if (route("GET", "prices")) return listPrices(deps, query());
  match = route("GET", `prices/${ID}`);
  if (match?.[1]) return priceJson(price(deps, match[1]));
  match = route("POST", `prices/${ID}`);
  if (match?.[1]) {
    const stored = price(deps, match[1]);
    return priceJson(deps.catalogue.updatePrice(stored, priceUpdateParams(form(), stored.metadata)));
  }
  return configurationApi(deps, route, form, query);
}

function configurationApi(
  deps: CatalogueDeps,
  route: (verb: string, pattern: string) => RegExpExecArray | null,
  form: () => FormObject,
  query: () => FormObject,
): unknown | null {
  const path = "billing_portal/configurations";
  if (route("POST", path)) {
    const patch = configurationParams(form(), true);
    return configurationJson(deps.configurations.create(patch), patch.expandProducts);
  }
  if (route("GET", path)) return listConfigurations(deps, query());
  let match = route("GET", `${path}/${ID}`);
  if (match?.[1]) {
    const params = query();
    allowOnly(params, ["expand"], "");
    return configurationJson(configuration(deps, match[1]), expansions(params.expand, PRODUCTS_EXPANSION));
  }
  match = route("POST", `${path}/${ID}`);
  if (match?.[1]) {
    const patch = configurationParams(form(), false);
    return configurationJson(deps.configurations.update(configuration(deps, match[1]), patch), patch.expandProducts);
  }
  return null;
}

function listProducts(deps: CatalogueDeps, query: FormObject) {
  const { filter, page } = productListParams(query);
  return listJson(deps.catalogue.products(filter), page, "/v1/products", productJson, "product");
}

function listPrices(deps: CatalogueDeps, query: FormObject) {
  const { filter, page } = priceListParams(query);
  return listJson(deps.catalogue.prices(filter), page, "/v1/prices", priceJson, "price");
}

function listConfigurations(deps: CatalogueDeps, query: FormObject) {
  allowOnly(query, ["active", "is_default", "expand", "limit", "starting_after", "ending_before"], "");
  const include = expansions(query.expand, `data.${PRODUCTS_EXPANSION}`);
  const filter = {
    active: query.active === undefined ? null : boolean(query.active, "active"),
    isDefault: query.is_default === undefined ? null : boolean(query.is_default, "is_default"),
  };
  return listJson(
    deps.configurations.list(filter),
    pageParams(query),
    "/v1/billing_portal/configurations",
    (c) => configurationJson(c, include),
    "billing_portal.configuration",
  );
}

function product(deps: CatalogueDeps, id: string) {
  return found(deps.catalogue.product(id), "product", id);
}

function price(deps: CatalogueDeps, id: string) {
  return found(deps.catalogue.price(id), "price", id);
}

function configuration(deps: CatalogueDeps, id: string) {
  return found(deps.configurations.get(id), "billing_portal.configuration", id);
}
