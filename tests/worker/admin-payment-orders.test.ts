// Payments the owner records against an existing order (an M-Pesa order whose prompt failed and the
// buyer used the paybill; a further payment of a paid order), the form's refusals, what the Orders
// section and its CSV show, and the batch's own guards when a check before it is raced.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ordersCsv } from "../../src/admin/admin-csv.ts";
import { parseAdminQuery } from "../../src/admin/admin-query.ts";
import type { OrderRow, PaymentRow } from "../../src/db/schema.ts";
import { logger } from "../../src/http/log.ts";
import type { LedgerLine } from "../../src/payments/ledger.ts";
import { nairobiToday } from "../../src/payments/manual-payment-form.ts";
import { quoteAuditStatement } from "../../src/payments/manual-payment-queries.ts";
import { settlePayment } from "../../src/payments/settle-payment.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { makeOrder, makeQuote } from "./support/factories.ts";
import { textOf } from "./support/html.ts";

const db = env.DB;
const today = nairobiToday();
const reference = () => `QK${crypto.randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase()}`;

const payOrder = (order: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  postAsOwner(
    "/admin/payments",
    {
      order,
      method: "mpesa_paybill",
      amount: "19350",
      currency: "kes",
      reference: reference(),
      paid_on: today,
      ...fields,
    },
    headers,
  );

const orderRow = (id: string) => db.prepare("SELECT * FROM orders WHERE order_id = ?").bind(id).first<OrderRow>();
const paymentsOf = async (id: string) =>
  (await db.prepare("SELECT * FROM payments WHERE order_id = ?").bind(id).all<PaymentRow>()).results;
const mailKinds = async (id: string) =>
  (
    await db.prepare("SELECT kind FROM outbox WHERE order_id = ? ORDER BY id").bind(id).all<{ kind: string }>()
  ).results.map((m) => m.kind);
const counts = async () => {
  const row = await db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM orders) AS orders, (SELECT COUNT(*) FROM payments) AS payments,
         (SELECT COUNT(*) FROM admin_audit) AS audit, (SELECT COUNT(*) FROM receipts) AS receipts`,
    )
    .first();
  return row;
};

/** An M-Pesa order whose prompt failed: KES 19,350 at 129.00. */
const failedMpesaOrder = () =>
  makeOrder({
    order_id: `mp_${crypto.randomUUID().replaceAll("-", "")}`,
    provider: "mpesa",
    status: "payment_failed",
    kes_amount: 19_350,
    kes_rate_x100: 12_900,
    customer_email: `mpesa-${crypto.randomUUID()}@example.co.ke`,
  });

describe("recording a payment against an order", () => {
  it("makes a failed M-Pesa order paid, audits it on the order, issues a receipt and e-mails the buyer", async () => {
    const id = await failedMpesaOrder();
    const ref = reference();
    const res = await payOrder(id, { reference: ref });
    expect(res.status).toBe(303);
    expect(res.res.headers.get("Location")).toBe(`/admin/orders?q=${id}&recorded=1#order-${id}`);
    expect(await orderRow(id)).toMatchObject({ status: "paid", provider: "mpesa" });
    const [payment, ...others] = await paymentsOf(id);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({
      provider: "mpesa_paybill",
      reference: ref,
      amount_cents: 1_935_000,
      currency: "kes",
    });
    const receipt = await db
      .prepare("SELECT number FROM receipts WHERE payment_id = ?")
      .bind(payment?.payment_id)
      .first();
    expect(receipt?.number).toMatch(/^R-\d{4}-\d{5,}$/);
    expect(await mailKinds(id)).toEqual(["order-confirmed", "owner-new-order"]);

    const { document } = await openAsOwner(`/admin/orders?q=${id}`);
    const card = document.querySelector(`[data-order="${id}"]`);
    expect(card?.querySelector("[data-status]")?.getAttribute("data-status")).toBe("paid");
    expect(textOf(card?.querySelector("[data-provider]"))).toBe("M-Pesa · KES 19,350 at 129.00 KES/USD");
    expect(textOf(card?.querySelector("[data-audit]"))).toContain(`Recorded a payment by admin · M-Pesa paybill, `);
    expect(textOf(card?.querySelector("[data-audit]"))).toContain(`reference ${ref}`);
    expect(card?.querySelector(`[data-payment-id="${payment?.payment_id}"] a[data-receipt]`)).not.toBeNull();
  }, 20_000);

  it("takes a further payment of a paid order: it stays paid, gets its receipt, and the buyer is not e-mailed again", async () => {
    const id = await makeOrder({ status: "paid", paid_at: "2026-05-01T10:00:00.000Z" });
    const res = await payOrder(id, { method: "bank_transfer", currency: "usd", amount: "75.50" });
    expect(res.status).toBe(303);
    expect(await orderRow(id)).toMatchObject({ status: "paid", paid_at: "2026-05-01T10:00:00.000Z" });
    expect((await paymentsOf(id)).map((p) => [p.amount_cents, p.currency, p.usd_cents])).toEqual([[7550, "usd", null]]);
    expect(await mailKinds(id)).toEqual([]);
  }, 20_000);

  it("leaves an order held for review in review (the owner resolves it), the payment recorded", async () => {
    const id = await makeOrder({ status: "needs_review", review_reason: "Stripe reported 100 usd" });
    expect((await payOrder(id)).status).toBe(303);
    expect((await orderRow(id))?.status).toBe("needs_review");
    expect(await paymentsOf(id)).toHaveLength(1);
  }, 20_000);

  it("shows the owner's note and a payer's text escaped, its bidi controls as markers", async () => {
    const id = await failedMpesaOrder();
    const note = "<img src=x onerror=alert(1)> \u202Egnp.exe";
    expect((await payOrder(id, { note })).status).toBe(303);
    const { body, document } = await openAsOwner(`/admin/orders?q=${id}`);
    expect(body).not.toContain("<img src=x");
    const shown = document.querySelector(`[data-order="${id}"] [data-payment-note]`);
    expect(textOf(shown)).toContain("<img src=x onerror=alert(1)>");
    expect(shown?.querySelector("[data-bidi-marker]")?.getAttribute("data-bidi-marker")).toBe("RLO");
  }, 20_000);

  it("exports how each order was paid in the CSV", async () => {
    const id = await failedMpesaOrder();
    const csv = await new Response(ordersCsv(db, parseAdminQuery("orders", { q: id }))).text();
    const [, row] = csv.split("\r\n");
    expect(row?.endsWith(",M-Pesa,19350,129.00")).toBe(true);
  });
});

describe("the payment form's refusals", () => {
  it.each([
    ["a date in the future", { paid_on: "2999-01-01" }, "Write the day the money arrived"],
    ["a date before 2020", { paid_on: "2019-12-31" }, "Write the day the money arrived"],
    ["a date that does not exist", { paid_on: "2026-02-30" }, "Write the day the money arrived"],
    ["a paybill payment in USD", { currency: "usd" }, "An M-Pesa paybill payment is in KES"],
    ["no method", { method: "cash" }, "Choose how the money came in"],
    ["a currency of its own", { currency: "eur" }, "Choose the currency"],
    ["a zero amount", { amount: "0" }, "Write the amount received"],
    ["three decimals", { amount: "1.234" }, "Write the amount received"],
    ["a negative amount", { amount: "-5" }, "Write the amount received"],
    ["a reference too short", { reference: "ab" }, "Write the bank reference"],
    ["a reference too long", { reference: "A".repeat(41) }, "Write the bank reference"],
    ["a reference with markup", { reference: "<script>x</script>" }, "Write the bank reference"],
    ["a note over 500 characters", { note: "n".repeat(501) }, "A note is at most 500 characters"],
  ])("refuses %s (400) and writes nothing", async (_name, fields, says) => {
    const id = await failedMpesaOrder();
    const before = await counts();
    const res = await payOrder(id, fields);
    expect(res.status).toBe(400);
    expect(textOf(res.document.querySelector("h1"))).toBe("Payment not recorded");
    expect(textOf(res.document.querySelector("[role=status]"))).toContain(says);
    expect(textOf(res.document.querySelector("[role=status]"))).toContain("Nothing was saved.");
    expect(res.body).not.toContain("<script>x");
    expect(await counts()).toEqual(before);
    expect((await orderRow(id))?.status).toBe("payment_failed");
  });

  it("refuses a form naming no quote or order, or both (400), and an unknown one (404)", async () => {
    const id = await failedMpesaOrder();
    const quote = await makeQuote();
    expect((await payOrder("")).status).toBe(400);
    expect((await payOrder(id, { quote: quote.number })).status).toBe(400);
    expect((await payOrder("cs_test_unknown_order")).status).toBe(404);
    expect(
      (
        await postAsOwner("/admin/payments", {
          quote: "Q-2026-99998",
          method: "bank_transfer",
          amount: "10",
          currency: "usd",
          reference: reference(),
          paid_on: today,
        })
      ).status,
    ).toBe(404);
  });

  it.each([
    ["another site's Origin", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
    ["neither header (curl)", { Origin: "", "Sec-Fetch-Site": "" }],
    ["no credentials", { Authorization: "" }],
  ])("refuses a post with %s and writes nothing", async (_label, headers) => {
    const id = await failedMpesaOrder();
    const before = await counts();
    const res = await payOrder(id, {}, headers);
    expect(res.status).toBe("Authorization" in headers ? 401 : 403);
    expect(await counts()).toEqual(before);
  });
});

describe("the batch's own guards (when a check before it is raced)", () => {
  const recording = { actor: "admin", at: new Date().toISOString(), detail: "test" };
  const orderFor = (number: string) => {
    const orderRef = crypto.randomUUID();
    return {
      orderId: `mn_${orderRef.replaceAll("-", "")}`,
      orderRef,
      mode: "payment" as const,
      provider: "manual" as const,
      quoteNumber: number,
      customer: {
        name: "A",
        email: "a@example.com",
        phone: "",
        address: "",
        city: "",
        state: "",
        zip: "",
        country: "",
      },
      items: [
        {
          id: "s1",
          name: "Network Assessment",
          category: "Networking",
          unitAmountCents: 15000,
          quantity: 1,
          recurring: false,
        },
      ],
      totalCents: 15000,
    };
  };
  const line = (orderId: string, ref: string): LedgerLine => ({
    paymentId: `manual_${crypto.randomUUID()}`,
    orderId,
    subscriptionId: null,
    status: "paid",
    billingReason: "manual",
    periodStart: null,
    periodEnd: null,
    provider: "bank_transfer",
    amountCents: 15000,
    currency: "usd",
    reference: ref,
    paidOn: today,
    note: null,
    usdCents: null,
  });
  const context = { env, origin: "https://example.com", log: logger({ requestId: "test", path: "test" }) };
  /** What recordManualPayment settles for a quote, its audit row's guard included. */
  const recordQuotePayment = (order: ReturnType<typeof orderFor>, paid: LedgerLine) =>
    settlePayment(context, {
      channel: "recorded",
      order: { new: order },
      line: paid,
      settles: "when-covered",
      alongside: [quoteAuditStatement(order, recording)],
    });

  it("rolls back the order when the reference is already in the ledger, whatever its case", async () => {
    const ref = reference();
    const first = await makeQuote();
    const firstOrder = orderFor(first.number);
    await recordQuotePayment(firstOrder, line(firstOrder.orderId, ref));
    const second = await makeQuote();
    const secondOrder = orderFor(second.number);
    await expect(recordQuotePayment(secondOrder, line(secondOrder.orderId, ref.toLowerCase()))).rejects.toThrow();
    expect(await orderRow(secondOrder.orderId)).toBeNull();
  });

  it("rolls back the order and payment when the quote was accepted meanwhile", async () => {
    const quote = await makeQuote();
    const winner = orderFor(quote.number);
    await recordQuotePayment(winner, line(winner.orderId, reference()));
    const loser = orderFor(quote.number);
    await expect(recordQuotePayment(loser, line(loser.orderId, reference()))).rejects.toThrow();
    expect(await orderRow(loser.orderId)).toBeNull();
    expect(await paymentsOf(loser.orderId)).toEqual([]);
    expect(
      (await db.prepare("SELECT accepted_order FROM quotes WHERE number = ?").bind(quote.number).first())
        ?.accepted_order,
    ).toBe(winner.orderId);
  });
});
