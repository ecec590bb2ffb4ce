// Daraja's documented request fields and limits (M-Pesa Express and its query), checked as the
// stand-in receives them, and its error shape `{ requestId, errorCode, errorMessage }`.
import { randomInt } from "node:crypto";

export type DarajaErrorBody = { requestId: string; errorCode: string; errorMessage: string };

export class DarajaError extends Error {
  readonly status: number;
  readonly body: DarajaErrorBody;
  constructor(status: number, errorCode: string, errorMessage: string) {
    super(errorMessage);
    this.status = status;
    this.body = { requestId: darajaRequestId(), errorCode, errorMessage };
  }
}

/** Daraja's request ids look like "29115-34620561-1" (MerchantRequestID has the same form). */
export function darajaRequestId(): string {
  return `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-1`;
}

/** Every refusal of a field answers 400 "Bad Request - Invalid <Field>", as Daraja does. */
export const invalid = (field: string) => new DarajaError(400, "400.002.02", `Bad Request - Invalid ${field}`);

/** The largest single M-Pesa payment (Safaricom's per-transaction limit), in shillings. */
export const MAX_AMOUNT_KES = 250_000;
export const ACCOUNT_REFERENCE_MAX = 12;
export const TRANSACTION_DESC_MAX = 13;
export const SAFARICOM_PHONE = /^254[17]\d{8}$/;
export const SHORTCODE = /^\d{5,7}$/;
const TRANSACTION_TYPES = new Set(["CustomerPayBillOnline", "CustomerBuyGoodsOnline"]);
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

const PUSH_FIELDS = [
  "BusinessShortCode",
  "Password",
  "Timestamp",
  "TransactionType",
  "Amount",
  "PartyA",
  "PartyB",
  "PhoneNumber",
  "CallBackURL",
  "AccountReference",
  "TransactionDesc",
] as const;
const QUERY_FIELDS = ["BusinessShortCode", "Password", "Timestamp", "CheckoutRequestID"] as const;

export type PushFields = {
  shortcode: string;
  timestamp: string;
  transactionType: string;
  amount: number;
  partyA: string;
  partyB: string;
  phone: string;
  callbackUrl: string;
  accountReference: string;
  description: string;
};

export type QueryFields = { shortcode: string; checkoutRequestId: string };

type Body = Record<string, unknown>;

/** The JSON object a call carries; anything else is refused. */
export function jsonObject(text: string): Body {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new DarajaError(400, "400.002.05", "Invalid Request Payload");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new DarajaError(400, "400.002.05", "Invalid Request Payload");
  }
  return body as Body;
}

/** An STK push's fields, each as Daraja documents it; `passkey` given: the Password must match it exactly. */
export function readPush(body: Body, passkey: string | undefined): PushFields {
  onlyFields(body, PUSH_FIELDS);
  const shortcode = numeric(body, "BusinessShortCode", SHORTCODE);
  const timestamp = readTimestamp(body);
  checkPassword(body, shortcode, timestamp, passkey);
  const transactionType = body.TransactionType;
  if (typeof transactionType !== "string" || !TRANSACTION_TYPES.has(transactionType)) throw invalid("TransactionType");
  const amount = Number(numeric(body, "Amount", /^\d{1,9}$/));
  if (amount < 1 || amount > MAX_AMOUNT_KES) throw invalid("Amount");
  const partyA = numeric(body, "PartyA", SAFARICOM_PHONE);
  const partyB = numeric(body, "PartyB", SHORTCODE);
  // A paybill payment goes to the shortcode that asked for it.
  if (transactionType === "CustomerPayBillOnline" && partyB !== shortcode) throw invalid("PartyB");
  const phone = numeric(body, "PhoneNumber", SAFARICOM_PHONE);
  const callbackUrl = readCallbackUrl(body.CallBackURL, "CallBackURL");
  const accountReference = text(body, "AccountReference", ACCOUNT_REFERENCE_MAX);
  const description = text(body, "TransactionDesc", TRANSACTION_DESC_MAX);
  return {
    shortcode,
    timestamp,
    transactionType,
    amount,
    partyA,
    partyB,
    phone,
    callbackUrl,
    accountReference,
    description,
  };
}

export function readQuery(body: Body, passkey: string | undefined): QueryFields {
  onlyFields(body, QUERY_FIELDS);
  const shortcode = numeric(body, "BusinessShortCode", SHORTCODE);
  const timestamp = readTimestamp(body);
  checkPassword(body, shortcode, timestamp, passkey);
  const id = body.CheckoutRequestID;
  if (typeof id !== "string" || !/^ws_CO_\w{1,60}$/.test(id)) throw invalid("CheckoutRequestID");
  return { shortcode, checkoutRequestId: id };
}

function onlyFields(body: Body, allowed: readonly string[]): void {
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown) throw new DarajaError(400, "400.002.02", `Bad Request - Unknown field ${unknown.slice(0, 40)}`);
}

/** Daraja's "Numeric" fields: a whole JSON number or a string of digits. */
function numeric(body: Body, field: string, pattern: RegExp): string {
  const value = body[field];
  const digits = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof digits !== "string" || !pattern.test(digits)) throw invalid(field);
  return digits;
}

/** What the buyer's prompt shows: 1 to `max` printable characters. */
function text(body: Body, field: string, max: number): string {
  const value = body[field];
  if (typeof value !== "string" || value.trim() === "" || value.length > max || !/^[\x20-\x7e]+$/.test(value)) {
    throw invalid(field);
  }
  return value;
}

/** YYYYMMDDHHmmss, a real date and time. */
function readTimestamp(body: Body): string {
  const value = body.Timestamp;
  const match = typeof value === "string" ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value) : null;
  if (!match) throw invalid("Timestamp");
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const real =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60;
  if (!real) throw invalid("Timestamp");
  return value as string;
}

/** base64(Shortcode + Passkey + Timestamp); without a known passkey, its two ends are checked. */
function checkPassword(body: Body, shortcode: string, timestamp: string, passkey: string | undefined): void {
  const value = body.Password;
  if (typeof value !== "string" || !/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) {
    throw invalid("Password");
  }
  const decoded = Buffer.from(value, "base64").toString("utf8");
  const fits =
    passkey === undefined
      ? decoded.length > shortcode.length + timestamp.length &&
        decoded.startsWith(shortcode) &&
        decoded.endsWith(timestamp)
      : decoded === `${shortcode}${passkey}${timestamp}`;
  if (!fits) throw new DarajaError(400, "400.002.02", "Bad Request - Invalid Password");
}

/** Safaricom calls back over https only; the stand-in also calls http on this machine. */
export function readCallbackUrl(value: unknown, field: string): string {
  if (typeof value !== "string" || value.length > 1000) throw invalid(field);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(field);
  }
  const localHttp = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  if ((url.protocol !== "https:" && !localHttp) || url.username || url.password) throw invalid(field);
  return value;
}

/** Daraja blocks C2B and result URLs containing these, in any case (its C2B guide). */
const REFUSED_WORDS = ["mpesa", "m-pesa", "safaricom", "sql", "query", "exe", "cmd"];

/** A C2B or result URL: a callback URL without the words Daraja blocks in those. */
export function unblockedCallbackUrl(value: unknown, field: string): string {
  const url = readCallbackUrl(value, field);
  if (REFUSED_WORDS.some((word) => url.toLowerCase().includes(word))) throw invalid(field);
  return url;
}
