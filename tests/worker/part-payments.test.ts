// A recorded payment below what is due is a part payment (issue 32, finding 8): the order or quote
// stays unpaid with its balance, no "Order confirmed" goes out until the payments reach what is due,
// and exchange-rate rounding of at most KES 1 or $0.01 counts as paid.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { QuoteRow } from "../../src/db/document-tables.ts";
import type { OrderRow, PaymentRow } from "../../src/db/schema.ts";
import { kesAmount } from "../../src/lib/kes.ts";
import { quotePagePath } from "../../src/paths.ts";
import { nairobiToday } from "../../src/payments/manual-payment-form.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { makeOrder, makeQuote } from "./support/factories.ts";
import { textOf } from "./support/html.ts";
import { currentRateX100, refOf, requestsOf, SITE, testPhone } from "./support/mpesa.ts";
import { cartItem, testClientIp } from "./support/payment.ts";

const db = env.DB;
const reference = () => `PP${crypto.randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;

const record = (target: { order: string } | { quote: string }, amount: string, currency: "usd" | "kes") =>
  postAsOwner("/admin/payments", {
    ...target,
    method: currency === "kes" ? "mpesa_paybill" : "bank_transfer",
    amount,
    currency,
    reference: reference(),
    paid_on: nairobiToday(),
  });

const orderRow = (id: string) => db.prepare("SELECT * FROM orders WHERE order_id = ?").bind(id).first<OrderRow>();
const quoteRow = (number: string) => db.prepare("SELECT * FROM quotes WHERE number = ?").bind(number).first<QuoteRow>();
const ordersOfQuote = async (number: string) =>
  (await db.prepare("SELECT * FROM orders WHERE quote_number = ?").bind(number).all<OrderRow>()).results;
const paymentsOf = async (id: string) =>
  (await db.prepare("SELECT * FROM payments WHERE order_id = ?").bind(id).all<PaymentRow>()).results;
const mailKinds = async (id: string) =>
  (
    await db.prepare("SELECT kind FROM outbox WHERE order_id = ? ORDER BY id").bind(id).all<{ kind: string }>()
  ).results.map((m) => m.kind);

/** A $20.00 card order whose checkout expired: the buyer then paid by bank. */
const cardOrder = () =>
  makeOrder({ status: "expired", total_cents: 2_000, customer_email: `pp-${crypto.randomUUID()}@example.co.ke` });

/** An M-Pesa order of KES 2,580 ($20.00 at 129.00) whose prompt failed. */
const mpesaOrder = () =>
  makeOrder({
    order_id: `mp_${crypto.randomUUID().replaceAll("-", "")}`,
    order_ref: crypto.randomUUID(),
    provider: "mpesa",
    status: "payment_failed",
    total_cents: 2_000,
    kes_amount: 2_580,
    kes_rate_x100: 12_900,
    customer_email: `pp-${crypto.randomUUID()}@example.co.ke`,
  });

async function ordersPageFor(sessionId: string) {
  const page = await openAsOwner(`/admin/orders?q=${sessionId}`);
  return page.document.querySelector(`[data-order="${sessionId}"]`);
}

describe("a payment below what an order is due", () => {
  it("USD 0.01 against a $20 order leaves it unpaid with a $19.99 balance, and e-mails nobody", async () => {
    const id = await cardOrder();
    expect((await record({ order: id }, "0.01", "usd")).status).toBe(303);
    expect((await orderRow(id))?.status).toBe("expired");
    expect(await mailKinds(id)).toEqual([]);
    const card = await ordersPageFor(id);
    expect(textOf(card)).toContain("Part paid: $0.01 of $20.00 · balance $19.99");
    expect(card?.querySelector("[data-balance]")?.getAttribute("data-balance")).toBe("1999");
    // The form says, before the next submission, what is due and what a smaller amount does.
    expect(textOf(card?.querySelector("[data-due]"))).toContain(
      "Due: $20.00. Paid so far: $0.01. Balance: $19.99. A smaller amount is recorded as a part payment",
    );

    // The rest arrives: paid, and the buyer's confirmation goes out once.
    expect((await record({ order: id }, "19.99", "usd")).status).toBe(303);
    expect((await orderRow(id))?.status).toBe("paid");
    expect((await mailKinds(id)).sort()).toEqual(["order-confirmed", "owner-new-order"]);
    expect(await paymentsOf(id)).toHaveLength(2);
  }, 20_000);

  it("KES 1 against an M-Pesa order of KES 2,580 leaves it unpaid with a KES 2,579 balance", async () => {
    const id = await mpesaOrder();
    expect((await record({ order: id }, "1", "kes")).status).toBe(303);
    expect((await orderRow(id))?.status).toBe("payment_failed");
    expect(await mailKinds(id)).toEqual([]);
    expect(textOf(await ordersPageFor(id))).toContain("balance KES 2,579.00");
  }, 20_000);

  it("counts a shortfall of at most KES 1 or $0.01 as exchange-rate rounding, and no more", async () => {
    const kesShort = await mpesaOrder();
    await record({ order: kesShort }, "2,579", "kes");
    expect((await orderRow(kesShort))?.status).toBe("paid");

    const kesShorter = await mpesaOrder();
    await record({ order: kesShorter }, "2,578.99", "kes");
    expect((await orderRow(kesShorter))?.status).toBe("payment_failed");

    // A dollar payment of a shilling order counts at the order's own rate: $20.00 is KES 2,580.
    const dollars = await mpesaOrder();
    await record({ order: dollars }, "20.00", "usd");
    expect((await orderRow(dollars))?.status).toBe("paid");

    const centShort = await cardOrder();
    await record({ order: centShort }, "19.99", "usd");
    expect((await orderRow(centShort))?.status).toBe("paid");

    const twoCentsShort = await cardOrder();
    await record({ order: twoCentsShort }, "19.98", "usd");
    expect((await orderRow(twoCentsShort))?.status).toBe("expired");
  }, 30_000);

  it("a part-paid M-Pesa order is not prompted for the whole amount again", async () => {
    const id = await mpesaOrder();
    await record({ order: id }, "1,000", "kes");
    const ref = (await orderRow(id))?.order_ref ?? "";
    const res = await exports.default.fetch(`${SITE}/mpesa/order/${ref}/retry`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ phone: testPhone().typed, kes: "2580" }).toString(),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: SITE,
        "Sec-Fetch-Site": "same-origin",
        "CF-Connecting-IP": testClientIp(),
      },
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Part of this has already been paid");
    expect((await requestsOf(id)).results).toHaveLength(0);
  }, 20_000);
});

describe("a payment below what a quote is due", () => {
  it("makes its order but leaves both open; the next part goes to the same order and settles it", async () => {
    const quote = await makeQuote([cartItem("s1")]);
    expect(quote.due_cents).toBe(15_000);
    expect((await record({ quote: quote.number }, "50.00", "usd")).status).toBe(303);
    const [order, ...others] = await ordersOfQuote(quote.number);
    expect(others).toEqual([]);
    if (!order) throw new Error("no order");
    expect(order.status).toBe("pending");
    expect((await quoteRow(quote.number))?.accepted_at).toBeNull();
    expect(await mailKinds(order.order_id)).toEqual([]);

    // The owner's Quotes list and the buyer's page show what is left; paying online would charge it all.
    const listed = await openAsOwner(`/admin/quotes?q=${quote.number}`);
    expect(listed.text).toContain("Part paid: $50.00 of $150.00 · balance $100.00");
    const page = await exports.default.fetch(`${SITE}${quotePagePath(quote.number, quote.access_key)}`, {
      headers: { "CF-Connecting-IP": testClientIp() },
    });
    const html = await page.text();
    expect(html).toContain("Paid so far");
    expect(html).toContain("$100.00");
    expect(html).toContain('data-pay-online="part-paid"');
    expect(html).toContain("We have received $50.00 toward this quote. The balance of $100.00");
    expect(html).not.toContain('name="kes"');

    // M-Pesa Express refuses it too, and spends no prompt.
    const phone = testPhone();
    const mpesa = await exports.default.fetch(`${SITE}/mpesa/pay-quote`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({
        number: quote.number,
        key: quote.access_key,
        phone: phone.typed,
        kes: String(kesAmount(quote.due_cents, await currentRateX100())),
      }).toString(),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: SITE,
        "Sec-Fetch-Site": "same-origin",
        "CF-Connecting-IP": testClientIp(),
      },
    });
    expect(mpesa.status).toBe(409);
    expect(refOf(mpesa.headers.get("Location") ?? "")).toBe("");

    expect((await record({ quote: quote.number }, "100.00", "usd")).status).toBe(303);
    expect(await ordersOfQuote(quote.number)).toHaveLength(1);
    expect((await orderRow(order.order_id))?.status).toBe("paid");
    expect((await quoteRow(quote.number))?.accepted_order).toBe(order.order_id);
    expect((await mailKinds(order.order_id)).sort()).toEqual(["order-confirmed", "owner-new-order"]);
    expect(await paymentsOf(order.order_id)).toHaveLength(2);
  }, 30_000);

  it("two part payments of one quote posted at once make one order", async () => {
    const quote = await makeQuote([cartItem("s1")]);
    const answers = await Promise.all(Array.from({ length: 4 }, () => record({ quote: quote.number }, "10.00", "usd")));
    const recorded = answers.filter((a) => a.status === 303).length;
    expect(recorded).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 303 || a.status === 409)).toBe(true);
    const orders = await ordersOfQuote(quote.number);
    expect(orders).toHaveLength(1);
    expect(await paymentsOf(orders[0]?.order_id ?? "")).toHaveLength(recorded);
  }, 30_000);
});
