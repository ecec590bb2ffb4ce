// Every way money comes in goes through one settlePayment (issue 33): a card checkout, a
// subscription invoice, M-Pesa Express and a payment the owner records each settle through it (its
// log line names the channel), and no other module writes the payments ledger.
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nairobiToday } from "../../src/payments/manual-payment-form.ts";
import { postAsOwner } from "./support/admin-forms.ts";
import {
  event,
  FIRST_INVOICE_CENTS,
  invoiceObject,
  ledger,
  seedSubscriptionOrder,
  send,
  subscriptionObject,
} from "./support/billing.ts";
import { makeOrder } from "./support/factories.ts";
import {
  answerPrompt,
  deliver as deliverCallback,
  orderByRef,
  postMpesa,
  refOf,
  requestsOf,
  shillingsFor,
  testPhone,
} from "./support/mpesa.ts";
import { deliverSigned, paidSession, placeOrder, sessionEvent } from "./support/orders.ts";
import { cartItem, customer } from "./support/payment.ts";

const sources = import.meta.glob<string>("../../src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });

type Settled = { message: string; channel: string; orderId: string; paymentId?: string; becamePaid: boolean };

/** The "Payment settled" lines the worker logged while `work` ran. */
async function settlements(work: () => Promise<void>): Promise<Settled[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return lines
    .map((line) => {
      try {
        return JSON.parse(line) as Settled;
      } catch {
        return null;
      }
    })
    .filter((line): line is Settled => line?.message === "Payment settled");
}

afterEach(() => vi.restoreAllMocks());

describe("one settlePayment for every way money comes in", () => {
  it("a card checkout", async () => {
    const { sessionId } = await placeOrder(["s1"]);
    const settled = await settlements(async () => {
      const res = await deliverSigned(sessionEvent("checkout.session.completed", await paidSession(sessionId)));
      expect(res.status).toBe(200);
    });
    expect(settled).toEqual([expect.objectContaining({ channel: "card", orderId: sessionId, becamePaid: true })]);
  });

  it("a subscription's invoice", async () => {
    const order = await seedSubscriptionOrder();
    await send(event("customer.subscription.created", subscriptionObject(order)));
    const invoice = invoiceObject(order, `in_settle_${order.orderRef.slice(0, 8)}`, {
      billing_reason: "subscription_create",
      amount: FIRST_INVOICE_CENTS,
    });
    const settled = await settlements(async () => {
      expect((await send(event("invoice.paid", invoice))).status).toBe(200);
    });
    expect(settled).toEqual([
      expect.objectContaining({
        channel: "invoice",
        orderId: order.sessionId,
        paymentId: invoice.id,
        becamePaid: false,
      }),
    ]);
    expect((await ledger(order.sessionId)).map((p) => p.payment_id)).toEqual([invoice.id]);
  });

  it("M-Pesa Express", async () => {
    const phone = testPhone();
    const res = await postMpesa({
      services: [cartItem("s1")],
      customerInfo: customer(),
      phone: phone.typed,
      kesAmount: await shillingsFor(15_000),
    });
    const order = await orderByRef(refOf(((await res.json()) as { url: string }).url));
    const [request] = (await requestsOf(order?.order_id ?? "")).results;
    const { callback, push } = await answerPrompt(request?.checkout_request_id ?? "", 0);
    const settled = await settlements(async () => {
      expect((await deliverCallback(push.request.callbackUrl, callback)).status).toBe(200);
    });
    expect(settled).toEqual([
      expect.objectContaining({ channel: "mpesa", orderId: order?.order_id, becamePaid: true }),
    ]);
  });

  it("a payment the owner records", async () => {
    const id = await makeOrder({ status: "expired", total_cents: 2_000 });
    const settled = await settlements(async () => {
      const res = await postAsOwner("/admin/payments", {
        order: id,
        method: "bank_transfer",
        amount: "20.00",
        currency: "usd",
        reference: `ST${crypto.randomUUID().slice(0, 8)}`,
        paid_on: nairobiToday(),
      });
      expect(res.status).toBe(303);
    });
    expect(settled).toEqual([expect.objectContaining({ channel: "recorded", orderId: id, becamePaid: true })]);
  });

  it("adds lines to the payments ledger from payments/ledger.ts alone", () => {
    const writers = Object.entries(sources)
      .filter(([, text]) => /\binsert\(payments\)|INSERT INTO payments\b/.test(text))
      .map(([path]) => path.replace(/^(\.\.\/)+/, ""));
    expect(writers).toEqual(["src/payments/ledger.ts"]);
    expect(exports.default).toBeDefined();
  });
});
