import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { kesAmount, MPESA_MAX_KES } from "../../src/lib/kes.ts";
import { normaliseSafaricomNumber } from "../../src/lib/safaricom.ts";
import {
  answerPrompt,
  deliver,
  mpesaStandinUrl,
  openWaiting,
  orderByRef,
  postMpesa,
  refOf,
  requestsOf,
  shillingsFor,
  testPhone,
} from "./support/mpesa.ts";
import { cartItem, customer } from "./support/payment.ts";

/** Starts a one-off cart's M-Pesa payment (two Network Assessments, $300) and answers its prompt. */
async function startCart(phone = testPhone()) {
  const buyer = customer();
  const kes = await shillingsFor(30_000);
  const res = await postMpesa({
    services: [cartItem("s1", { quantity: 2 })],
    customerInfo: buyer,
    phone: phone.typed,
    kesAmount: kes,
  });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const ref = refOf(url);
  const order = await orderByRef(ref);
  if (!order) throw new Error("no order recorded");
  const [request] = (await requestsOf(order.order_id)).results;
  if (!request) throw new Error("no prompt recorded");
  return { buyer, kes, url, ref, order, request, phone };
}

async function paymentsOf(sessionId: string) {
  return (await env.DB.prepare("SELECT * FROM payments WHERE order_id = ?").bind(sessionId).all()).results;
}

async function mailsOf(sessionId: string) {
  return (
    await env.DB.prepare("SELECT kind, recipient, payload FROM outbox WHERE order_id = ? ORDER BY id")
      .bind(sessionId)
      .all<{ kind: string; recipient: string; payload: string }>()
  ).results;
}

describe("M-Pesa Express at checkout", () => {
  it("charges the shown shillings, and a confirmed callback pays the order with its receipt and e-mails", async () => {
    const { buyer, kes, order, request, phone, ref } = await startCart();
    expect(order).toMatchObject({ provider: "mpesa", status: "pending", total_cents: 30_000, kes_amount: kes });
    expect(request).toMatchObject({ phone: phone.normalised, amount_kes: kes, status: "pending" });
    expect(request.account_reference).toMatch(/^ORD-[0-9A-F]{8}$/);

    const { callback, push } = await answerPrompt(request.checkout_request_id, 0);
    expect((await deliver(push.request.callbackUrl, callback)).status).toBe(200);

    const paid = await orderByRef(ref);
    expect(paid?.status).toBe("paid");
    const [payment] = await paymentsOf(order.order_id);
    expect(payment).toMatchObject({
      provider: "mpesa_express",
      status: "paid",
      amount_cents: kes * 100,
      currency: "kes",
      phone: phone.normalised,
      usd_cents: 30_000,
    });
    expect(String(payment?.reference)).toMatch(/^[A-Z0-9]{10}$/);
    const receipt = await env.DB.prepare("SELECT * FROM receipts WHERE payment_id = ?")
      .bind(request.checkout_request_id)
      .first<{ number: string }>();
    expect(receipt?.number).toMatch(/^R-\d{4}-\d{5,}$/);
    const mails = await mailsOf(order.order_id);
    expect(mails.map((m) => m.kind).sort()).toEqual(["order-confirmed", "owner-new-order"]);
    const confirmation = mails.find((m) => m.kind === "order-confirmed");
    expect(confirmation?.recipient).toBe(buyer.email);
    expect(confirmation?.payload).toContain(String(receipt?.number));

    const page = await openWaiting(ref);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Payment received");
    expect(html).toContain(String(payment?.reference));
  }, 30_000);

  it("a replayed callback changes nothing: one payment, one pair of e-mails", async () => {
    const { order, request } = await startCart();
    const { callback, push } = await answerPrompt(request.checkout_request_id, 0);
    await deliver(push.request.callbackUrl, callback);
    await Promise.all([deliver(push.request.callbackUrl, callback), deliver(push.request.callbackUrl, callback)]);
    expect(await paymentsOf(order.order_id)).toHaveLength(1);
    expect(await mailsOf(order.order_id)).toHaveLength(2);
  });

  it.each([
    [1032, "You cancelled the payment on your phone"],
    [1037, "Your phone did not answer the prompt in time"],
    [1, "Your M-Pesa balance was not enough"],
    [2001, "The M-Pesa PIN entered was wrong"],
    [17, "M-Pesa could not complete the payment"],
  ])("result %i leaves the order unpaid and says what happened, with a way to try again", async (code, sentence) => {
    const { order, request, ref } = await startCart();
    const { callback, push } = await answerPrompt(request.checkout_request_id, code);
    await deliver(push.request.callbackUrl, callback);
    expect((await orderByRef(ref))?.status).toBe("payment_failed");
    expect(await paymentsOf(order.order_id)).toHaveLength(0);
    const html = await (await openWaiting(ref)).text();
    expect(html).toContain(sentence);
    expect(html).toContain(`action="/mpesa/order/${ref}/retry"`);
    expect(html).toContain('href="/checkout"');
  });

  it("forged callbacks change nothing: an unknown token, another prompt's id, other figures, a claim Daraja does not confirm", async () => {
    const { order, request, ref } = await startCart();
    const other = await startCart();
    const { callback } = await answerPrompt(other.request.checkout_request_id, 0);
    const forged = structuredClone(callback) as { Body: { stkCallback: Record<string, unknown> } };
    // Another prompt's (genuine) callback, posted to this prompt's token address.
    const url = (await fetch(`${mpesaStandinUrl()}/__pushes`).then((r) => r.json())) as {
      checkoutRequestId: string;
      request: { callbackUrl: string };
    }[];
    const mine = url.find((p) => p.checkoutRequestId === request.checkout_request_id);
    expect((await deliver(mine?.request.callbackUrl ?? "", forged)).status).toBe(200);
    // A made-up token.
    await deliver("https://example.com/mpesa/callback/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", forged);
    // This prompt's id and token, with another amount, and a claim of payment the query will not confirm (still pending).
    forged.Body.stkCallback.CheckoutRequestID = request.checkout_request_id;
    forged.Body.stkCallback.MerchantRequestID = request.merchant_request_id;
    await deliver(mine?.request.callbackUrl ?? "", forged);
    const items = (forged.Body.stkCallback.CallbackMetadata as { Item: { Name: string; Value: unknown }[] }).Item;
    for (const item of items) if (item.Name === "Amount") item.Value = request.amount_kes;
    for (const item of items) if (item.Name === "PhoneNumber") item.Value = Number(request.phone);
    await deliver(mine?.request.callbackUrl ?? "", forged);

    expect((await orderByRef(ref))?.status).toBe("pending");
    expect(await paymentsOf(order.order_id)).toHaveLength(0);
    const [still] = (await requestsOf(order.order_id)).results;
    expect(still?.status).toBe("pending");
  });

  it("refuses two of a monthly plan, an amount above M-Pesa's limit and a rate that moved, before any prompt", async () => {
    const phone = testPhone();
    const plan = await postMpesa({
      services: [cartItem("pricing-business", { quantity: 2 })],
      customerInfo: customer(),
      phone: phone.typed,
      kesAmount: await shillingsFor(75_000),
    });
    expect(plan.status).toBe(422);
    expect(((await plan.json()) as { error: string }).error).toContain("one monthly plan at a time");

    const big = [cartItem("s1", { quantity: 99 })];
    const bigKes = await shillingsFor(150 * 100 * 99);
    expect(bigKes).toBeGreaterThan(MPESA_MAX_KES);
    const over = await postMpesa({ services: big, customerInfo: customer(), phone: phone.typed, kesAmount: bigKes });
    expect(over.status).toBe(422);
    expect(((await over.json()) as { error: string }).error).toContain("bank transfer");

    const moved = await postMpesa({
      services: [cartItem("s1")],
      customerInfo: customer(),
      phone: phone.typed,
      kesAmount: (await shillingsFor(15_000)) + 1,
    });
    expect(moved.status).toBe(409);
    const prompts = await env.DB.prepare("SELECT COUNT(*) AS n FROM mpesa_requests WHERE phone = ?")
      .bind(phone.normalised)
      .first<{ n: number }>();
    expect(prompts?.n).toBe(0);
  });

  it("refuses a number that is not a Safaricom one with the field's message", async () => {
    for (const typed of ["0612345678", "+255712345678", "07123", "hello"]) {
      const res = await postMpesa({
        services: [cartItem("s1")],
        customerInfo: customer(),
        phone: typed,
        kesAmount: await shillingsFor(15_000),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { issues: { path: string; message: string }[] };
      expect(body.issues).toContainEqual({
        path: "phone",
        message: "Enter a Safaricom number: 07…, 01…, +254… or 254…",
      });
    }
  });

  it("one phone gets at most three prompts an hour, however many requests race for it", async () => {
    const phone = testPhone();
    const kes = await shillingsFor(15_000);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        postMpesa({ services: [cartItem("s1")], customerInfo: customer(), phone: phone.typed, kesAmount: kes }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it("refuses another site's post, a body too large, a form post and ill-formed figures, sending no prompt", async () => {
    const phone = testPhone();
    const body = {
      services: [cartItem("s1")],
      customerInfo: customer(),
      phone: phone.typed,
      kesAmount: await shillingsFor(15_000),
    };
    const crossSite = await postMpesa(body, {
      headers: { "Content-Type": "application/json", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const huge = await postMpesa({ ...body, customerInfo: { ...body.customerInfo, address: "x".repeat(70_000) } });
    expect(huge.status).toBe(413);
    const form = await postMpesa("phone=0712345678", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    for (const kesAmount of ["1000", 1.5, -3, null]) {
      const res = await postMpesa({ ...body, kesAmount });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^Please correct/);
    }
    const prompts = await env.DB.prepare("SELECT COUNT(*) AS n FROM mpesa_requests WHERE phone = ?")
      .bind(phone.normalised)
      .first<{ n: number }>();
    expect(prompts?.n).toBe(0);
  });

  it("one network's prompts are bounded however many addresses of its /64 it uses", async () => {
    const net = `2001:db8:${Array.from(crypto.getRandomValues(new Uint16Array(2)), (n) => n.toString(16)).join(":")}`;
    const kes = await shillingsFor(15_000);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await postMpesa(
        { services: [cartItem("s1")], customerInfo: customer(), phone: testPhone().typed, kesAmount: kes },
        { headers: { "Content-Type": "application/json", "CF-Connecting-IP": `${net}:0:${i.toString(16)}::1` } },
      );
      statuses.push(res.status);
    }
    // The per-minute limiter (10) or the network's hourly budget (10) stops it; never 12 prompts.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it("reads a Safaricom number however a Kenyan writes it", () => {
    const cases: [string, string | null][] = [
      ["0712345678", "254712345678"],
      ["0712 345 678", "254712345678"],
      ["+254 712-345-678", "254712345678"],
      ["254712345678", "254712345678"],
      ["0110 123 456", "254110123456"],
      ["+254110123456", "254110123456"],
      ["0212345678", null],
      ["07123456789", null],
      ["+255712345678", null],
      ["２５４712345678", null],
      ["", null],
    ];
    for (const [typed, expected] of cases) expect(normaliseSafaricomNumber(typed), typed).toBe(expected);
  });

  it("rounds the shillings up to a whole shilling", () => {
    expect(kesAmount(15_000, 12_900)).toBe(19_350);
    expect(kesAmount(1, 12_950)).toBe(2);
    expect(kesAmount(33_333, 12_951)).toBe(43_170);
  });
});
