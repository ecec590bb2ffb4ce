import { invalidRequest, missingParam, unknownParam } from "./errors.ts";
import type { FormObject, FormValue } from "./form.ts";

/** One line of a session, checked the way Stripe checks `line_items[i][price_data]`. */
export type SessionLine = {
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
const LINE_ITEM = ["price_data", "quantity"];
const PRICE_DATA = ["currency", "unit_amount", "product_data", "recurring"];
const PRODUCT_DATA = ["name", "description", "metadata"];
const SUBSCRIPTION_DATA = ["metadata"];
const INTERVALS = ["day", "week", "month", "year"];
/** The currencies Stripe accepts for card payments; anything else is refused as Stripe refuses it. */
const CURRENCIES = new Set(
  (
    "usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bif bmd bnd bob brl bsd bwp byn bzd cad cdf chf " +
    "clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd hkd hnl htg huf idr ils " +
    "inr isk jmd jpy kes kgs khr kmf krw kyd kzt lak lbp lkr lrd lsl mad mdl mga mkd mmk mnt mop mur mvr mwk mxn myr " +
    "mzn nad ngn nio nok npr nzd pab pen pgk php pkr pln pyg qar ron rsd rub rwf sar sbd scr sek sgd shp sle sos srd " +
    "std szl thb tjs top try ttd twd tzs uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw"
  ).split(" "),
);
/** Stripe's largest USD amount: 8 digits of cents. */
const MAX_AMOUNT = 99_999_999;
const MIN_PAYMENT_TOTAL = 50;

/** Checks a create request as Stripe would for the parameters this site uses; throws Stripe errors. */
export function validateCreateParams(form: FormObject): CreateParams {
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
  const lines = lineItems(form.line_items, mode);
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

function lineItems(value: FormValue | undefined, mode: "payment" | "subscription"): SessionLine[] {
  if (value === undefined) throw missingParam("line_items");
  if (!Array.isArray(value) || value.length === 0) throw invalidRequest("Invalid array", "line_items");
  const lines = value.map((item, i) => lineItem(item, `line_items[${i}]`, mode));
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

function lineItem(value: FormValue, param: string, mode: string): SessionLine {
  const item = object(value, param);
  allowOnly(item, LINE_ITEM, param);
  const quantity = integer(requiredString(item, "quantity", `${param}[quantity]`), `${param}[quantity]`, 1, 999_999);
  if (item.price_data === undefined) throw missingParam(`${param}[price_data]`);
  const priceParam = `${param}[price_data]`;
  const priceData = object(item.price_data, priceParam);
  allowOnly(priceData, PRICE_DATA, priceParam);
  const currency = requiredString(priceData, "currency", `${priceParam}[currency]`);
  if (!CURRENCIES.has(currency)) {
    throw invalidRequest(
      `Invalid currency: ${currency}. Stripe currently supports these currencies: ${[...CURRENCIES].join(", ")}`,
      `${priceParam}[currency]`,
    );
  }
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
  if (recurring && mode === "payment") {
    throw invalidRequest(
      "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
      `${priceParam}[recurring]`,
    );
  }
  return { name, description, unitAmount, quantity, currency, recurring };
}

function recurringOf(value: FormValue, param: string): SessionLine["recurring"] {
  const recurring = object(value, param);
  allowOnly(recurring, ["interval", "interval_count"], param);
  const interval = requiredString(recurring, "interval", `${param}[interval]`);
  if (!INTERVALS.includes(interval)) {
    throw invalidRequest(`Invalid interval: must be one of ${INTERVALS.join(", ")}`, `${param}[interval]`);
  }
  const count =
    recurring.interval_count === undefined
      ? 1
      : integer(text(recurring.interval_count, `${param}[interval_count]`), `${param}[interval_count]`, 1, 365);
  return { interval, interval_count: count };
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

/** Stripe's metadata rules: at most 50 keys, keys up to 40 characters, values up to 500. */
function checkMetadata(value: FormValue | undefined, param: string): Record<string, string> {
  if (value === undefined) return {};
  const metadata = object(value, param);
  const entries = Object.entries(metadata);
  if (entries.length > 50) throw invalidRequest("You can have at most 50 keys in metadata.", param);
  for (const [key, v] of entries) {
    if (typeof v !== "string") throw invalidRequest("Metadata values must be strings.", `${param}[${key}]`);
    if (key.length > 40) {
      throw invalidRequest(
        `Metadata keys can have up to 40 characters, but you passed in a key that is ${key.length} characters.`,
        `${param}[${key}]`,
      );
    }
    if (v.length > 500) {
      throw invalidRequest(
        `Metadata values can have up to 500 characters, but you passed in a value that is ${v.length} characters.`,
        `${param}[${key}]`,
      );
    }
  }
  return metadata as Record<string, string>;
}

export function allowOnly(value: FormObject, allowed: string[], prefix: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw unknownParam(prefix ? `${prefix}[${key}]` : key);
  }
}

function object(value: FormValue, param: string): FormObject {
  if (typeof value === "string" || Array.isArray(value)) throw invalidRequest("Invalid object", param);
  return value;
}

export function text(value: FormValue, param: string): string {
  if (typeof value !== "string") throw invalidRequest("Invalid string", param);
  return value;
}

function nonEmpty(value: FormValue, param: string): string {
  const s = text(value, param);
  if (s === "") {
    throw invalidRequest(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset.`,
      param,
    );
  }
  return s;
}

export function requiredString(value: FormObject, key: string, param: string): string {
  const v = value[key];
  if (v === undefined) throw missingParam(param);
  return nonEmpty(v, param);
}

function integer(value: string, param: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, param);
  const n = Number(value);
  if (n < min) throw invalidRequest(`This value must be greater than or equal to ${min}.`, param);
  if (n > max) throw invalidRequest(`This value must be less than or equal to ${max}.`, param);
  return n;
}

export function checkUrl(value: string, param: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.protocol === "http:" || parsed.protocol === "https:") return value;
  } catch {}
  throw invalidRequest("Not a valid URL", param, "url_invalid");
}

function email(value: string): string {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw invalidRequest(`Invalid email address: ${value}`, "customer_email", "email_invalid");
  }
  return value;
}
