import { invalidRequest, missingParam } from "./errors.ts";
import type { FormObject, FormValue } from "./form.ts";
import {
  allowOnly,
  currency as checkCurrency,
  checkMetadata,
  checkUrl,
  integer,
  MAX_AMOUNT,
  nonEmpty,
  object,
  type Recurring,
  recurringOf,
  requiredString,
  text,
} from "./params.ts";

/** One line of a session, checked the way Stripe checks `line_items[i][price]` or `[price_data]`. */
export type SessionLine = {
  /** The catalogue price (and its product) a `price` line charges; null for an ad-hoc `price_data` line. */
  catalogue: { price: string; product: string } | null;
  name: string;
  description: string | null;
  unitAmount: number;
  quantity: number;
  currency: string;
  recurring: { interval: string; interval_count: number } | null;
};

export type CreateParams = {
  mode: "payment" | "subscription";
  successUrl: string;
  cancelUrl: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  /** `subscription_data[metadata]`: copied onto the subscription (and its invoices' parent). */
  subscriptionMetadata: Record<string, string>;
  lines: SessionLine[];
  currency: string;
};

const TOP_LEVEL = [
  "mode",
  "success_url",
  "cancel_url",
  "line_items",
  "customer_email",
  "metadata",
  "client_reference_id",
  "subscription_data",
];
const LINE_ITEM = ["price", "price_data", "quantity"];
const PRICE_DATA = ["currency", "unit_amount", "product_data", "recurring"];
const PRODUCT_DATA = ["name", "description", "metadata"];
const SUBSCRIPTION_DATA = ["metadata"];
const MIN_PAYMENT_TOTAL = 50;

/** The stand-in's products and prices (its Catalogue), where a `price` line is looked up. */
type Prices = {
  price(id: string):
    | {
        id: string;
        product: string;
        unitAmount: number;
        currency: string;
        recurring: Recurring | null;
        active: boolean;
      }
    | undefined;
  product(id: string): { name: string; description: string | null } | undefined;
};

/** Checks a create request as Stripe would for the parameters this site uses; throws Stripe errors. */
export function validateCreateParams(form: FormObject, prices: Prices): CreateParams {
  allowOnly(form, TOP_LEVEL, "");
  const mode = requiredString(form, "mode", "mode");
  if (mode !== "payment" && mode !== "subscription") {
    throw invalidRequest(
      `Invalid mode: must be one of payment or subscription (the local stand-in does not do ${mode}).`,
      "mode",
    );
  }
  const successUrl = checkUrl(requiredString(form, "success_url", "success_url"), "success_url");
  const cancelUrl = form.cancel_url === undefined ? null : checkUrl(text(form.cancel_url, "cancel_url"), "cancel_url");
  const customerEmail = form.customer_email === undefined ? null : email(text(form.customer_email, "customer_email"));
  const clientReferenceId =
    form.client_reference_id === undefined ? null : text(form.client_reference_id, "client_reference_id");
  const metadata = checkMetadata(form.metadata, "metadata");
  const subscriptionMetadata = subscriptionData(form.subscription_data, mode);
  const lines = lineItems(form.line_items, mode, prices);
  const currency = lines[0]?.currency ?? "usd";
  checkTotal(lines, mode);
  return {
    mode,
    successUrl,
    cancelUrl,
    customerEmail,
    clientReferenceId,
    metadata,
    subscriptionMetadata,
    lines,
    currency,
  };
}

function subscriptionData(value: FormValue | undefined, mode: string): Record<string, string> {
  if (value === undefined) return {};
  if (mode !== "subscription") {
    throw invalidRequest("You can not pass `subscription_data` in `payment` mode.", "subscription_data");
  }
  const data = object(value, "subscription_data");
  allowOnly(data, SUBSCRIPTION_DATA, "subscription_data");
  return checkMetadata(data.metadata, "subscription_data[metadata]");
}

function lineItems(value: FormValue | undefined, mode: "payment" | "subscription", prices: Prices): SessionLine[] {
  if (value === undefined) throw missingParam("line_items");
  if (!Array.isArray(value) || value.length === 0) throw invalidRequest("Invalid array", "line_items");
  const lines = value.map((item, i) => lineItem(item, `line_items[${i}]`, mode, prices));
  if (new Set(lines.map((l) => l.currency)).size > 1) {
    throw invalidRequest("All line items must use the same currency.", "line_items");
  }
  const recurring = lines.filter((l) => l.recurring).length;
  const oneTime = lines.length - recurring;
  if (mode === "payment" && lines.length > 100) {
    throw invalidRequest("In payment mode, a Checkout Session can have at most 100 line items.", "line_items");
  }
  if (mode === "subscription") {
    if (recurring === 0) {
      throw invalidRequest(
        "You must provide at least one recurring price in `subscription` mode when using prices.",
        "line_items",
      );
    }
    const intervals = new Set(lines.flatMap((l) => (l.recurring ? [JSON.stringify(l.recurring)] : [])));
    if (intervals.size > 1) {
      throw invalidRequest(
        "Checkout does not support multiple prices with different billing intervals in one subscription.",
        "line_items",
      );
    }
    if (recurring > 20 || oneTime > 20) {
      throw invalidRequest(
        "In subscription mode, a Checkout Session can have at most 20 recurring and 20 one-time line items.",
        "line_items",
      );
    }
  }
  return lines;
}

function lineItem(value: FormValue, param: string, mode: string, prices: Prices): SessionLine {
  const item = object(value, param);
  allowOnly(item, LINE_ITEM, param);
  const quantity = integer(requiredString(item, "quantity", `${param}[quantity]`), `${param}[quantity]`, 1, 999_999);
  if (item.price !== undefined && item.price_data !== undefined) {
    throw invalidRequest("You may only specify one of these parameters: price, price_data.", param);
  }
  const line =
    item.price !== undefined
      ? catalogueLine(text(item.price, `${param}[price]`), `${param}[price]`, prices)
      : adHocLine(item.price_data, `${param}[price_data]`);
  if (line.recurring && mode === "payment") {
    throw invalidRequest(
      "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
      item.price !== undefined ? `${param}[price]` : `${param}[price_data][recurring]`,
    );
  }
  return { ...line, quantity };
}

/** A `price` line: an existing, active price of the account, charged as it stands. */
function catalogueLine(id: string, param: string, prices: Prices): Omit<SessionLine, "quantity"> {
  const price = prices.price(id);
  if (!price) throw invalidRequest(`No such price: '${id}'`, param, "resource_missing");
  if (!price.active) {
    throw invalidRequest(
      `The price specified is inactive. This field only accepts active prices. (price: ${id})`,
      param,
    );
  }
  const product = prices.product(price.product);
  return {
    catalogue: { price: price.id, product: price.product },
    name: product?.name ?? price.product,
    description: product?.description ?? null,
    unitAmount: price.unitAmount,
    currency: price.currency,
    recurring: price.recurring,
  };
}

/** A `price_data` line: an ad-hoc price of an ad-hoc product. */
function adHocLine(value: FormValue | undefined, priceParam: string): Omit<SessionLine, "quantity"> {
  if (value === undefined) throw missingParam(priceParam);
  const priceData = object(value, priceParam);
  allowOnly(priceData, PRICE_DATA, priceParam);
  const currency = checkCurrency(
    requiredString(priceData, "currency", `${priceParam}[currency]`),
    `${priceParam}[currency]`,
  );
  const unitAmount = integer(
    requiredString(priceData, "unit_amount", `${priceParam}[unit_amount]`),
    `${priceParam}[unit_amount]`,
    0,
    MAX_AMOUNT,
  );
  if (priceData.product_data === undefined) throw missingParam(`${priceParam}[product_data]`);
  const productParam = `${priceParam}[product_data]`;
  const product = object(priceData.product_data, productParam);
  allowOnly(product, PRODUCT_DATA, productParam);
  const name = requiredString(product, "name", `${productParam}[name]`);
  const description =
    product.description === undefined ? null : nonEmpty(product.description, `${productParam}[description]`);
  checkMetadata(product.metadata, `${productParam}[metadata]`);
  const recurring =
    priceData.recurring === undefined ? null : recurringOf(priceData.recurring, `${priceParam}[recurring]`);
  return { catalogue: null, name, description, unitAmount, currency, recurring };
}

function checkTotal(lines: SessionLine[], mode: string): void {
  // Only the first invoice matters here: what the customer pays on the page.
  const total = lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
  if (total > MAX_AMOUNT) {
    throw invalidRequest("The Checkout Session's total amount due must be no more than $999,999.99.", "line_items");
  }
  if (mode === "payment" && total < MIN_PAYMENT_TOTAL) {
    throw invalidRequest("The Checkout Session's total amount due must add up to at least $0.50 usd", "line_items");
  }
}

function email(value: string): string {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw invalidRequest(`Invalid email address: ${value}`, "customer_email", "email_invalid");
  }
  return value;
}
