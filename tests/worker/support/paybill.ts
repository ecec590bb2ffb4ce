// Paybill payments (C2B) as Safaricom makes them: the site's URLs registered on the tests' C2B
// stand-in through our own Register URL client, a customer's payment made there (`send: false`:
// Node cannot reach the worker under test) and its validation and confirmation delivered to the
// worker as Daraja would, from a network of its own.
import { env, exports } from "cloudflare:workers";
import { inject } from "vitest";
import type { C2bPaymentRow } from "../../../src/db/c2b-tables.ts";
import type { OrderRow, PaymentRow } from "../../../src/db/schema.ts";
import { paybillC2bPaths } from "../../../src/paths.ts";
import { registerC2bUrls } from "../../../src/providers/daraja-c2b.ts";
import { TEST_MPESA_C2B_PATH_SECRET } from "../../support/mpesa-standin-ports.ts";
import { SITE } from "./mpesa.ts";
import { testClientIp } from "./payment.ts";

const c2bStandinUrl = () => inject("mpesaC2bStandinUrl");
export const C2B_PATHS = paybillC2bPaths(TEST_MPESA_C2B_PATH_SECRET);

type C2bCall = { url: string; body: Record<string, string> };
export type StandinPayment = { transId: string; validation: C2bCall; confirmation: C2bCall };

let registered: Promise<unknown> | null = null;

/** The site's C2B URLs, registered once per file on the C2B stand-in with the worker's own client. */
function registerSite(): Promise<unknown> {
  registered ??= registerC2bUrls(
    {
      MPESA_CONSUMER_KEY: env.MPESA_CONSUMER_KEY,
      MPESA_CONSUMER_SECRET: env.MPESA_CONSUMER_SECRET,
      MPESA_SHORTCODE: env.MPESA_SHORTCODE,
      MPESA_PASSKEY: env.MPESA_PASSKEY,
      MPESA_API_BASE: c2bStandinUrl(),
    },
    { validationUrl: `${SITE}${C2B_PATHS.validate}`, confirmationUrl: `${SITE}${C2B_PATHS.confirm}` },
  );
  return registered;
}

/** A Safaricom number of its own. */
const payerPhone = () => `2547${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** A customer pays the paybill on the stand-in: the validation and confirmation Safaricom would POST. */
export async function payOnStandin(payment: {
  amount: number;
  account: string;
  phone?: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
}): Promise<StandinPayment> {
  await registerSite();
  const res = await fetch(`${c2bStandinUrl()}/__c2b/pay`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ phone: payerPhone(), firstName: "AMINA", ...payment, send: false }),
  });
  if (!res.ok) throw new Error(`pay failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as StandinPayment;
}

/** Safaricom's confirmation again, as the stand-in replays it. */
export async function replayOnStandin(transId: string): Promise<C2bCall> {
  const res = await fetch(`${c2bStandinUrl()}/__c2b/replay`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ transId, send: false }),
  });
  if (!res.ok) throw new Error(`replay failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as StandinPayment).confirmation;
}

/** POSTs a C2B body to a URL's path on the worker, as Daraja does (JSON, a network of its own unless given). */
export function deliverC2b(url: string, body: unknown, ip = testClientIp()): Promise<Response> {
  return exports.default.fetch(`${SITE}${new URL(url).pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The validation then the confirmation, each answer's JSON. */
export async function deliverBoth(payment: StandinPayment): Promise<[unknown, unknown]> {
  const validation = await (await deliverC2b(payment.validation.url, payment.validation.body)).json();
  const confirmation = await (await deliverC2b(payment.confirmation.url, payment.confirmation.body)).json();
  return [validation, confirmation];
}

export const ACCEPTED = { ResultCode: "0", ResultDesc: "Accepted" };

export const c2bRowOf = (transId: string) =>
  env.DB.prepare("SELECT * FROM c2b_payments WHERE trans_id = ?").bind(transId).first<C2bPaymentRow>();

export async function ordersOfQuote(number: string): Promise<OrderRow[]> {
  return (await env.DB.prepare("SELECT * FROM orders WHERE quote_number = ?").bind(number).all<OrderRow>()).results;
}

export async function paymentsOf(orderId: string): Promise<PaymentRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM payments WHERE order_id = ? ORDER BY created_at")
    .bind(orderId)
    .all<PaymentRow>();
  return results;
}

export async function mailKindsOf(orderId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT kind FROM outbox WHERE order_id = ? ORDER BY id")
    .bind(orderId)
    .all<{ kind: string }>();
  return results.map((m) => m.kind);
}
