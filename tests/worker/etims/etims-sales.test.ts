// Every payment reported once to KRA through OSCU (issue 34): the four ways money comes in each
// make one sale, numbered 1, 2, 3, 4 in the batch that records it, sent afterwards to the OSCU
// stand-in (which checks every field, the arithmetic and the numbers); KRA down for a while loses
// and doubles nothing; the buyer's PIN travels as custTin; the receipt becomes the tax invoice.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { registerItems } from "../../../scripts/etims/register-items.ts";
import { alertWaitingSales } from "../../../src/etims/etims-alerts.ts";
import { reportWaitingSales } from "../../../src/etims/report-sales.ts";
import { receiptPath } from "../../../src/paths.ts";
import { nairobiToday } from "../../../src/payments/manual-payment-form.ts";
import { createOscuClient, readEtimsConfig } from "../../../src/providers/etims.ts";
import { postAsOwner } from "../support/admin-forms.ts";
import { event, invoiceObject, seedSubscriptionOrder, send, subscriptionObject } from "../support/billing.ts";
import { makeOrder } from "../support/factories.ts";
import {
  answerPrompt,
  deliver as deliverCallback,
  orderByRef,
  postMpesa,
  refOf,
  requestsOf,
  shillingsFor,
  testPhone,
} from "../support/mpesa.ts";
import { deliverSigned, paidSession, placeOrder, sessionEvent } from "../support/orders.ts";
import { cartItem, customer } from "../support/payment.ts";
import { open, receiptText } from "../support/receipts.ts";
import { workContext } from "../support/work-context.ts";

const standin = () => env.ETIMS_API_BASE;

async function control<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${standin()}/__control/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

type Sequence = { numbers: number[]; gapless: boolean; duplicates: number[] };
type StandinSale = { invcNo: number; request: Record<string, unknown> };

const sequence = () => control<Sequence>("sequence");
const standinSales = async () => {
  const body = await control<{ sales: StandinSale[] } | StandinSale[]>("sales");
  return Array.isArray(body) ? body : body.sales;
};

type SaleRow = {
  invc_no: number;
  trader_invoice_no: string;
  status: string;
  payment_id: string;
  attempts: number;
  last_error: string | null;
};
const ourSales = async () =>
  (await env.DB.prepare("SELECT * FROM etims_sales ORDER BY invc_no").all<SaleRow>()).results;

/** The sender runs as the queue's consumer or the cron would; `minutesLater` steps past the backoff. */
const runSender = (minutesLater = 0) => reportWaitingSales(workContext(), new Date(Date.now() + minutesLater * 60_000));

async function payByCard(): Promise<string> {
  const { sessionId } = await placeOrder(["s1"]);
  const res = await deliverSigned(sessionEvent("checkout.session.completed", await paidSession(sessionId)));
  expect(res.status).toBe(200);
  return sessionId;
}

async function renewSubscription(): Promise<string> {
  const order = await seedSubscriptionOrder();
  await send(event("customer.subscription.created", subscriptionObject(order)));
  const renewal = invoiceObject(order, `in_renew_${order.orderRef.slice(0, 8)}`, {
    billing_reason: "subscription_cycle",
  });
  expect((await send(event("invoice.paid", renewal))).status).toBe(200);
  return order.sessionId;
}

async function payByMpesa(kraPin?: string): Promise<string> {
  const res = await postMpesa({
    services: [cartItem("s1")],
    customerInfo: { ...customer(), ...(kraPin ? { kraPin } : {}) },
    phone: testPhone().typed,
    kesAmount: await shillingsFor(15_000),
  });
  expect(res.status).toBe(200);
  const order = await orderByRef(refOf(((await res.json()) as { url: string }).url));
  const [request] = (await requestsOf(order?.order_id ?? "")).results;
  const { callback, push } = await answerPrompt(request?.checkout_request_id ?? "", 0);
  expect((await deliverCallback(push.request.callbackUrl, callback)).status).toBe(200);
  return order?.order_id ?? "";
}

async function recordBankPayment(): Promise<string> {
  const id = await makeOrder({ status: "expired", total_cents: 2_000 });
  const res = await postAsOwner("/admin/payments", {
    order: id,
    method: "bank_transfer",
    amount: "20.00",
    currency: "usd",
    reference: `ST${crypto.randomUUID().slice(0, 8)}`,
    paid_on: nairobiToday(),
  });
  expect(res.status).toBe(303);
  return id;
}

beforeEach(async () => {
  await control("reset", {});
  await control("mode", { mode: "normal" });
  // What `npm run etims:items` does once: KRA refuses a sale naming an item it does not know.
  await registerItems(createOscuClient(readEtimsConfig(env)), "B", () => {});
  await env.DB.prepare("DELETE FROM etims_sales").run();
  await env.DB.prepare("DELETE FROM etims_counters").run();
  await env.DB.prepare("DELETE FROM etims_sender_leases").run();
});

describe("every payment is one sale reported to KRA", { timeout: 30_000 }, () => {
  it("a card payment, a subscription renewal, M-Pesa and a recorded payment are sales 1, 2, 3, 4, each accepted once", async () => {
    await payByCard();
    await renewSubscription();
    await payByMpesa();
    await recordBankPayment();
    const numbered = await ourSales();
    expect(numbered.map((s) => [s.invc_no, s.status])).toEqual([
      [1, "pending"],
      [2, "pending"],
      [3, "pending"],
      [4, "pending"],
    ]);
    expect(numbered[0]?.trader_invoice_no).toMatch(/^INV-20\d\d-00001$/);

    const run = await runSender();
    expect(run).toMatchObject({ accepted: 4, failed: 0, refused: 0 });
    expect(await sequence()).toMatchObject({ numbers: [1, 2, 3, 4], gapless: true, duplicates: [] });
    expect((await ourSales()).every((s) => s.status === "accepted")).toBe(true);

    // Accepted sales are never sent again, whoever runs the sender next.
    expect(await runSender(60)).toMatchObject({ accepted: 0, failed: 0, refused: 0 });
    expect((await standinSales()).length).toBe(4);
  });

  it("KRA answering 500 for a while: the payments stand, and every sale arrives once under its own number", async () => {
    await control("mode", { mode: "fail" });
    const card = await payByCard();
    const mpesa = await payByMpesa();
    const paid = await env.DB.prepare("SELECT status FROM orders WHERE order_id IN (?, ?)")
      .bind(card, mpesa)
      .all<{ status: string }>();
    expect(paid.results.map((o) => o.status)).toEqual(["paid", "paid"]);
    expect(await runSender()).toMatchObject({ accepted: 0, failed: 1 });
    expect(await runSender(1)).toMatchObject({ accepted: 0 });
    const waiting = await ourSales();
    expect(waiting.map((s) => s.status)).toEqual(["pending", "pending"]);
    expect(waiting[0]?.last_error).toMatch(/HTTP 500/);

    await recordBankPayment();
    await control("mode", { mode: "normal" });
    expect(await runSender(60)).toMatchObject({ accepted: 3, failed: 0 });
    expect(await sequence()).toMatchObject({ numbers: [1, 2, 3], gapless: true, duplicates: [] });
  });

  it("a lost answer (KRA kept the sale, we saw a 500): the resend under the same number gets the same signature", async () => {
    await payByCard();
    await control("mode", { mode: "accept-then-fail", count: 1 });
    expect(await runSender()).toMatchObject({ accepted: 0, failed: 1 });
    await control("mode", { mode: "normal" });
    expect(await runSender(60)).toMatchObject({ accepted: 1 });
    const sales = await standinSales();
    expect(sales.length).toBe(1);
    const [ours] = await ourSales();
    expect(ours?.status).toBe("accepted");
    expect(await sequence()).toMatchObject({ numbers: [1], gapless: true, duplicates: [] });
  });

  it("a refused sale waits for the owner while the later ones go on", async () => {
    await payByCard();
    await control("mode", { mode: "refuse", count: 1 });
    await payByCard();
    expect(await runSender()).toMatchObject({ accepted: 1, refused: 1 });
    const [first, second] = await ourSales();
    expect(first?.status).toBe("pending");
    expect(first?.last_error).toMatch(/refuse/i);
    expect(second?.status).toBe("accepted");
    expect(await runSender(60)).toMatchObject({ accepted: 1 });
    expect(await sequence()).toMatchObject({ numbers: [1, 2], gapless: true });
  });

  it("the buyer's KRA PIN is sent as custTin, upper-cased", async () => {
    await payByMpesa("p051234567x");
    await runSender();
    const [sale] = await standinSales();
    expect(sale?.request.custTin).toBe("P051234567X");
    expect(sale?.request.pmtTyCd).toBe("06");
  });

  it("two senders at once send each sale once", async () => {
    await payByCard();
    await payByCard();
    const runs = await Promise.all([runSender(), runSender(), runSender()]);
    expect(runs.reduce((n, r) => n + r.accepted, 0)).toBe(2);
    expect(await sequence()).toMatchObject({ numbers: [1, 2], gapless: true, duplicates: [] });
  });
});

describe("the receipt becomes the tax invoice", { timeout: 30_000 }, () => {
  it("waits while KRA registers the sale, then serves the tax invoice it drew once, and e-mails its link", async () => {
    const orderId = await payByMpesa("a123456789z");
    const receipt = await env.DB.prepare(
      "SELECT r.number, r.access_key, r.payment_id FROM receipts r JOIN payments p ON p.payment_id = r.payment_id WHERE p.order_id = ?",
    )
      .bind(orderId)
      .first<{ number: string; access_key: string; payment_id: string }>();
    const ref = {
      number: receipt?.number ?? "",
      accessKey: receipt?.access_key ?? "",
      path: receiptPath(receipt?.number ?? "", receipt?.access_key ?? ""),
    };
    const paidMail = await env.DB.prepare("SELECT payload FROM outbox WHERE kind = 'order-confirmed' AND order_id = ?")
      .bind(orderId)
      .first<{ payload: string }>();
    expect(paidMail?.payload).toContain("taxInvoiceFollows");

    const waiting = await open(ref.path);
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get("Retry-After")).toBe("60");
    expect(await waiting.text()).toMatch(/being registered with KRA/);

    await runSender();
    const { text } = await receiptText(ref);
    expect(text).toMatch(/tax invoice/i);
    expect(text).toContain("A123456789Z");
    expect(text).toContain("P051234567X");
    expect(text).toContain("VAT 16%");
    const [sale] = await standinSales();
    expect(text).toContain(String(sale?.request.trdInvcNo));
    const first = new Uint8Array(await (await open(ref.path)).arrayBuffer());
    const again = new Uint8Array(await (await open(ref.path)).arrayBuffer());
    expect(again).toEqual(first);

    const invoiceMail = await env.DB.prepare(
      "SELECT recipient, subject, payload FROM outbox WHERE kind = 'tax-invoice' AND order_id = ?",
    )
      .bind(orderId)
      .all<{ subject: string; payload: string }>();
    expect(invoiceMail.results.length).toBe(1);
    expect(invoiceMail.results[0]?.payload).toContain(ref.path);
  });

  it("tells the owner of a sale waiting over an hour, once an hour", async () => {
    await control("mode", { mode: "fail" });
    await payByCard();
    await runSender();
    const later = new Date(Date.now() + 61 * 60_000);
    expect((await alertWaitingSales(workContext(), later))?.outcome).toBe("queued");
    expect((await alertWaitingSales(workContext(), later))?.outcome).toBe("duplicate");
    const alert = await env.DB.prepare("SELECT payload FROM outbox WHERE kind = 'owner-alert-etims'").first<{
      payload: string;
    }>();
    expect(alert?.payload).toMatch(/INV-20\d\d-00001/);
    expect(alert?.payload).toMatch(/HTTP 500/);
  });
});
