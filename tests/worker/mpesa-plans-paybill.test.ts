// What the paybill feature asks of M-Pesa plans (billing/mpesa-plan-payments.ts): the plan an account
// number names and what it owes, and a paybill payment credited to its month as a paid prompt is.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findMpesaPlanByAccount, payMpesaPlanMonth } from "../../src/billing/mpesa-plan-payments.ts";
import {
  answer,
  dueDays,
  linesOf,
  mailsOf,
  monthsOf,
  nairobiAt,
  planPrompts,
  planRow,
  runCron,
  startPlan,
} from "./support/mpesa-plans.ts";
import { workContext } from "./support/work-context.ts";

const transId = () => `T${crypto.randomUUID().replaceAll("-", "").slice(0, 9).toUpperCase()}`;

/** A plan whose second month the cron has opened and prompted (the buyer cancelled the prompt). */
async function planWithMonthDue() {
  const started = await startPlan();
  const { due } = dueDays(started.plan);
  await runCron(nairobiAt(due, "09:05"));
  const [prompt] = await planPrompts(started.plan.reference);
  await answer(prompt ?? { checkout_request_id: "" }, 1032);
  const month = (await monthsOf(started.plan.subscription_id))[1];
  if (!month) throw new Error("no month opened");
  return { ...started, month, due };
}

describe("findMpesaPlanByAccount", () => {
  it("names the plan by its reference in any case, with the month's balance, and nothing else", async () => {
    const { plan, month } = await planWithMonthDue();
    const found = { subscriptionId: plan.subscription_id, dueKes: month.kes_amount };
    expect(await findMpesaPlanByAccount(env.DB, plan.reference)).toEqual(found);
    expect(await findMpesaPlanByAccount(env.DB, ` ${plan.reference.toLowerCase()} `)).toEqual(found);
    for (const account of ["SUB-AAAAAAAA", "Q-2026-00001", "ORD-1234ABCD", `${plan.reference}1`, "", "' OR 1=1 --"]) {
      expect(await findMpesaPlanByAccount(env.DB, account), account).toBeNull();
    }
  }, 30_000);

  it("for a plan paid up, owes what its last month cost; for one cancelled, nothing", async () => {
    const { plan } = await startPlan();
    const [first] = await monthsOf(plan.subscription_id);
    expect(await findMpesaPlanByAccount(env.DB, plan.reference)).toEqual({
      subscriptionId: plan.subscription_id,
      dueKes: first?.kes_amount,
    });
    await env.DB.prepare("UPDATE subscriptions SET status = 'canceled' WHERE subscription_id = ?")
      .bind(plan.subscription_id)
      .run();
    expect(await findMpesaPlanByAccount(env.DB, plan.reference)).toBeNull();
  }, 30_000);
});

describe("payMpesaPlanMonth", () => {
  it("the month's exact amount pays it once: a receipt, the next due date a month on, and a replay records nothing", async () => {
    const { plan, month, order } = await planWithMonthDue();
    const id = transId();
    const payment = { transId: id, amountKes: month.kes_amount, phone: "2547 ***** 126", at: new Date().toISOString() };
    const paid = await payMpesaPlanMonth(workContext(), plan.subscription_id, payment);
    expect(paid).toMatchObject({ kind: "credited", monthPaid: true, balanceKes: 0, excessKes: 0 });
    const line = (await linesOf(plan.subscription_id)).find((l) => l.reference === id);
    expect(line).toMatchObject({
      payment_id: `c2b_${id}`,
      provider: "mpesa_paybill",
      billing_reason: "subscription_cycle",
      period_start: month.period_start,
      amount_cents: month.kes_amount * 100,
      review_reason: null,
    });
    const receipt = await env.DB.prepare("SELECT number FROM receipts WHERE payment_id = ?")
      .bind(`c2b_${id}`)
      .first<{ number: string }>();
    expect(receipt?.number).toMatch(/^R-/);
    expect(await planRow(plan.subscription_id)).toMatchObject({ next_due_on: month.period_end, status: "active" });

    const replays = await Promise.all(
      [1, 2].map(() => payMpesaPlanMonth(workContext(), plan.subscription_id, payment)),
    );
    expect(replays.map((r) => r.kind)).toEqual(["replay", "replay"]);
    expect(await linesOf(plan.subscription_id)).toHaveLength(2);
    expect(await mailsOf(order.order_id, "mpesa-plan-paid")).toHaveLength(1);
  }, 30_000);

  it("two deliveries of one payment at once record it once", async () => {
    const { plan, month } = await planWithMonthDue();
    const payment = { transId: transId(), amountKes: month.kes_amount, phone: null, at: new Date().toISOString() };
    await Promise.all([1, 2, 3].map(() => payMpesaPlanMonth(workContext(), plan.subscription_id, payment)));
    expect((await linesOf(plan.subscription_id)).filter((l) => l.reference === payment.transId)).toHaveLength(1);
    expect((await monthsOf(plan.subscription_id))[1]?.status).toBe("paid");
  }, 30_000);

  it("less than due leaves a balance the next payment (or prompt) completes; more is flagged for the owner", async () => {
    const { plan, month, order, due } = await planWithMonthDue();
    const at = new Date().toISOString();
    const part = await payMpesaPlanMonth(workContext(), plan.subscription_id, {
      transId: transId(),
      amountKes: 1000,
      phone: null,
      at,
    });
    expect(part).toMatchObject({ kind: "credited", monthPaid: false, balanceKes: month.kes_amount - 1000 });
    expect((await monthsOf(plan.subscription_id))[1]?.status).toBe("due");
    // The next try asks for the balance only.
    await runCron(nairobiAt(dueDays(plan).day2, "09:05"));
    const prompts = await planPrompts(plan.reference);
    expect(prompts.at(-1)?.amount_kes).toBe(month.kes_amount - 1000);
    expect(due).toBe(month.period_start);

    const over = await payMpesaPlanMonth(workContext(), plan.subscription_id, {
      transId: transId(),
      amountKes: month.kes_amount,
      phone: null,
      at,
    });
    expect(over).toMatchObject({ kind: "credited", monthPaid: true, excessKes: 1000 });
    const flagged = (await linesOf(plan.subscription_id)).filter((l) => l.review_reason !== null);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]?.review_reason).toContain("KES 1000 more than");
    expect(await mailsOf(order.order_id, "owner-mpesa-plan-review")).toHaveLength(1);
  }, 30_000);

  it("paid up, a payment pays the next month ahead, priced when it opens", async () => {
    const { plan } = await startPlan();
    const result = await payMpesaPlanMonth(workContext(), plan.subscription_id, {
      transId: transId(),
      amountKes: (await findMpesaPlanByAccount(env.DB, plan.reference))?.dueKes ?? 0,
      phone: null,
      at: new Date().toISOString(),
    });
    expect(result).toMatchObject({ kind: "credited", monthPaid: true, periodStart: plan.next_due_on });
    const months = await monthsOf(plan.subscription_id);
    expect(months.map((m) => m.status)).toEqual(["paid", "paid"]);
    expect((await planRow(plan.subscription_id))?.next_due_on).toBe(months[1]?.period_end);
    // Its due date comes, and nothing is asked.
    await runCron(nairobiAt(plan.next_due_on, "09:05"));
    expect(await planPrompts(plan.reference)).toHaveLength(0);
  }, 30_000);

  it("an unknown or cancelled plan takes nothing", async () => {
    const { plan } = await startPlan();
    const payment = { transId: transId(), amountKes: 100, phone: null, at: new Date().toISOString() };
    expect(await payMpesaPlanMonth(workContext(), "mps_00000000000000000000000000000000", payment)).toEqual({
      kind: "not-found",
    });
    await env.DB.prepare("UPDATE subscriptions SET status = 'canceled' WHERE subscription_id = ?")
      .bind(plan.subscription_id)
      .run();
    expect(await payMpesaPlanMonth(workContext(), plan.subscription_id, payment)).toEqual({ kind: "not-found" });
    expect(await linesOf(plan.subscription_id)).toHaveLength(1);
  }, 30_000);
});
