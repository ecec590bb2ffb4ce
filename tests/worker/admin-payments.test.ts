// Payments the owner records in the back office (POST /admin/payments): a bank transfer or an M-Pesa
// paybill payment against a quote (which becomes a paid order at its quoted prices, the quote
// accepted) or an order, each written in one batch with its audit row, then given its receipt and
// the buyer's e-mail. A reference is recorded once, whatever its case, however many posts race.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { QuoteRow } from "../../src/db/document-tables.ts";
import type { OrderItemRow, OrderRow, PaymentRow } from "../../src/db/schema.ts";
import { setKesRate } from "../../src/payments/kes-rate.ts";
import { nairobiToday } from "../../src/payments/manual-payment-form.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { makeQuote } from "./support/factories.ts";
import { queryAll, textOf } from "./support/html.ts";
import { cartItem } from "./support/payment.ts";

const db = env.DB;
const today = nairobiToday();

/** A reference no other test uses, in the shape banks print. */
const reference = () => `FT${crypto.randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase()}`;

const payQuote = (quote: string, fields: Record<string, string> = {}) =>
  postAsOwner("/admin/payments", {
    quote,
    method: "bank_transfer",
    amount: "1,500.00",
    currency: "usd",
    reference: reference(),
    paid_on: today,
    note: "",
    ...fields,
  });

const ordersOfQuote = async (number: string) =>
  (await db.prepare("SELECT * FROM orders WHERE quote_number = ?").bind(number).all<OrderRow>()).results;
const paymentsOf = async (sessionId: string) =>
  (await db.prepare("SELECT * FROM payments WHERE order_id = ?").bind(sessionId).all<PaymentRow>()).results;
const quoteRow = (number: string) => db.prepare("SELECT * FROM quotes WHERE number = ?").bind(number).first<QuoteRow>();
const count = async (table: string) =>
  (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;
const mailsOf = async (sessionId: string) =>
  (
    await db
      .prepare("SELECT kind, recipient, payload FROM outbox WHERE order_id = ? ORDER BY id")
      .bind(sessionId)
      .all<{ kind: string; recipient: string; payload: string }>()
  ).results;

describe("recording a bank transfer against a quote", () => {
  it("makes a paid order at the quoted lines and prices, accepts the quote, audits it, issues a receipt and e-mails the buyer", async () => {
    const quote = await makeQuote(undefined, { name: "Amina Otieno", company: "Otieno Logistics" });
    const ref = reference();
    const res = await payQuote(quote.number, {
      amount: (quote.due_cents / 100).toFixed(2),
      reference: ` ${ref} `,
      note: "Paid at Equity Bank, Moi Avenue",
    });
    expect(res.status).toBe(303);

    const [order, ...others] = await ordersOfQuote(quote.number);
    expect(others).toEqual([]);
    if (!order) throw new Error("no order");
    expect(res.res.headers.get("Location")).toBe(
      `/admin/orders?q=${order.order_id}&recorded=1#order-${order.order_id}`,
    );
    expect(order).toMatchObject({
      provider: "manual",
      status: "paid",
      mode: "payment",
      total_cents: quote.due_cents,
      currency: "usd",
      customer_name: "Amina Otieno",
      customer_email: quote.customer_email,
      customer_company: "Otieno Logistics",
      customer_phone: "",
      address: "",
      quote_number: quote.number,
      kes_amount: null,
    });
    expect(order.order_id).toMatch(/^mn_[0-9a-f]{32}$/);
    expect(order.order_ref).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(order.paid_at).not.toBeNull();
    const lines = (
      await db
        .prepare("SELECT * FROM order_items WHERE order_id = ? ORDER BY rowid")
        .bind(order.order_id)
        .all<OrderItemRow>()
    ).results;
    expect(lines.map((l) => [l.item_id, l.name, l.unit_amount_cents, l.quantity, l.recurring])).toEqual(
      quote.lines.map((l) => [l.item_id, l.name, l.unit_amount_cents, l.quantity, l.recurring]),
    );

    expect(await quoteRow(quote.number)).toMatchObject({ accepted_order: order.order_id });
    expect((await quoteRow(quote.number))?.accepted_at).not.toBeNull();

    const [payment] = await paymentsOf(order.order_id);
    expect(payment).toMatchObject({
      status: "paid",
      provider: "bank_transfer",
      billing_reason: "manual",
      reference: ref,
      paid_on: today,
      note: "Paid at Equity Bank, Moi Avenue",
      amount_cents: quote.due_cents,
      currency: "usd",
      usd_cents: null,
    });

    const audit = await db
      .prepare("SELECT * FROM admin_audit WHERE action = 'payment.recorded' AND subject_id = ?")
      .bind(quote.number)
      .all<{ actor: string; subject_kind: string; detail: string; at: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]).toMatchObject({
      actor: "admin",
      subject_kind: "quote",
      detail: `Bank transfer, $${(quote.due_cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}, reference ${ref}`,
      at: order.paid_at,
    });

    const receipt = await db
      .prepare("SELECT number FROM receipts WHERE payment_id = ?")
      .bind(payment?.payment_id)
      .first<{ number: string }>();
    expect(receipt?.number).toMatch(/^R-\d{4}-\d{5,}$/);

    const mails = await mailsOf(order.order_id);
    expect(mails.map((m) => m.kind)).toEqual(["order-confirmed", "owner-new-order"]);
    expect(mails[0]?.recipient).toBe(quote.customer_email);
    const data = JSON.parse(mails[0]?.payload ?? "{}");
    expect(data.payment).toEqual({ amountCents: quote.due_cents, currency: "usd", method: "bank transfer" });
    expect(data.receipt.number).toBe(receipt?.number);
    expect(data.receipt.url).toMatch(new RegExp(`^http://example\\.com/receipt/${receipt?.number}\\?k=[\\w-]+$`));

    // The owner lands on the order: paid through the owner's record, the ledger line with its receipt.
    const page = await openAsOwner(res.res.headers.get("Location") ?? "");
    expect(textOf(page.document.querySelector("[data-notice=recorded]"))).toContain("Payment recorded.");
    const card = page.document.querySelector(`[data-order="${order.order_id}"]`);
    expect(textOf(card?.querySelector("[data-provider]"))).toBe(`Recorded by owner · from quote ${quote.number}`);
    const line = card?.querySelector(`[data-payment-id="${payment?.payment_id}"]`);
    expect(textOf(line)).toContain(`bank transfer · recorded`);
    expect(textOf(line?.querySelector("[data-reference]"))).toBe(`ref. ${ref}`);
    expect(line?.querySelector("a[data-receipt]")?.getAttribute("href")).toBe(`/admin/receipts/${receipt?.number}`);

    // The quote shows it is accepted, links to its order, and offers no second payment form.
    const quotes = await openAsOwner(`/admin/quotes?q=${quote.number}`);
    const accepted = quotes.document.querySelector(`tbody[data-quote="${quote.number}"] [data-accepted]`);
    expect(textOf(accepted)).toMatch(/^Accepted \d{1,2} \w{3} \d{4} · see the order$/);
    expect(accepted?.querySelector("a")?.getAttribute("href")).toBe(
      `/admin/orders?q=${order.order_id}#order-${order.order_id}`,
    );
    expect(quotes.document.querySelector(`tbody[data-quote="${quote.number}"] form`)).toBeNull();
    expect(textOf(quotes.document.querySelector(`tbody[data-quote="${quote.number}"] [data-audit]`))).toContain(
      "Recorded a payment by admin",
    );
  }, 20_000);

  it("offers the form on an open quote, labelled, posting to /admin/payments", async () => {
    const quote = await makeQuote();
    const { document } = await openAsOwner(`/admin/quotes?q=${quote.number}`);
    const form = document.querySelector(`tbody[data-quote="${quote.number}"] form`);
    expect(form?.getAttribute("action")).toBe("/admin/payments");
    expect(form?.querySelector("input[name=quote]")?.getAttribute("value")).toBe(quote.number);
    for (const name of ["amount", "reference", "paid_on", "note", "currency"]) {
      const id = form?.querySelector(`[name=${name}]`)?.getAttribute("id");
      expect(textOf(form?.querySelector(`label[for="${id}"]`)), name).not.toBe("");
    }
    expect(queryAll(form as Element, "input[name=method]").map((i) => i.getAttribute("value"))).toEqual([
      "bank_transfer",
      "mpesa_paybill",
    ]);
    expect(form?.querySelector("input[name=paid_on]")?.getAttribute("max")).toBe(today);
  });

  it("refuses a quote that is already accepted (409): no second order", async () => {
    const quote = await makeQuote();
    expect((await payQuote(quote.number)).status).toBe(303);
    const again = await payQuote(quote.number);
    expect(again.status).toBe(409);
    expect(textOf(again.document.querySelector("[role=status]"))).toBe(
      `Quote ${quote.number} is already accepted, so no second order was made from it. Record the payment against its order instead. Nothing was saved.`,
    );
    expect(await ordersOfQuote(quote.number)).toHaveLength(1);
  });

  it("refuses a reference already recorded, whatever its case (409), and writes nothing", async () => {
    const first = await makeQuote();
    const second = await makeQuote();
    const ref = reference();
    expect((await payQuote(first.number, { reference: ref, amount: "1500", paid_on: "2026-03-02" })).status).toBe(303);
    const before = {
      orders: await count("orders"),
      payments: await count("payments"),
      audit: await count("admin_audit"),
    };

    const duplicate = await payQuote(second.number, { reference: ref.toLowerCase() });
    expect(duplicate.status).toBe(409);
    expect(textOf(duplicate.document.querySelector("[role=status]"))).toBe(
      `Reference ${ref} is already recorded (payment of $1,500.00 on 2 Mar 2026). Nothing was saved.`,
    );
    expect(duplicate.document.querySelector("a")?.getAttribute("href")).toBe(
      `/admin/quotes?q=${second.number}#quote-${second.number}`,
    );
    expect({
      orders: await count("orders"),
      payments: await count("payments"),
      audit: await count("admin_audit"),
    }).toEqual(before);
    expect((await quoteRow(second.number))?.accepted_at).toBeNull();
  });

  it("records one payment and one order when the same form is sent twice at once", async () => {
    const quote = await makeQuote();
    const form = { reference: reference() };
    const answers = await Promise.all([payQuote(quote.number, form), payQuote(quote.number, form)]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    const orders = await ordersOfQuote(quote.number);
    expect(orders).toHaveLength(1);
    expect(await paymentsOf(orders[0]?.order_id ?? "")).toHaveLength(1);
    const payments = await db
      .prepare("SELECT COUNT(*) AS n FROM payments WHERE reference = ?")
      .bind(form.reference)
      .first();
    expect(payments?.n).toBe(1);
    const audit = await db
      .prepare("SELECT COUNT(*) AS n FROM admin_audit WHERE action = 'payment.recorded' AND subject_id = ?")
      .bind(quote.number)
      .first();
    expect(audit?.n).toBe(1);
  }, 20_000);

  it("records a KES payment with its US dollar equivalent at the owner's rate", async () => {
    await setKesRate(env, 13000, "admin");
    const quote = await makeQuote([cartItem("s1")]);
    const res = await payQuote(quote.number, { method: "mpesa_paybill", currency: "kes", amount: "19,500.50" });
    expect(res.status).toBe(303);
    const [order] = await ordersOfQuote(quote.number);
    const [payment] = await paymentsOf(order?.order_id ?? "");
    // 19,500.50 KES at 130.00 KES/USD = $150.0038…: 15,000 cents, the quote's $150.00.
    expect(payment).toMatchObject({
      provider: "mpesa_paybill",
      amount_cents: 1_950_050,
      currency: "kes",
      usd_cents: 15_000,
    });
    expect(order?.status).toBe("paid");
    const page = await openAsOwner(res.res.headers.get("Location") ?? "");
    const line = page.document.querySelector(`[data-payment-id="${payment?.payment_id}"]`);
    expect(textOf(line)).toContain("KES 19,500.50 (≈ $150.00) · M-Pesa paybill");
    const data = JSON.parse((await mailsOf(order?.order_id ?? ""))[0]?.payload ?? "{}");
    expect(data.payment).toEqual({ amountCents: 1_950_050, currency: "kes", method: "M-Pesa paybill" });
  }, 20_000);
});
