// Paybill payments recorded by themselves (issue 35): a customer pays the paybill on the C2B
// stand-in with a quote number or an order's reference as the account, and Safaricom's validation
// and confirmation reach the worker. The quote is paid once, a replay changes nothing, half leaves a
// balance that the other half completes, more than due is flagged, and an ORD- reference pays its order.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { QuoteRow } from "../../src/db/document-tables.ts";
import type { OrderRow } from "../../src/db/schema.ts";
import { kesAmount } from "../../src/lib/kes.ts";
import { formatMoney } from "../../src/lib/money.ts";
import { accountReferenceOf } from "../../src/orders/order-reference.ts";
import { quotePagePath } from "../../src/paths.ts";
import { makeOrder, makeQuote } from "./support/factories.ts";
import { get } from "./support/html.ts";
import { currentRateX100 } from "./support/mpesa.ts";
import { linesOf, monthsOf, startPlan } from "./support/mpesa-plans.ts";
import {
  ACCEPTED,
  c2bRowOf,
  deliverBoth,
  deliverC2b,
  mailKindsOf,
  ordersOfQuote,
  paymentsOf,
  payOnStandin,
  replayOnStandin,
} from "./support/paybill.ts";
import { cartItem } from "./support/payment.ts";

const db = env.DB;
const quoteRow = (number: string) => db.prepare("SELECT * FROM quotes WHERE number = ?").bind(number).first<QuoteRow>();
const orderRow = (id: string) => db.prepare("SELECT * FROM orders WHERE order_id = ?").bind(id).first<OrderRow>();
const count = async (table: string) =>
  (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;

/** A one-off quote (two Network Assessments, no plan) and its shillings at the day's rate, as its page shows them. */
async function quoteWithShillings() {
  const quote = await makeQuote([cartItem("s1", { quantity: 2 })]);
  return { quote, kes: kesAmount(quote.due_cents, await currentRateX100()) };
}

describe("a paybill payment naming a quote", () => {
  it("pays the quote once: accepted, an M-Pesa order paid in shillings, the ledger line, the receipt, both e-mails", async () => {
    const { quote, kes } = await quoteWithShillings();
    // Typed on a phone: lower case, spaces around.
    const payment = await payOnStandin({
      amount: kes,
      account: ` ${quote.number.toLowerCase()} `,
      phone: "254712345126",
    });
    expect(payment.validation.body.MSISDN).toBe("2547 ***** 126");

    expect(await deliverBoth(payment)).toEqual([ACCEPTED, ACCEPTED]);

    const [order, ...others] = await ordersOfQuote(quote.number);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ status: "paid", provider: "mpesa", kes_amount: kes, total_cents: quote.due_cents });
    expect((await quoteRow(quote.number))?.accepted_order).toBe(order?.order_id);
    const lines = await paymentsOf(order?.order_id ?? "");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      payment_id: `c2b_${payment.transId}`,
      status: "paid",
      provider: "mpesa_paybill",
      reference: payment.transId,
      currency: "kes",
      amount_cents: kes * 100,
      phone: "2547 ***** 126",
      review_reason: null,
    });
    expect(lines[0]?.usd_cents).toBeGreaterThanOrEqual(quote.due_cents);
    expect(
      await db.prepare("SELECT number FROM receipts WHERE payment_id = ?").bind(`c2b_${payment.transId}`).first(),
    ).not.toBeNull();
    expect((await mailKindsOf(order?.order_id ?? "")).sort()).toEqual(["order-confirmed", "owner-new-order"]);
    expect(await c2bRowOf(payment.transId)).toMatchObject({
      status: "matched",
      target_kind: "quote",
      target_ref: quote.number,
      order_id: order?.order_id,
      amount_cents: kes * 100,
      bill_ref: quote.number.toLowerCase(),
      msisdn: "2547 ***** 126",
      payer_name: "AMINA",
      excess_cents: null,
    });
  }, 20_000);

  it("a replay of the confirmation changes nothing and is acknowledged", async () => {
    const { quote, kes } = await quoteWithShillings();
    const payment = await payOnStandin({ amount: kes, account: quote.number });
    await deliverBoth(payment);
    const before = await Promise.all(["orders", "payments", "receipts", "outbox", "c2b_payments"].map(count));

    const again = await replayOnStandin(payment.transId);
    expect(again.body.TransID).toBe(payment.transId);
    const res = await deliverC2b(again.url, again.body);
    expect([res.status, await res.json()]).toEqual([200, ACCEPTED]);
    // The same id in lower case is the same payment.
    await deliverC2b(again.url, { ...again.body, TransID: payment.transId.toLowerCase() });

    expect(await Promise.all(["orders", "payments", "receipts", "outbox", "c2b_payments"].map(count))).toEqual(before);
  }, 20_000);

  it("half the amount leaves a balance on the quote, and the other half completes it", async () => {
    const { quote, kes } = await quoteWithShillings();
    const half = Math.floor(kes / 2);
    expect(await deliverBoth(await payOnStandin({ amount: half, account: quote.number }))).toEqual([
      ACCEPTED,
      ACCEPTED,
    ]);

    const [order] = await ordersOfQuote(quote.number);
    expect(order?.status).toBe("pending");
    expect((await quoteRow(quote.number))?.accepted_at).toBeNull();
    expect(await mailKindsOf(order?.order_id ?? "")).toEqual([]);
    const page = await get(quotePagePath(quote.number, quote.access_key));
    expect(page.text).toContain(`The balance of KES ${(kes - half).toLocaleString("en-US")}.00`);

    // The rest, in a second payment: the quote's order takes it (validation accepts the part-paid quote).
    expect(await deliverBoth(await payOnStandin({ amount: kes - half, account: quote.number }))).toEqual([
      ACCEPTED,
      ACCEPTED,
    ]);
    expect(await ordersOfQuote(quote.number)).toHaveLength(1);
    expect((await orderRow(order?.order_id ?? ""))?.status).toBe("paid");
    expect((await quoteRow(quote.number))?.accepted_order).toBe(order?.order_id);
    expect(await paymentsOf(order?.order_id ?? "")).toHaveLength(2);
    expect((await mailKindsOf(order?.order_id ?? "")).sort()).toEqual(["order-confirmed", "owner-new-order"]);
  }, 30_000);

  it("more than due settles it and flags the excess for the owner, without holding the order", async () => {
    const { quote, kes } = await quoteWithShillings();
    const payment = await payOnStandin({ amount: kes + 500, account: quote.number });
    await deliverBoth(payment);
    const [order] = await ordersOfQuote(quote.number);
    expect(order?.status).toBe("paid");
    const [line] = await paymentsOf(order?.order_id ?? "");
    expect(line?.review_reason).toContain(formatMoney(50_000, "kes"));
    expect((await c2bRowOf(payment.transId))?.excess_cents).toBe(50_000);
    const notice = await db
      .prepare("SELECT kind, payload FROM outbox WHERE dedupe_key = ?")
      .bind(`owner-paybill-excess:${payment.transId}`)
      .first<{ kind: string; payload: string }>();
    expect(notice?.kind).toBe("owner-order-review");
    expect(JSON.parse(notice?.payload ?? "{}").details).toContainEqual(["Excess", formatMoney(50_000, "kes")]);
  }, 20_000);

  it("is refused at validation when the quote is paid or has expired", async () => {
    const { quote, kes } = await quoteWithShillings();
    await deliverBoth(await payOnStandin({ amount: kes, account: quote.number }));
    const again = await payOnStandin({ amount: kes, account: quote.number });
    expect(await (await deliverC2b(again.validation.url, again.validation.body)).json()).toEqual({
      ResultCode: "C2B00012",
      ResultDesc: "Rejected",
    });

    const old = await makeQuote([cartItem("s1")], {}, new Date(Date.now() - 40 * 86_400_000));
    const late = await payOnStandin({ amount: kes, account: old.number });
    expect((await (await deliverC2b(late.validation.url, late.validation.body)).json()) as unknown).toMatchObject({
      ResultCode: "C2B00012",
    });
  }, 20_000);
});

describe("a paybill payment naming an order's short reference", () => {
  it("pays the M-Pesa order whose prompt failed (ORD- and 8 characters of its reference)", async () => {
    const id = await makeOrder({
      order_id: `mp_${crypto.randomUUID().replaceAll("-", "")}`,
      order_ref: crypto.randomUUID(),
      provider: "mpesa",
      status: "payment_failed",
      total_cents: 2_000,
      kes_amount: 2_580,
      kes_rate_x100: 12_900,
      customer_email: `c2b-${crypto.randomUUID()}@example.co.ke`,
    });
    const order = await orderRow(id);
    const reference = accountReferenceOf(order as OrderRow);
    expect(reference).toMatch(/^ORD-[0-9A-F]{8}$/);
    const payment = await payOnStandin({ amount: 2_580, account: reference.toLowerCase() });
    expect(await deliverBoth(payment)).toEqual([ACCEPTED, ACCEPTED]);
    expect((await orderRow(id))?.status).toBe("paid");
    expect(await c2bRowOf(payment.transId)).toMatchObject({ status: "matched", target_kind: "order", target_ref: id });

    // Paid now: a further payment naming it is refused before M-Pesa takes the money.
    const more = await payOnStandin({ amount: 100, account: reference });
    expect(await (await deliverC2b(more.validation.url, more.validation.body)).json()).toMatchObject({
      ResultCode: "C2B00012",
    });
  }, 20_000);
});

describe("a paybill payment naming an M-Pesa plan (SUB-…)", () => {
  it("is handed to the plan: its next month paid, the ledger line the plan's, the C2B row pointing at it", async () => {
    const { plan, order } = await startPlan();
    // Paid up (its first month at checkout): a payment pays the next month ahead, at what the last cost.
    const due = (await monthsOf(plan.subscription_id))[0]?.kes_amount ?? 0;
    const payment = await payOnStandin({ amount: due, account: plan.reference.toLowerCase() });
    expect(await deliverBoth(payment)).toEqual([ACCEPTED, ACCEPTED]);
    expect((await monthsOf(plan.subscription_id)).map((m) => m.status)).toEqual(["paid", "paid"]);
    const line = (await linesOf(plan.subscription_id)).find((l) => l.reference === payment.transId);
    expect(line).toMatchObject({ payment_id: `c2b_${payment.transId}`, provider: "mpesa_paybill", status: "paid" });
    expect(await c2bRowOf(payment.transId)).toMatchObject({
      status: "matched",
      target_kind: "subscription",
      target_ref: plan.subscription_id,
      order_id: order.order_id,
    });
    // The same confirmation again: nothing more.
    await deliverC2b(payment.confirmation.url, payment.confirmation.body);
    expect((await linesOf(plan.subscription_id)).filter((l) => l.reference === payment.transId)).toHaveLength(1);
  }, 30_000);
});
