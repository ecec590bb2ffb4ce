// A monthly plan bought at checkout by M-Pesa (docs/mpesa-plans.md): the checkout prompt pays the
// first month (and the cart's one-off lines), and the payment starts the plan, ours to bill.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { anchorDayOf, nextDueOn } from "../../src/billing/mpesa-plan-dates.ts";
import { nairobiDay } from "../../src/lib/dates.ts";
import { kesAmount } from "../../src/lib/kes.ts";
import { eraseOrderRows } from "../../src/privacy/order-erasure-queries.ts";
import {
  answerPrompt,
  currentRateX100,
  deliver,
  openWaiting,
  orderByRef,
  postMpesa,
  refOf,
  requestsOf,
  shillingsFor,
  testPhone,
} from "./support/mpesa.ts";
import {
  answer,
  linesOf,
  mailsOf,
  monthsOf,
  planOfOrder,
  postForm,
  STARTER_CENTS,
  startPlan,
} from "./support/mpesa-plans.ts";
import { cartItem, customer } from "./support/payment.ts";

describe("a Starter plan bought by M-Pesa", () => {
  it("is a subscription with its reference and next due date once the checkout prompt is paid", async () => {
    const { order, plan, request, phone, kes, buyer, url } = await startPlan();
    const today = nairobiDay(new Date());
    const nextDue = nextDueOn(today, anchorDayOf(today));
    expect(order).toMatchObject({ mode: "subscription", provider: "mpesa", total_cents: STARTER_CENTS });
    expect(request.account_reference).toMatch(/^ORD-/);
    expect(plan).toMatchObject({
      status: "active",
      plan_id: "pricing-starter",
      plan_interval: "month",
      plan_amount_cents: STARTER_CENTS,
      customer_id: null,
      cancel_at_period_end: 0,
      phone: phone.normalised,
      next_due_on: nextDue,
      anchor_day: anchorDayOf(today),
    });
    expect(plan.reference).toMatch(/^SUB-[2-9A-HJKMNP-Z]{8}$/);
    expect(plan.subscription_id).toMatch(/^mps_[0-9a-f]{32}$/);
    expect(Date.parse(plan.current_period_end ?? "")).toBe(Date.parse(`${nextDue}T00:00:00+03:00`));

    const [month] = await monthsOf(plan.subscription_id);
    expect(month).toMatchObject({ period_start: today, period_end: nextDue, status: "paid", usd_cents: STARTER_CENTS });
    expect(month?.kes_amount).toBe(kes);
    const [line] = await linesOf(plan.subscription_id);
    expect(line).toMatchObject({
      payment_id: request.checkout_request_id,
      billing_reason: "subscription_create",
      period_start: today,
      period_end: nextDue,
      provider: "mpesa_express",
      amount_cents: kes * 100,
      currency: "kes",
    });
    const receipt = await env.DB.prepare("SELECT number FROM receipts WHERE payment_id = ?")
      .bind(request.checkout_request_id)
      .first<{ number: string }>();
    expect(receipt?.number).toMatch(/^R-\d{4}-\d{5,}$/);

    const mails = await mailsOf(order.order_id);
    expect(mails.map((m) => m.kind).sort()).toEqual(["mpesa-plan-started", "order-confirmed", "owner-new-order"]);
    const started = mails.find((m) => m.kind === "mpesa-plan-started");
    expect(started?.recipient).toBe(buyer.email);
    expect(JSON.parse(started?.payload ?? "{}")).toMatchObject({ reference: plan.reference, planName: "Starter" });
    expect((await (await openWaiting(refOf(url))).text()).includes("Payment received")).toBe(true);
  }, 30_000);

  it("with one-off services in the cart, the first payment takes them all and the plan bills the plan alone", async () => {
    const { plan, kes, request } = await startPlan([{ id: "s1", cents: 15_000 }]);
    expect(kes).toBe(await shillingsFor(STARTER_CENTS + 15_000));
    expect(request.amount_kes).toBe(kes);
    const [month] = await monthsOf(plan.subscription_id);
    expect(month?.kes_amount).toBe(kesAmount(STARTER_CENTS, await currentRateX100()));
    expect(plan.plan_amount_cents).toBe(STARTER_CENTS);
  }, 30_000);

  it("a replayed callback starts one plan, with one line and one set of e-mails", async () => {
    const buyer = customer();
    const phone = testPhone();
    const res = await postMpesa({
      services: [cartItem("pricing-starter")],
      customerInfo: buyer,
      phone: phone.typed,
      kesAmount: await shillingsFor(STARTER_CENTS),
    });
    const order = await orderByRef(refOf(((await res.json()) as { url: string }).url));
    const [request] = (await requestsOf(order?.order_id ?? "")).results;
    const { callback, push } = await answerPrompt(request?.checkout_request_id ?? "", 0);
    await Promise.all([1, 2, 3].map(() => deliver(push.request.callbackUrl, callback)));
    const { results } = await env.DB.prepare("SELECT * FROM subscriptions WHERE order_id = ?")
      .bind(order?.order_id)
      .all();
    expect(results).toHaveLength(1);
    const plan = await planOfOrder(order?.order_id ?? "");
    expect(await linesOf(plan?.subscription_id ?? "")).toHaveLength(1);
    expect(await monthsOf(plan?.subscription_id ?? "")).toHaveLength(1);
    expect(await mailsOf(order?.order_id ?? "", "mpesa-plan-started")).toHaveLength(1);
  }, 30_000);

  it("a failed checkout prompt starts nothing, and its retry (the plan still sold) starts the plan", async () => {
    const buyer = customer();
    const phone = testPhone();
    const kes = await shillingsFor(STARTER_CENTS);
    const res = await postMpesa({
      services: [cartItem("pricing-starter")],
      customerInfo: buyer,
      phone: phone.typed,
      kesAmount: kes,
    });
    const ref = refOf(((await res.json()) as { url: string }).url);
    const order = await orderByRef(ref);
    const [first] = (await requestsOf(order?.order_id ?? "")).results;
    if (!first) throw new Error("no prompt");
    await answer(first, 1);
    expect((await orderByRef(ref))?.status).toBe("payment_failed");
    expect(await planOfOrder(order?.order_id ?? "")).toBeNull();
    const retry = await postForm(`/mpesa/order/${ref}/retry`, { phone: phone.typed, kes: String(kes) });
    expect(retry.status).toBe(303);
    const [, second] = (await requestsOf(order?.order_id ?? "")).results;
    if (!second) throw new Error("the retry sent no prompt");
    await answer(second, 0);
    expect((await orderByRef(ref))?.status).toBe("paid");
    expect(await planOfOrder(order?.order_id ?? "")).toMatchObject({ status: "active", phone: phone.normalised });
  }, 30_000);

  it("refuses two plans, or two of one plan, before any prompt", async () => {
    const phone = testPhone();
    const two = await postMpesa({
      services: [cartItem("pricing-starter"), cartItem("pricing-business")],
      customerInfo: customer(),
      phone: phone.typed,
      kesAmount: await shillingsFor(STARTER_CENTS + 37_500),
    });
    expect(two.status).toBe(422);
    expect(((await two.json()) as { error: string }).error).toContain("keep one plan, quantity 1");
    const twice = await postMpesa({
      services: [cartItem("pricing-starter", { quantity: 2 })],
      customerInfo: customer(),
      phone: phone.typed,
      kesAmount: await shillingsFor(2 * STARTER_CENTS),
    });
    expect(twice.status).toBe(422);
    const prompts = await env.DB.prepare("SELECT COUNT(*) AS n FROM mpesa_requests WHERE phone = ?")
      .bind(phone.normalised)
      .first<{ n: number }>();
    expect(prompts?.n).toBe(0);
  });
});

describe("erasing a plan's order", () => {
  it("takes the plan's own rows with its subscription (nothing about the buyer is left behind)", async () => {
    const { plan, order } = await startPlan();
    await eraseOrderRows(env.DB, order.order_id);
    const left = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM mpesa_plans WHERE subscription_id = ?1)
        + (SELECT COUNT(*) FROM mpesa_plan_months WHERE subscription_id = ?1) AS n`,
    )
      .bind(plan.subscription_id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  }, 30_000);
});

describe("the month-end rule: each month is due on the day the plan started, or the month's last day", () => {
  it.each([
    ["2027-01-31", 31, "2027-02-28"],
    ["2027-02-28", 31, "2027-03-31"],
    ["2027-03-31", 31, "2027-04-30"],
    ["2028-01-31", 31, "2028-02-29"],
    ["2027-01-15", 15, "2027-02-15"],
    ["2027-12-31", 31, "2028-01-31"],
    ["2027-11-30", 30, "2027-12-30"],
  ])("after %s (anchor %i) comes %s", (start, anchor, next) => {
    expect(nextDueOn(start, anchor)).toBe(next);
  });
});
