import { beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app.ts";
import { adminReceiptPath, receiptPath } from "../../src/paths.ts";
import { issueReceipt, type ReceiptRef } from "../../src/receipts/issue-receipt.ts";
import { company } from "../../src/site/company-copy.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { envWith } from "./support/env.ts";
import { makeOrder, makePayment } from "./support/factories.ts";
import { nearlyTheKey } from "./support/keys.ts";
import { SITE } from "./support/orders.ts";
import { testClientIp } from "./support/payment.ts";
import { clearPaymentDetails, setPaymentDetails } from "./support/payment-details.ts";
import { money, open, paidPayment, receiptText, stored } from "./support/receipts.ts";
import { workContext } from "./support/work-context.ts";

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));

// Each receipt draws its PDF (fonts decoded on the first).
vi.setConfig({ testTimeout: 30_000 });

describe("what the receipt shows", () => {
  it("an M-Pesa payment: company, number, payer, KES amount with its USD worth, method, reference, lines", async () => {
    const sessionId = await makeOrder({
      customer_name: "Wanjiru Kamau",
      customer_company: "Kamau Hardware",
      customer_email: "wanjiru@example.co.ke",
      provider: "mpesa",
      order_ref: "ORD-7731",
      items: [
        { item_id: "s1", name: "Network Assessment", category: "Networking", unit_amount_cents: 15000, quantity: 2 },
      ],
    });
    const paymentId = await makePayment({
      order_id: sessionId,
      provider: "mpesa_express",
      amount_cents: 3_885_000,
      currency: "kes",
      usd_cents: 30000,
      reference: "NLJ7RT61SV",
      phone: "254712345678",
      paid_on: "2026-11-20",
    });
    const ref = await issueReceipt(workContext(), paymentId, { now: new Date("2026-11-21T08:00:00.000Z") });
    if (!ref) throw new Error("no receipt");
    const { pages, text } = await receiptText(ref);
    expect(pages).toHaveLength(1);
    for (const expected of [
      company.legalName,
      "Registration No. PVT-EY13PPMZ",
      company.registration,
      "RECEIPT",
      `Number ${ref.number}`,
      "Date issued 21 November 2026",
      "Paid on 20 November 2026",
      "RECEIVED FROM Wanjiru Kamau Kamau Hardware wanjiru@example.co.ke",
      `Amount received ${money(3_885_000, "kes")}`,
      "KES 38,850.00",
      `Equivalent to ${money(30000)}`,
      "Paid by M-Pesa Express",
      "Reference NLJ7RT61SV",
      "Order ORD-7731",
      "This is a payment receipt. It is not a KRA eTIMS tax invoice.",
      `${ref.number} · Page 1 of 1`,
    ]) {
      expect(text).toContain(expected);
    }
    // The line in the payment's own shillings (with its net and VAT first when the seller is registered).
    expect(text).toMatch(/Network Assessment Networking 2 (KES [\d,.]+ ){0,2}KES 38,850\.00/);
  });

  it("a card payment names Stripe and its payment id; a bank transfer its reference; no USD line for USD", async () => {
    const card = await paidPayment();
    const cardRef = await issueReceipt(workContext(), card);
    const cardText = (await receiptText(cardRef as ReceiptRef)).text;
    expect(cardText).toContain("Paid by Card, via Stripe");
    // An id longer than its column goes on over a second line, every character kept.
    expect(cardText.replace(/\s/g, "")).toContain(`Reference${card}`);
    expect(cardText).toContain(`Amount received ${money(15000)}`);
    expect(cardText).not.toContain("Equivalent to");

    const bank = await paidPayment({ provider: "bank_transfer", reference: "FT26325XK9", paid_on: "2026-11-02" });
    const bankText = (await receiptText((await issueReceipt(workContext(), bank)) as ReceiptRef)).text;
    expect(bankText).toContain("Paid by Bank transfer");
    expect(bankText).toContain("Reference FT26325XK9");
    // No account set by the owner: no "Paid to" line, never a placeholder.
    expect(bankText).not.toContain("Paid to");
    expect(bankText).not.toMatch(/\[[A-Z][a-z]+ [a-z]+\]/);
  });

  it("a bank transfer or paybill payment names the account it was paid to, as the owner has set it", async () => {
    await setPaymentDetails();
    const bank = await paidPayment({ provider: "bank_transfer", reference: "FT26325XK8", paid_on: "2026-11-02" });
    const bankText = (await receiptText((await issueReceipt(workContext(), bank)) as ReceiptRef)).text;
    // A value too long for its column goes on over a second line, every character kept.
    expect(bankText.replace(/\s/g, "")).toContain("PaidtoKenyaCommercialBank,account1234567890");
    const paybill = await paidPayment({ provider: "mpesa_paybill", currency: "kes", reference: "TK81XYZ123" });
    const paybillText = (await receiptText((await issueReceipt(workContext(), paybill)) as ReceiptRef)).text;
    expect(paybillText).toContain("Paid to Paybill 522522");
    await clearPaymentDetails();
  });

  it("a subscription's renewal names its reason and period, and the plan it renews", async () => {
    const sessionId = await makeOrder({
      mode: "subscription",
      items: [{ item_id: "pricing-business", name: "Business plan", category: "Managed IT", recurring: 1 }],
    });
    const paymentId = await makePayment({
      order_id: sessionId,
      subscription_id: "sub_test_receipt",
      billing_reason: "subscription_cycle",
      amount_cents: 45000,
      period_start: "2026-10-01T00:00:00.000Z",
      period_end: "2026-11-01T00:00:00.000Z",
    });
    const { text } = await receiptText((await issueReceipt(workContext(), paymentId)) as ReceiptRef);
    expect(text).toContain("Billed for Subscription: renewal Period 1 October 2026 to 1 November 2026");
    expect(text).toMatch(/Business plan Managed IT 1 .*per month/);
    expect(text).not.toContain("Network Assessment");
  });

  it("hostile words (control characters, RTL override, HTML, 5,000 characters) are drawn clipped and inert", async () => {
    const hostile = `<script>alert(1)</script>\u202Eevil\u0000\u0007\u001B[31m${"A".repeat(5000)}`;
    const sessionId = await makeOrder({ customer_name: hostile, customer_company: hostile });
    const paymentId = await makePayment({
      order_id: sessionId,
      provider: "bank_transfer",
      reference: `REF\u202E\u0000<b>${"9".repeat(5000)}`,
      note: `${"word ".repeat(1000)}<img src=x onerror=alert(1)>`,
    });
    const ref = await issueReceipt(workContext(), paymentId);
    if (!ref) throw new Error("no receipt");
    const { pages, text } = await receiptText(ref);
    expect(pages).toHaveLength(1);
    expect(text).toContain("<script>alert(1)</script>evil");
    // The NUL is drawn as a space, the override as nothing.
    expect(text).toContain("Reference REF <b>999");
    expect(text).toContain("Note word word");
    expect(text).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    expect(text).not.toContain("A".repeat(120));
    expect(text).not.toContain("9".repeat(120));
    expect(text).not.toContain("onerror");
    expect(text.length).toBeLessThan(3000);
  });
});

function expectPrivate(res: Response) {
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("X-Robots-Tag")).toMatch(/^noindex/);
  expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
}

describe("GET /receipt/<number>?k=<key>", () => {
  it("the right key gets the stored PDF, inline, named after the receipt, never cached", async () => {
    const ref = (await issueReceipt(workContext(), await paidPayment())) as ReceiptRef;
    const res = await open(ref.path);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`inline; filename="receipt-${ref.number}.pdf"`);
    expectPrivate(res);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual((await stored(ref.number))?.bytes);
  });

  it("a wrong key, an unknown number and a malformed one get the same 404", async () => {
    const ref = (await issueReceipt(workContext(), await paidPayment())) as ReceiptRef;
    const paths = [
      receiptPath(ref.number, nearlyTheKey(ref.accessKey)),
      receiptPath(ref.number, ""),
      `/receipt/${ref.number}`,
      receiptPath("R-2999-99999", ref.accessKey),
      receiptPath("R-2026-0001", ref.accessKey),
      receiptPath("Q-2026-00001", ref.accessKey),
      receiptPath(ref.number, "k".repeat(101)),
    ];
    const answers = await Promise.all(paths.map((path) => open(path)));
    const bodies = await Promise.all(answers.map((res) => res.text()));
    expect(answers.map((res) => res.status)).toEqual(paths.map(() => 404));
    for (const res of answers) expectPrivate(res);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).not.toContain(ref.number);
  });

  it("answers 429 with Retry-After once the client is over QUOTE_VIEW_LIMITER, before reading the receipt", async () => {
    const ref = (await issueReceipt(workContext(), await paidPayment())) as ReceiptRef;
    const limited = envWith({ QUOTE_VIEW_LIMITER: { limit: async () => ({ success: false }) } });
    const res = await createApp().fetch(
      new Request(`${SITE}${ref.path}`, { headers: { "CF-Connecting-IP": testClientIp() } }),
      limited,
    );
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("60");
    expectPrivate(res);
    expect(await res.text()).not.toContain(ref.number);
  });
});

describe("GET /admin/receipts/<number>", () => {
  const signedIn = () => {
    const bytes = new TextEncoder().encode(`admin:${WORKER_ADMIN_PASSWORD}`);
    return { Authorization: `Basic ${btoa(String.fromCharCode(...bytes))}` };
  };

  it("asks for sign-in, then serves the owner the same PDF; an unknown number is a 404", async () => {
    const ref = (await issueReceipt(workContext(), await paidPayment())) as ReceiptRef;
    const anonymous = await open(adminReceiptPath(ref.number));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("Content-Type")).not.toBe("application/pdf");

    const owner = await open(adminReceiptPath(ref.number), { headers: signedIn() });
    expect(owner.status).toBe(200);
    expect(owner.headers.get("Content-Type")).toBe("application/pdf");
    expect(owner.headers.get("Cache-Control")).toBe("no-store");
    expect(new Uint8Array(await owner.arrayBuffer())).toEqual((await stored(ref.number))?.bytes);

    expect((await open(adminReceiptPath("R-2999-99999"), { headers: signedIn() })).status).toBe(404);
  });
});
