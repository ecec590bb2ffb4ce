// Refunds as the owner makes them (the form, its second look, the confirmation) and as the
// providers answer them: the Stripe stand-in's refunds and events, the Daraja stand-in's reversals.
import { env, exports } from "cloudflare:workers";
import { expect, inject } from "vitest";
import type { RefundRow } from "../../../src/db/refund-tables.ts";
import { TEST_MPESA_RESULT_PATH_SECRET } from "../../support/mpesa-standin-ports.ts";
import { openAsOwner, postAsOwner } from "./admin-forms.ts";
import { makeOrder, makePayment } from "./factories.ts";
import { queryAll } from "./html.ts";
import { deliver, payAtStandin, placeOrder, standinEvents } from "./orders.ts";
import { standinUrl, testClientIp } from "./payment.ts";

/** The second look of a refund: its status and the hidden fields its button posts. */
export async function reviewRefund(fields: Record<string, string>, site?: string) {
  const res = await postAsOwner("/admin/refunds", fields, {}, site);
  const form = queryAll(res.document, "form[action='/admin/refunds']").at(-1);
  const confirm: Record<string, string> = {};
  for (const input of form ? queryAll(form, "input[type=hidden]") : []) {
    confirm[input.getAttribute("name") ?? ""] = input.getAttribute("value") ?? "";
  }
  return { ...res, confirm };
}

/** Reviews then confirms a refund, as the owner's two clicks do; the confirmation's answer. */
export async function refundThroughForm(fields: Record<string, string>, site?: string) {
  const review = await reviewRefund(fields, site);
  expect(review.status, review.body.slice(0, 500)).toBe(200);
  return postAsOwner("/admin/refunds", review.confirm, {}, site);
}

export async function refundsOf(paymentId: string): Promise<RefundRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM refunds WHERE payment_id = ? ORDER BY created_at")
    .bind(paymentId)
    .all<RefundRow>();
  return results;
}

export async function mailsOf(orderId: string, kind = "refund-made") {
  const { results } = await env.DB.prepare("SELECT recipient, payload FROM outbox WHERE order_id = ? AND kind = ?")
    .bind(orderId, kind)
    .all<{ recipient: string; payload: string }>();
  return results;
}

/** The refund's page (after the confirmation's redirect): its status as the page says it. */
export async function refundPage(location: string) {
  const page = await openAsOwner(location);
  return { ...page, status: page.document.querySelector("[data-refund-status]")?.getAttribute("data-refund-status") };
}

type StandinRefunds = {
  refunds: { id: string; amount: number; paymentIntent: string; metadata: Record<string, string> }[];
  requests: { form: Record<string, string>; idempotencyKey: string | null; status: number }[];
};

/** What reached the Stripe stand-in for a payment intent: the POST /v1/refunds received, and the refunds made. */
export async function stripeRefunds(paymentIntent: string) {
  const all = (await (await fetch(`${standinUrl()}/__refunds`)).json()) as StandinRefunds;
  return {
    requests: all.requests.filter((r) => r.form.payment_intent === paymentIntent),
    refunds: all.refunds.filter((r) => r.paymentIntent === paymentIntent),
  };
}

/** A one-off card order paid on the stand-in and fulfilled by its events; its id and payment intent. */
export async function paidCardOrder() {
  const { sessionId, payUrl, customer } = await placeOrder(["s1"]);
  await payAtStandin(payUrl);
  const events = await standinEvents(sessionId);
  for (const e of events) expect((await deliver(e.payload, e.signature)).status).toBe(200);
  const completed = events.find((e) => e.type === "checkout.session.completed");
  const paymentIntent = (JSON.parse(completed?.payload ?? "{}") as { data: { object: { payment_intent: string } } })
    .data.object.payment_intent;
  return { orderId: sessionId, paymentIntent, customer };
}

/** The stand-in's charge.refunded events of an order, oldest first. */
export async function refundEvents(orderId: string) {
  return (await standinEvents(orderId)).filter((e) => e.type === "charge.refunded");
}

/** A refund made in Stripe's dashboard (the stand-in's control): the event it sends is not delivered. */
export async function refundInDashboard(paymentIntent: string, amount?: number) {
  const query = amount === undefined ? "" : `?amount=${amount}`;
  const res = await fetch(`${standinUrl()}/__payment_intents/${paymentIntent}/refund${query}`, { method: "POST" });
  return { status: res.status, body: (await res.json()) as { refund?: { id: string }; error?: { code: string } } };
}

/** An M-Pesa order paid in full (KES), with M-Pesa's receipt on its ledger line; the ids. */
export async function paidMpesaPayment(
  amountKes = 1_500,
  provider: "mpesa_express" | "mpesa_paybill" = "mpesa_express",
) {
  const receipt = `T${crypto.randomUUID().replaceAll("-", "").slice(0, 9).toUpperCase()}`;
  const orderId = await makeOrder({
    provider: "mpesa",
    status: "paid",
    customer_email: `buyer-${crypto.randomUUID()}@example.com`,
    kes_amount: amountKes,
    kes_rate_x100: 12950,
  });
  const paymentId = await makePayment({
    order_id: orderId,
    payment_id: `ws_CO_${crypto.randomUUID().replaceAll("-", "")}`,
    provider,
    reference: receipt,
    currency: "kes",
    amount_cents: amountKes * 100,
    phone: "254711222333",
  });
  return { orderId, paymentId, receipt };
}

type Reversal = { conversationId: string; originatorConversationId: string; request: Record<string, unknown> };

/** The Daraja stand-in's reversal asking to reverse this M-Pesa receipt. */
export async function reversalOf(receipt: string): Promise<Reversal | undefined> {
  const all = (await (await fetch(`${inject("mpesaStandinUrl")}/__reversals`)).json()) as Reversal[];
  return all.find((r) => r.request.transactionId === receipt);
}

/** Daraja's answer to a reversal, made by the stand-in and returned, not sent (Node cannot reach the worker). */
export async function answerReversal(conversationId: string, outcome: "succeed" | "fail" | "timeout", extra = {}) {
  const res = await fetch(`${inject("mpesaStandinUrl")}/__control/reversal`, {
    method: "POST",
    body: JSON.stringify({ conversationId, outcome, send: false, ...extra }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { url: string; body: unknown };
}

/** POSTs a body to the worker as Daraja would, at a path of ours (the stand-in's URL or a forged one). */
export function postToSite(pathOrUrl: string, body: unknown): Promise<Response> {
  const path = pathOrUrl.startsWith("http") ? new URL(pathOrUrl).pathname : pathOrUrl;
  return exports.default.fetch(`https://example.com${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": testClientIp() },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The reversal result address the worker configures. */
export const resultPath = (secret = TEST_MPESA_RESULT_PATH_SECRET) => `/payments/reversal/${secret}/result`;
