import { createScheduledController } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { addDays } from "../../../src/billing/mpesa-plan-dates.ts";
import type { MpesaPlanMonthRow, MpesaPlanRow } from "../../../src/db/mpesa-plan-tables.ts";
import type { MpesaRequestRow, OutboxRow, PaymentRow, SubscriptionRow } from "../../../src/db/schema.ts";
import worker from "../../../src/index.ts";
import {
  answerPrompt,
  deliver,
  orderByRef,
  postMpesa,
  refOf,
  requestsOf,
  SITE,
  shillingsFor,
  testPhone,
} from "./mpesa.ts";
import { cartItem, customer, testClientIp } from "./payment.ts";

export { addDays };

/** The Starter plan: $150.00 a month. */
export const STARTER_CENTS = 15_000;

export type PlanRow = SubscriptionRow & MpesaPlanRow;

/** The plan an order started (its subscription and M-Pesa rows), or null. */
export function planOfOrder(orderId: string): Promise<PlanRow | null> {
  return env.DB.prepare(
    `SELECT s.*, p.* FROM subscriptions s JOIN mpesa_plans p ON p.subscription_id = s.subscription_id
     WHERE s.order_id = ?`,
  )
    .bind(orderId)
    .first<PlanRow>();
}

export function planRow(subscriptionId: string): Promise<PlanRow | null> {
  return env.DB.prepare(
    `SELECT s.*, p.* FROM subscriptions s JOIN mpesa_plans p ON p.subscription_id = s.subscription_id
     WHERE s.subscription_id = ?`,
  )
    .bind(subscriptionId)
    .first<PlanRow>();
}

export async function monthsOf(subscriptionId: string): Promise<MpesaPlanMonthRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM mpesa_plan_months WHERE subscription_id = ? ORDER BY period_start",
  )
    .bind(subscriptionId)
    .all<MpesaPlanMonthRow>();
  return results;
}

/** The prompts sent for a plan (its reference is their AccountReference), oldest first. */
export async function planPrompts(reference: string): Promise<MpesaRequestRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM mpesa_requests WHERE account_reference = ? ORDER BY created_at, rowid",
  )
    .bind(reference)
    .all<MpesaRequestRow>();
  return results;
}

export async function linesOf(subscriptionId: string): Promise<PaymentRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM payments WHERE subscription_id = ? ORDER BY created_at")
    .bind(subscriptionId)
    .all<PaymentRow>();
  return results;
}

export async function mailsOf(orderId: string, kind?: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT * FROM outbox WHERE order_id = ? ${kind ? "AND kind = ?" : ""} ORDER BY id`,
  )
    .bind(...(kind ? [orderId, kind] : [orderId]))
    .all<OutboxRow>();
  return results;
}

/** A Nairobi day and time as the instant a Cron Trigger fires (Nairobi is UTC+3 all year). */
export const nairobiAt = (day: string, time = "09:05"): Date => new Date(`${day}T${time}:00+03:00`);

/** The 5-minute Cron Trigger, fired at a time the test chooses. */
export function runCron(at: Date): Promise<void> {
  return worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: at.getTime() }), env);
}

/** The phone answers a prompt on the stand-in, and Daraja's callback reaches the worker. */
export async function answer(request: Pick<MpesaRequestRow, "checkout_request_id">, resultCode: number) {
  const { callback, push } = await answerPrompt(request.checkout_request_id, resultCode);
  const res = await deliver(push.request.callbackUrl, callback);
  expect(res.status).toBe(200);
}

/**
 * A Starter plan bought at checkout by M-Pesa (with any one-off lines), its checkout prompt approved
 * on the stand-in: the order, its buyer and phone, and the plan it started.
 */
export async function startPlan(extra: { id: string; cents: number }[] = []) {
  const buyer = customer();
  const phone = testPhone();
  const cents = STARTER_CENTS + extra.reduce((sum, line) => sum + line.cents, 0);
  const kes = await shillingsFor(cents);
  const res = await postMpesa({
    services: [cartItem("pricing-starter"), ...extra.map((line) => cartItem(line.id))],
    customerInfo: buyer,
    phone: phone.typed,
    kesAmount: kes,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const order = await orderByRef(refOf(url));
  if (!order) throw new Error("no order recorded");
  const [request] = (await requestsOf(order.order_id)).results;
  if (!request) throw new Error("no prompt recorded");
  await answer(request, 0);
  const plan = await planOfOrder(order.order_id);
  if (!plan) throw new Error("no plan started");
  return { buyer, phone, order, request, kes, url, plan };
}

/** The day a plan's next month is due, and the days of its tries after it. */
export function dueDays(plan: Pick<MpesaPlanRow, "next_due_on">) {
  const due = plan.next_due_on;
  return { due, day2: addDays(due, 1), day3: addDays(due, 2), day5: addDays(due, 4), day6: addDays(due, 5) };
}

/** A plain form post from the site's own page (same origin), from a client address of its own unless given. */
export function postForm(path: string, fields: Record<string, string>, client = testClientIp()): Promise<Response> {
  return exports.default.fetch(`${SITE}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields).toString(),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: SITE,
      "Sec-Fetch-Site": "same-origin",
      "CF-Connecting-IP": client,
    },
  });
}

/** A GET from a client address of its own. */
export function getPage(path: string): Promise<Response> {
  return exports.default.fetch(`${SITE}${path}`, { headers: { "CF-Connecting-IP": testClientIp() } });
}
