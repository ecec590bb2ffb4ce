// The buyer's KRA PIN (issue 34): optional on every form that takes a buyer's details, refused with
// the issue's sentence before anything is charged, prompted or stored, kept upper-cased on the
// order and the quote, and carried from a quote to its order. The owner's side: kra-pin-owner.test.ts.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderRow } from "../../src/db/schema.ts";
import { kesAmount } from "../../src/lib/kes.ts";
import { nairobiToday } from "../../src/payments/manual-payment-form.ts";
import type { Quote } from "../../src/quotes/quote-numbers.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { postAsOwner } from "./support/admin-forms.ts";
import { makeQuote } from "./support/factories.ts";
import { currentRateX100, orderByRef, postMpesa, refOf, SITE, shillingsFor, testPhone } from "./support/mpesa.ts";
import { orderRow, placeOrder } from "./support/orders.ts";
import {
  cartItem,
  customer,
  expectSafeErrorBody,
  postPayment,
  refusedRequests,
  testClientIp,
} from "./support/payment.ts";
import { postQuote, postQuoteForm, quoteCustomer, storedQuote } from "./support/quotes.ts";

const MESSAGE = "Enter your KRA PIN like P051234567X, or leave it empty";
const db = env.DB;

// Quotes draw their PDF, and their e-mails draw it again in the queue's consumer.
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => freshLimiterWindow(3_000));

/** Too short, eight digits (lower case), nine characters, markup, far too long, and not text at all. */
const BAD_PINS: [string, unknown][] = [
  ["too short", "P05123"],
  ["lower case with a digit short", "p05123456x"],
  ["a letter, eight digits and a letter", "P05123456X"],
  ["markup", "<script>"],
  ["100 characters", "P".repeat(100)],
  ["a number", 51234567],
  ["two letters at the start", "PA51234567X"],
];

const ordersFor = async (email: string) =>
  (await db.prepare("SELECT COUNT(*) AS n FROM orders WHERE customer_email = ?").bind(email).first<{ n: number }>())
    ?.n ?? 0;
const quotesFor = async (email: string) =>
  (await db.prepare("SELECT COUNT(*) AS n FROM quotes WHERE customer_email = ?").bind(email).first<{ n: number }>())
    ?.n ?? 0;
const promptsTo = async (phone: string) =>
  (await db.prepare("SELECT COUNT(*) AS n FROM mpesa_requests WHERE phone = ?").bind(phone).first<{ n: number }>())
    ?.n ?? 0;

describe("the card payment (POST /create-custom-payment)", () => {
  const refusedPost = refusedRequests();

  it.each(BAD_PINS)("refuses a PIN that is %s: 400 with the sentence, no Stripe session, no order", async (_, pin) => {
    const info = { ...customer(), kraPin: pin };
    const res = await refusedPost({ services: [cartItem("e1")], customerInfo: info });
    expect(res.status).toBe(400);
    expectSafeErrorBody(res);
    expect(res.json?.issues).toEqual([{ path: "customerInfo.kraPin", message: MESSAGE }]);
    expect(res.json?.error).toBe(`Please correct your order details: ${MESSAGE}.`);
    expect(await ordersFor(info.email)).toBe(0);
  });
});

describe("a card order", () => {
  const order = async (kraPin: unknown) => {
    const info = { ...customer(), kraPin };
    const res = await postPayment({ services: [cartItem("e1")], customerInfo: info });
    expect(res.status, res.text).toBe(200);
    const sessionId = res.json?.url?.match(/\/pay\/(cs_test_[A-Za-z0-9]+)$/)?.[1] ?? "";
    return orderRow(sessionId);
  };

  it("keeps a PIN typed in lower case, with spaces around it, upper-cased", async () => {
    expect((await order("  p051234567x "))?.customer_kra_pin).toBe("P051234567X");
  });

  it.each([
    ["empty", ""],
    ["null", null],
  ])("keeps no PIN when it is %s, or not sent at all", async (_, kraPin) => {
    expect((await order(kraPin))?.customer_kra_pin).toBeNull();
    const { sessionId } = await placeOrder(["e1"]);
    expect((await orderRow(sessionId))?.customer_kra_pin).toBeNull();
  });
});

describe("a written quote (POST /quote)", () => {
  it.each(BAD_PINS)("refuses a PIN that is %s: 400 with the sentence, no quote stored", async (_, pin) => {
    const buyer = { ...quoteCustomer(), kraPin: pin };
    const res = await postQuote({ services: [cartItem("s1")], customer: buyer });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(json.issues).toEqual([{ path: "customer.kraPin", message: MESSAGE }]);
    expect(json.error).toBe(`Please correct the quote details: ${MESSAGE}.`);
    expect(await quotesFor(buyer.email)).toBe(0);
  });

  it("stores a lower-case PIN upper-cased, and an empty one as none", async () => {
    const withPin = await postQuote({
      services: [cartItem("s1")],
      customer: { ...quoteCustomer(), kraPin: "a123456789b" },
    });
    expect(withPin.status).toBe(200);
    expect((await storedQuote(withPin)).customer_kra_pin).toBe("A123456789B");
    const empty = await postQuote({ services: [cartItem("s1")], customer: { ...quoteCustomer(), kraPin: "" } });
    expect(empty.status).toBe(200);
    expect((await storedQuote(empty)).customer_kra_pin).toBeNull();
  });

  it("takes the PIN from the form posted without JavaScript, and refuses a bad one there too", async () => {
    const buyer = quoteCustomer();
    const fields = (kraPin: string): [string, string][] => [
      ["services", "s1"],
      ["name", buyer.name],
      ["email", buyer.email],
      ["kraPin", kraPin],
    ];
    const refused = await postQuoteForm(fields("P0512"));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(MESSAGE);
    expect(await quotesFor(buyer.email)).toBe(0);
    const made = await postQuoteForm(fields("p051234567x"));
    expect(made.status).toBe(200);
    expect((await storedQuote(made)).customer_kra_pin).toBe("P051234567X");
  });
});

describe("M-Pesa at checkout (POST /mpesa/pay)", () => {
  const pay = async (kraPin: unknown, phone = testPhone()) => {
    const info = { ...customer(), kraPin };
    const res = await postMpesa({
      services: [cartItem("s1")],
      customerInfo: info,
      phone: phone.typed,
      kesAmount: await shillingsFor(15_000),
    });
    return { res, info, phone };
  };

  it.each(BAD_PINS)("refuses a PIN that is %s: 400 with the sentence, no prompt, no order", async (_, pin) => {
    const { res, info, phone } = await pay(pin);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(json.issues).toEqual([{ path: "customerInfo.kraPin", message: MESSAGE }]);
    expect(json.error).toContain(MESSAGE);
    expect(await promptsTo(phone.normalised)).toBe(0);
    expect(await ordersFor(info.email)).toBe(0);
  });

  it("records the order with the PIN upper-cased", async () => {
    const { res } = await pay("p051234567x");
    expect(res.status).toBe(200);
    const order = await orderByRef(refOf(((await res.json()) as { url: string }).url));
    expect(order?.customer_kra_pin).toBe("P051234567X");
  });
});

/** A quote's M-Pesa form as its page posts it (the PIN field left out when `kraPin` is undefined). */
async function payQuoteByMpesa(quote: Quote, kraPin?: string) {
  const phone = testPhone();
  const fields: Record<string, string> = {
    number: quote.number,
    key: quote.access_key,
    phone: phone.typed,
    kes: String(kesAmount(quote.due_cents, await currentRateX100())),
    ...(kraPin === undefined ? {} : { kraPin }),
  };
  const res = await exports.default.fetch(`${SITE}/mpesa/pay-quote`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields).toString(),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: SITE,
      "Sec-Fetch-Site": "same-origin",
      "CF-Connecting-IP": testClientIp(),
    },
  });
  return { res, phone };
}

describe("an order made from a quote", () => {
  it("paid by M-Pesa, carries the quote's PIN; the form may correct or clear it", async () => {
    const quote = await makeQuote([cartItem("s1")], { kraPin: "p051234567x" });
    expect(quote.customer_kra_pin).toBe("P051234567X");
    const page = await exports.default.fetch(`${SITE}/quote/${quote.number}?k=${quote.access_key}`, {
      headers: { "CF-Connecting-IP": testClientIp() },
    });
    expect(await page.text()).toMatch(/name="kraPin"[^>]*value="P051234567X"|value="P051234567X"[^>]*name="kraPin"/);

    const cases: [string | undefined, string | null][] = [
      [undefined, "P051234567X"],
      ["a123456789b", "A123456789B"],
      ["", null],
    ];
    for (const [typed, stored] of cases) {
      const { res } = await payQuoteByMpesa(quote, typed);
      expect(res.status).toBe(303);
      const order = await orderByRef(refOf(res.headers.get("Location") ?? ""));
      expect(order?.customer_kra_pin).toBe(stored);
    }
  });

  it("paid by M-Pesa, refuses a bad PIN from the quote's form: 400, no prompt, no order", async () => {
    const quote = await makeQuote([cartItem("s1")]);
    const { res, phone } = await payQuoteByMpesa(quote, "P05123456X");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(MESSAGE);
    expect(await promptsTo(phone.normalised)).toBe(0);
    const orders = await db
      .prepare("SELECT COUNT(*) AS n FROM orders WHERE quote_number = ?")
      .bind(quote.number)
      .first();
    expect(orders?.n).toBe(0);
  });

  it("recorded by the owner, carries the quote's PIN", async () => {
    const quote = await makeQuote([cartItem("s1")], { kraPin: "P051234567X" });
    const res = await postAsOwner("/admin/payments", {
      quote: quote.number,
      method: "bank_transfer",
      amount: (quote.due_cents / 100).toFixed(2),
      currency: "usd",
      reference: `FT${crypto.randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase()}`,
      paid_on: nairobiToday(),
      note: "",
    });
    expect(res.status).toBe(303);
    const order = await db.prepare("SELECT * FROM orders WHERE quote_number = ?").bind(quote.number).first<OrderRow>();
    expect(order?.customer_kra_pin).toBe("P051234567X");
  });
});
