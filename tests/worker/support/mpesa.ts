import { env, exports } from "cloudflare:workers";
import { inject } from "vitest";
import type { MpesaRequestRow, OrderRow } from "../../../src/db/schema.ts";
import { kesAmount } from "../../../src/lib/kes.ts";
import { jsonRequest, testClientIp } from "./payment.ts";

/** Daraja calls back only to https addresses, so the M-Pesa tests talk to the site over https. */
export const SITE = "https://example.com";
const MPESA_PAY_URL = `${SITE}/mpesa/pay`;
export const mpesaStandinUrl = () => inject("mpesaStandinUrl");

/** A Safaricom number of its own per test: each number may get only a few prompts an hour. */
export function testPhone(): { typed: string; normalised: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return { typed: `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`, normalised: `2547${digits}` };
}

/** The rate the tests run at: wrangler.toml's KES_PER_USD unless a test set the owner's. */
export async function currentRateX100(): Promise<number> {
  const row = await env.DB.prepare("SELECT value FROM settings WHERE key = 'kes_rate'").first<{ value: string }>();
  return Math.round(Number(row?.value ?? (env as unknown as { KES_PER_USD: string }).KES_PER_USD) * 100);
}

export async function shillingsFor(usdCents: number): Promise<number> {
  return kesAmount(usdCents, await currentRateX100());
}

export function postMpesa(body: unknown, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(MPESA_PAY_URL, jsonRequest(MPESA_PAY_URL, body, init));
}

export function orderByRef(ref: string): Promise<OrderRow | null> {
  return env.DB.prepare("SELECT * FROM orders WHERE order_ref = ?").bind(ref).first<OrderRow>();
}

export function requestsOf(sessionId: string): Promise<D1Result<MpesaRequestRow>> {
  return env.DB.prepare("SELECT * FROM mpesa_requests WHERE order_id = ? ORDER BY rowid").bind(sessionId).all();
}

/** The order reference in a waiting page's address (/mpesa/order/<ref>). */
export const refOf = (url: string): string => url.split("/").at(-1) ?? "";

type SettledPush = { callback: unknown; push: { request: { callbackUrl: string } } };

/** The buyer answers the prompt on the stand-in's phone; the callback is returned, not sent. */
export async function answerPrompt(checkoutRequestId: string, resultCode: number): Promise<SettledPush> {
  const res = await fetch(`${mpesaStandinUrl()}/__control/settle`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ checkoutRequestId, resultCode, send: false }),
  });
  if (!res.ok) throw new Error(`settle failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SettledPush;
}

/** Delivers a callback to the worker as Daraja would: to the URL the prompt named (any client address). */
export function deliver(callbackUrl: string, body: unknown): Promise<Response> {
  const path = new URL(callbackUrl).pathname;
  return exports.default.fetch(`${SITE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": testClientIp() },
    body: JSON.stringify(body),
  });
}

/** Opens an order's waiting page (or its status JSON) from a client of its own. */
export function openWaiting(ref: string, suffix = ""): Promise<Response> {
  return exports.default.fetch(`${SITE}/mpesa/order/${ref}${suffix}`, {
    headers: { "CF-Connecting-IP": testClientIp() },
  });
}
