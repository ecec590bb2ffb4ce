import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import type { OrderItemRow, OrderRow } from "../../../src/orders/orders.ts";
import { WORKER_WEBHOOK_SECRET } from "../../support/secrets.ts";
import { cartItem, customer, postPayment, standinUrl, testClientIp } from "./payment.ts";

export const SITE = "http://example.com";
export const WEBHOOK_URL = `${SITE}/stripe/webhook`;

/** Places an order through the real endpoint (normal stand-in); returns its session id and buyer. */
export async function placeOrder(ids: string[] = ["s1", "e1"]) {
  const info = customer();
  const res = await postPayment({ services: ids.map((id) => cartItem(id)), customerInfo: info });
  expect(res.status, res.text).toBe(200);
  const sessionId = res.json?.url?.match(/\/pay\/(cs_test_[A-Za-z0-9]+)$/)?.[1];
  if (!sessionId) throw new Error(`no session id in ${res.json?.url}`);
  return { sessionId, payUrl: res.json?.url ?? "", customer: info };
}

export function orderRow(sessionId: string): Promise<OrderRow | null> {
  return env.DB.prepare("SELECT * FROM orders WHERE order_id = ?").bind(sessionId).first<OrderRow>();
}

export async function orderItems(sessionId: string): Promise<OrderItemRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM order_items WHERE order_id = ? ORDER BY rowid")
    .bind(sessionId)
    .all<OrderItemRow>();
  return results;
}

export async function statusOf(sessionId: string): Promise<string | undefined> {
  return (await orderRow(sessionId))?.status;
}

/** A session id in Stripe's format that no stand-in ever issued. */
export function fakeSessionId(): string {
  return `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
}

type SessionFields = {
  id: string;
  status: string | null;
  payment_status: string | null;
  /** What Stripe charged: a claim of payment without them holds the order for review. */
  amount_total?: number | null;
  currency?: string | null;
};

/** A complete, paid session as Stripe reports it for the order as recorded (its total and currency). */
export async function paidSession(sessionId: string): Promise<SessionFields> {
  const order = await orderRow(sessionId);
  const figures = { amount_total: order?.total_cents ?? null, currency: order?.currency ?? null };
  return { id: sessionId, status: "complete", payment_status: "paid", ...figures };
}

/** A Checkout Session event body as Stripe sends it (the fields the site reads, and a few more). */
export function sessionEvent(type: string, session: SessionFields, eventId = `evt_test_${crypto.randomUUID()}`) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    data: { object: { object: "checkout.session", mode: "payment", ...session } },
  });
}

const encoder = new TextEncoder();

/**
 * Stripe's signature header, computed here with Web Crypto rather than by the SDK the worker uses,
 * so a mistake in how the worker verifies cannot hide behind the same mistake in how tests sign.
 */
export async function signature(
  payload: string,
  { secret = WORKER_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000) } = {},
): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`));
  const hex = [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `t=${timestamp},v1=${hex}`;
}

export type WebhookAnswer = { status: number; body: { received?: boolean; error?: string } | null };

/** POSTs a webhook body as Stripe does (no Origin, no cookies), with the given signature header. */
export async function deliver(payload: string, signatureHeader?: string | null): Promise<WebhookAnswer> {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
  if (signatureHeader) headers.set("Stripe-Signature", signatureHeader);
  const res = await exports.default.fetch(WEBHOOK_URL, { method: "POST", headers, body: payload });
  const text = await res.text();
  let body: WebhookAnswer["body"] = null;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

/** Signs with the configured secret and delivers. */
export async function deliverSigned(payload: string): Promise<WebhookAnswer> {
  return deliver(payload, await signature(payload));
}

export async function recordedEventCount(eventId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM stripe_events WHERE event_id = ?")
    .bind(eventId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** An event the normal stand-in signed (it records, the test replays: Node cannot reach workerd). */
export type StandinEvent = { id: string; type: string; sessionId: string; payload: string; signature: string };

export async function standinEvents(sessionId: string): Promise<StandinEvent[]> {
  const res = await fetch(`${standinUrl()}/__events`);
  const all = (await res.json()) as StandinEvent[];
  return all.filter((e) => e.sessionId === sessionId);
}

/** Pays a session on the stand-in's test page, as the buyer's click does. */
export async function payAtStandin(payUrl: string): Promise<Response> {
  const res = await fetch(payUrl, { method: "POST", redirect: "manual" });
  await res.arrayBuffer();
  return res;
}

/** A same-origin POST from the site's own page, from a client address of its own. */
export function sitePost(body: BodyInit, contentType: string, ip = testClientIp()): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": contentType, Origin: SITE, "CF-Connecting-IP": ip },
    body,
  };
}
