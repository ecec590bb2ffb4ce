// The stand-in's C2B: Daraja's Register URL (v1 and v2), checked field by field as Daraja documents
// it, and test controls standing in for a customer who pays the paybill (no token needed):
//   POST /__c2b/pay {amount, account, phone, firstName?, middleName?, lastName?, shortCode?, validate?, send?}
//   POST /__c2b/replay {transId, send?}     the confirmation again, as Safaricom may send it twice
//   GET  /__c2b/transactions, GET /__c2b/registrations
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, sendJson } from "../stripe-standin/http.ts";
import { type C2bRegistration, type C2bStore, deliverC2b, payPaybill } from "./c2b.ts";
import {
  DarajaError,
  darajaRequestId,
  invalid,
  jsonObject,
  MAX_AMOUNT_KES,
  SAFARICOM_PHONE,
  SHORTCODE,
  unblockedCallbackUrl,
} from "./daraja.ts";

const REGISTER_PATH = /^\/mpesa\/c2b\/(v1|v2)\/registerurl$/;
const REGISTER_FIELDS = ["ShortCode", "ResponseType", "ConfirmationURL", "ValidationURL"];

export type C2bOptions = {
  /** Production's rule: a shortcode's URLs are registered once (sandbox: any number of times). */
  registerOnce?: boolean;
  /** How long Safaricom waits for our validation (about 8 s); past it ResponseType decides. */
  validationTimeoutMs?: number;
};

/** Daraja's answer to a call on a C2B path; null when the path is not C2B's. */
export function c2bDarajaRoute(
  store: C2bStore,
  options: C2bOptions,
  call: { method: string; path: string; text: string; authenticate: () => void },
): { status: number; body: unknown } | null {
  const version = REGISTER_PATH.exec(call.path)?.[1];
  if (!version || call.method !== "POST") return null;
  call.authenticate();
  const registration = readRegistration(jsonObject(call.text), version as "v1" | "v2");
  if (options.registerOnce && store.registrations.has(registration.shortCode)) {
    throw new DarajaError(500, "500.003.1001", "Urls are already registered");
  }
  store.registrations.set(registration.shortCode, registration);
  const id = `${darajaRequestId().replaceAll("-", "")}${Date.now()}`;
  return { status: 200, body: { OriginatorCoversationID: id, ResponseCode: "0", ResponseDescription: "Success" } };
}

function readRegistration(body: Record<string, unknown>, version: "v1" | "v2"): C2bRegistration {
  const unknown = Object.keys(body).find((key) => !REGISTER_FIELDS.includes(key));
  if (unknown) throw new DarajaError(400, "400.002.02", `Bad Request - Unknown field ${unknown.slice(0, 40)}`);
  const code = typeof body.ShortCode === "number" ? String(body.ShortCode) : body.ShortCode;
  if (typeof code !== "string" || !SHORTCODE.test(code)) throw invalid("ShortCode");
  // Sentence case and well spelled, Daraja insists.
  if (body.ResponseType !== "Completed" && body.ResponseType !== "Cancelled") throw invalid("ResponseType");
  return {
    shortCode: code,
    responseType: body.ResponseType,
    confirmationUrl: unblockedCallbackUrl(body.ConfirmationURL, "ConfirmationURL"),
    validationUrl: unblockedCallbackUrl(body.ValidationURL, "ValidationURL"),
    version,
    registeredAt: new Date().toISOString(),
  };
}

class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

type Params = Record<string, unknown>;

const text = (params: Params, name: string, max: number): string => {
  const value = params[name] ?? "";
  if (typeof value !== "string" || value.length > max)
    throw new ControlError(400, `${name} must be text of at most ${max} characters.`);
  return value;
};

function registrationFor(store: C2bStore, params: Params): C2bRegistration {
  const wanted = params.shortCode;
  const registration =
    typeof wanted === "string" ? store.registrations.get(wanted) : [...store.registrations.values()].at(-1);
  if (!registration)
    throw new ControlError(409, "No C2B URLs are registered (for that shortcode): register them first.");
  return registration;
}

async function pay(store: C2bStore, options: C2bOptions, params: Params): Promise<unknown> {
  const { amount, phone, validate, send } = params;
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 1 || amount > MAX_AMOUNT_KES) {
    throw new ControlError(400, `amount must be whole shillings from 1 to ${MAX_AMOUNT_KES}.`);
  }
  if (typeof phone !== "string" || !SAFARICOM_PHONE.test(phone))
    throw new ControlError(400, "phone must be 2547…/2541…, 12 digits.");
  const registration = registrationFor(store, params);
  const payer = {
    phone,
    firstName: text(params, "firstName", 200),
    middleName: text(params, "middleName", 200),
    lastName: text(params, "lastName", 200),
  };
  const account = text(params, "account", 1000);
  if (send === false) {
    // Bodies only (a worker under test cannot be reached from Node): the test delivers them itself.
    const transaction = store.create(registration, amount, account, payer);
    store.complete(transaction, registration, "");
    return transaction;
  }
  const timeoutMs = options.validationTimeoutMs ?? 8_000;
  return payPaybill(store, registration, { amount, account, payer, validate: validate !== false, timeoutMs });
}

async function replay(store: C2bStore, params: Params): Promise<unknown> {
  const transaction = typeof params.transId === "string" ? store.transactions.get(params.transId) : undefined;
  if (!transaction?.confirmation) throw new ControlError(404, `No confirmed payment ${String(params.transId)}.`);
  if (params.send === false) return transaction;
  return { transaction, delivery: await deliverC2b(transaction, transaction.confirmation, 10_000) };
}

/** Answers one of the C2B test controls; false when the request is none of them. */
export async function c2bControlRoute(
  store: C2bStore,
  options: C2bOptions,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  if (req.method === "GET" && url.pathname === "/__c2b/transactions") {
    sendJson(res, 200, [...store.transactions.values()]);
    return true;
  }
  if (req.method === "GET" && url.pathname === "/__c2b/registrations") {
    sendJson(res, 200, [...store.registrations.values()]);
    return true;
  }
  const run = req.method === "POST" && url.pathname === "/__c2b/pay" ? pay : undefined;
  const again = req.method === "POST" && url.pathname === "/__c2b/replay";
  if (!run && !again) return false;
  try {
    let params: unknown;
    try {
      params = JSON.parse((await readBody(req)) || "{}");
    } catch {
      throw new ControlError(400, "The body is not JSON.");
    }
    if (typeof params !== "object" || params === null) throw new ControlError(400, "The body is not a JSON object.");
    sendJson(res, 200, run ? await run(store, options, params as Params) : await replay(store, params as Params));
  } catch (err) {
    if (!(err instanceof ControlError)) throw err;
    sendJson(res, err.status, { error: err.message });
  }
  return true;
}
