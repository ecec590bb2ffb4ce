// Issue 32's M-Pesa findings: prompt budgets are spent on prompts, never on refused requests; a
// retry is a new attempt (re-checked, re-priced, sent once); quote keys are limited before lookup;
// money confirmed late is never dropped.
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { kesAmount } from "../../src/lib/kes.ts";
import { refreshMpesaRequest } from "../../src/mpesa/mpesa-settle.ts";
import { setKesRate } from "../../src/payments/kes-rate.ts";
import { clientBucket } from "../../src/security/client-bucket.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { makeQuote } from "./support/factories.ts";
import {
  answerPrompt,
  currentRateX100,
  deliver,
  openWaiting,
  orderByRef,
  postMpesa,
  refOf,
  requestsOf,
  SITE,
  shillingsFor,
  testPhone,
} from "./support/mpesa.ts";
import { cartItem, customer, testClientIp } from "./support/payment.ts";

function postForm(path: string, fields: Record<string, string>, ip = testClientIp()): Promise<Response> {
  return exports.default.fetch(`${SITE}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields).toString(),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: SITE,
      "Sec-Fetch-Site": "same-origin",
      "CF-Connecting-IP": ip,
    },
  });
}

async function promptsTo(phone: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM mpesa_requests WHERE phone = ?")
    .bind(phone)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function budgetCount(scope: string, key: string): Promise<number> {
  const row = await env.DB.prepare("SELECT hour_count FROM budgets WHERE scope = ? AND key = ?")
    .bind(scope, key)
    .first<{ hour_count: number }>();
  return row?.hour_count ?? 0;
}

/** Fills a budget's hour as if it had been used up (its windows are the current ones). */
async function fillBudget(scope: string, key: string, count: number): Promise<void> {
  const iso = new Date().toISOString();
  await env.DB.prepare(
    `INSERT INTO budgets (scope, key, hour, hour_count, day, day_count) VALUES (?1, ?2, ?3, ?4, ?5, ?4)
     ON CONFLICT (scope, key) DO UPDATE SET hour = ?3, hour_count = ?4, day = ?5, day_count = ?4`,
  )
    .bind(scope, key, iso.slice(0, 13), count, iso.slice(0, 10))
    .run();
}

/** A /64 of its own, and an address in it. */
function network(): { ip: (host?: number) => string; key: string } {
  const groups = Array.from(crypto.getRandomValues(new Uint16Array(2)), (n) => n.toString(16));
  const prefix = `2001:db8:${groups.join(":")}`;
  const ip = (host = 1) => `${prefix}:0:${host.toString(16)}::1`;
  return { ip, key: clientBucket(ip()) };
}

const oneOff = () => [cartItem("s1")];
const fromIp = (ip: string) => ({ headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip } });

/** A cart paid by M-Pesa whose first prompt the buyer cancelled: the order waits for a retry. */
async function failedCartOrder() {
  const phone = testPhone();
  const kes = await shillingsFor(15_000);
  const res = await postMpesa({ services: oneOff(), customerInfo: customer(), phone: phone.typed, kesAmount: kes });
  expect(res.status).toBe(200);
  const ref = refOf(((await res.json()) as { url: string }).url);
  const order = await orderByRef(ref);
  if (!order) throw new Error("no order");
  const [request] = (await requestsOf(order.order_id)).results;
  const { callback, push } = await answerPrompt(request?.checkout_request_id ?? "", 1032);
  await deliver(push.request.callbackUrl, callback);
  return { ref, order, phone, kes };
}

/** A quote paid by M-Pesa whose first prompt failed. */
async function failedQuoteOrder() {
  const quote = await makeQuote([cartItem("s1", { quantity: 2 })]);
  const kes = kesAmount(quote.due_cents, await currentRateX100());
  const res = await postForm("/mpesa/pay-quote", {
    number: quote.number,
    key: quote.access_key,
    phone: testPhone().typed,
    kes: String(kes),
  });
  expect(res.status).toBe(303);
  const ref = refOf(res.headers.get("Location") ?? "");
  const order = await orderByRef(ref);
  if (!order) throw new Error("no order");
  const [request] = (await requestsOf(order.order_id)).results;
  const { callback, push } = await answerPrompt(request?.checkout_request_id ?? "", 1032);
  await deliver(push.request.callbackUrl, callback);
  return { quote, kes, ref, order };
}

const retry = (ref: string, fields: Record<string, string>) => postForm(`/mpesa/order/${ref}/retry`, fields);

afterEach(async () => {
  await env.DB.prepare("DELETE FROM settings WHERE key = 'kes_rate'").run();
});

describe("prompt budgets are spent on prompts, not on requests", () => {
  it("ten refused requests for a number, from anywhere, leave its three prompts whole", async () => {
    const phone = testPhone();
    const kes = await shillingsFor(15_000);
    const paidQuote = await makeQuote([cartItem("s1")]);
    await env.DB.prepare("UPDATE quotes SET accepted_at = '2026-01-01T00:00:00.000Z' WHERE number = ?")
      .bind(paidQuote.number)
      .run();
    const expired = await makeQuote([cartItem("s1")], {}, new Date(Date.now() - 40 * 86_400_000));
    const big = [cartItem("s1", { quantity: 99 })];

    const refusals: Promise<Response>[] = [];
    for (let i = 0; i < 6; i++) {
      refusals.push(
        postMpesa({ services: oneOff(), customerInfo: customer(), phone: phone.typed, kesAmount: kes + 1 + i }),
      );
    }
    refusals.push(
      postMpesa({
        services: big,
        customerInfo: customer(),
        phone: phone.typed,
        kesAmount: await shillingsFor(1_485_000),
      }),
      postMpesa({
        services: [cartItem("pricing-business", { quantity: 2 })],
        customerInfo: customer(),
        phone: phone.typed,
        kesAmount: await shillingsFor(75_000),
      }),
    );
    for (const quote of [paidQuote, expired]) {
      refusals.push(
        postForm("/mpesa/pay-quote", {
          number: quote.number,
          key: quote.access_key,
          phone: phone.typed,
          kes: String(await shillingsFor(15_000)),
        }),
      );
    }
    const statuses = (await Promise.all(refusals)).map((r) => r.status);
    expect(statuses).toEqual([409, 409, 409, 409, 409, 409, 422, 422, 409, 422]);
    expect(await promptsTo(phone.normalised)).toBe(0);
    expect(await budgetCount("phone:mpesa-prompt", phone.normalised)).toBe(0);

    const real = await Promise.all(
      Array.from({ length: 4 }, () =>
        postMpesa({ services: oneOff(), customerInfo: customer(), phone: phone.typed, kesAmount: kes }),
      ),
    );
    expect(real.map((r) => r.status).sort()).toEqual([200, 200, 200, 429]);
    expect(await promptsTo(phone.normalised)).toBe(3);
  }, 30_000);

  it("a refused request spends none of its network's prompts; refusals have a budget of their own", async () => {
    await freshLimiterWindow(10_000);
    const net = network();
    const kes = await shillingsFor(15_000);
    for (let i = 0; i < 5; i++) {
      const res = await postMpesa(
        { services: oneOff(), customerInfo: customer(), phone: testPhone().typed, kesAmount: kes + 1 },
        fromIp(net.ip(i)),
      );
      expect(res.status).toBe(409);
    }
    expect(await budgetCount("client:mpesa-prompt", net.key)).toBe(0);
    expect(await budgetCount("client:mpesa-refused", net.key)).toBe(5);

    // Past its refusals' budget, the network learns nothing more from a refusal, but may still pay.
    await fillBudget("client:mpesa-refused", net.key, 20);
    const probe = await postMpesa(
      { services: oneOff(), customerInfo: customer(), phone: testPhone().typed, kesAmount: kes + 7 },
      fromIp(net.ip(9)),
    );
    expect(probe.status).toBe(429);
    expect(((await probe.json()) as { error: string }).error).toContain("could not be accepted this hour");
    const paying = await postMpesa(
      { services: oneOff(), customerInfo: customer(), phone: testPhone().typed, kesAmount: kes },
      fromIp(net.ip(10)),
    );
    expect(paying.status).toBe(200);
    expect(await budgetCount("client:mpesa-prompt", net.key)).toBe(1);
  }, 30_000);

  it("the phone's and the network's budgets are taken together or not at all", async () => {
    const kes = await shillingsFor(15_000);
    // The phone is spent: its network's budget is not touched.
    const spentPhone = testPhone();
    await fillBudget("phone:mpesa-prompt", spentPhone.normalised, 3);
    const net = network();
    const refused = await postMpesa(
      { services: oneOff(), customerInfo: customer(), phone: spentPhone.typed, kesAmount: kes },
      fromIp(net.ip()),
    );
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toContain("This phone number has had several");
    expect(await budgetCount("client:mpesa-prompt", net.key)).toBe(0);

    // The network is spent: the phone's budget is not touched.
    const spentNet = network();
    await fillBudget("client:mpesa-prompt", spentNet.key, 10);
    const phone = testPhone();
    const refusedToo = await postMpesa(
      { services: oneOff(), customerInfo: customer(), phone: phone.typed, kesAmount: kes },
      fromIp(spentNet.ip()),
    );
    expect(refusedToo.status).toBe(429);
    expect(await budgetCount("phone:mpesa-prompt", phone.normalised)).toBe(0);

    // Eight networks race for one phone: three prompts, and exactly three network uses counted.
    const raced = testPhone();
    const nets = Array.from({ length: 8 }, network);
    const answers = await Promise.all(
      nets.map((n) =>
        postMpesa({ services: oneOff(), customerInfo: customer(), phone: raced.typed, kesAmount: kes }, fromIp(n.ip())),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    const counts = await Promise.all(nets.map((n) => budgetCount("client:mpesa-prompt", n.key)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await budgetCount("phone:mpesa-prompt", raced.normalised)).toBe(3);
  }, 30_000);
});

describe("a retry is a new payment attempt", () => {
  it("after its quote was paid by another order, a retry sends nothing", async () => {
    const { quote, kes, ref, order } = await failedQuoteOrder();
    // Another order pays the quote.
    const other = await postForm("/mpesa/pay-quote", {
      number: quote.number,
      key: quote.access_key,
      phone: testPhone().typed,
      kes: String(kes),
    });
    const otherOrder = await orderByRef(refOf(other.headers.get("Location") ?? ""));
    const [otherPrompt] = (await requestsOf(otherOrder?.order_id ?? "")).results;
    const paid = await answerPrompt(otherPrompt?.checkout_request_id ?? "", 0);
    await deliver(paid.push.request.callbackUrl, paid.callback);
    expect((await orderByRef(otherOrder?.order_ref ?? ""))?.status).toBe("paid");

    const phone = testPhone();
    const res = await retry(ref, { phone: phone.typed, kes: String(kes) });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("This quote has already been paid.");
    expect((await requestsOf(order.order_id)).results).toHaveLength(1);
    expect(await promptsTo(phone.normalised)).toBe(0);
  }, 30_000);

  it("after its quote expired, a retry sends nothing", async () => {
    const { quote, kes, ref, order } = await failedQuoteOrder();
    await env.DB.prepare("UPDATE quotes SET valid_until = '2026-01-01T00:00:00.000Z' WHERE number = ?")
      .bind(quote.number)
      .run();
    const res = await retry(ref, { phone: testPhone().typed, kes: String(kes) });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("can no longer be paid online");
    expect((await requestsOf(order.order_id)).results).toHaveLength(1);
  }, 30_000);

  it("after the rate changed and 15 minutes passed, a retry asks the new amount and never sends the old one", async () => {
    const { ref, order, kes } = await failedCartOrder();
    expect(order.kes_rate_x100).toBe(await currentRateX100());
    await setKesRate(env, 15_000, "admin");
    // Within 15 minutes the order's own shillings still hold.
    expect(await (await openWaiting(ref)).text()).toContain(`name="kes" value="${kes}"`);

    await env.DB.prepare(
      "UPDATE orders SET kes_priced_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-16 minutes') WHERE order_id = ?",
    )
      .bind(order.order_id)
      .run();
    const now = kesAmount(15_000, 15_000);
    expect(now).toBe(22_500);
    expect(await (await openWaiting(ref)).text()).toContain(`name="kes" value="${now}"`);

    const old = await retry(ref, { phone: testPhone().typed, kes: String(kes) });
    expect(old.status).toBe(409);
    const page = await old.text();
    expect(page).toContain("the amount is now KES 22,500");
    expect(page).toContain(`name="kes" value="${now}"`);
    expect((await requestsOf(order.order_id)).results).toHaveLength(1);

    const res = await retry(ref, { phone: testPhone().typed, kes: String(now) });
    expect(res.status).toBe(303);
    const prompts = (await requestsOf(order.order_id)).results;
    expect(prompts).toHaveLength(2);
    expect(prompts[1]?.amount_kes).toBe(22_500);
    expect(await orderByRef(ref)).toMatchObject({ kes_amount: 22_500, kes_rate_x100: 15_000 });
    expect(prompts.every((p) => p.amount_kes === kes || p.amount_kes === 22_500)).toBe(true);
  }, 30_000);

  it("a cart order whose services are no longer sold at its prices is not prompted again", async () => {
    const { ref, order, kes } = await failedCartOrder();
    await env.DB.prepare("UPDATE order_items SET unit_amount_cents = 100 WHERE order_id = ?")
      .bind(order.order_id)
      .run();
    const res = await retry(ref, { phone: testPhone().typed, kes: String(kes) });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Our prices have changed since this order was made");
    expect((await requestsOf(order.order_id)).results).toHaveLength(1);
  }, 30_000);

  it("two retries at once send one prompt", async () => {
    const { ref, order, kes } = await failedCartOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => retry(ref, { phone: testPhone().typed, kes: String(kes) })),
    );
    expect(answers.map((r) => r.status)).toEqual([303, 303, 303, 303, 303]);
    expect((await requestsOf(order.order_id)).results).toHaveLength(2);
  }, 30_000);

  it("a retry is limited and budgeted like a first attempt", async () => {
    const { ref, order, kes } = await failedCartOrder();
    const phone = testPhone();
    await fillBudget("phone:mpesa-prompt", phone.normalised, 3);
    const res = await retry(ref, { phone: phone.typed, kes: String(kes) });
    expect(res.status).toBe(429);
    expect(await res.text()).toContain("This phone number has had several payment prompts");
    // Refused by the phone's budget, the order is free for the next attempt at once.
    const next = await retry(ref, { phone: testPhone().typed, kes: String(kes) });
    expect(next.status).toBe(303);
    expect((await requestsOf(order.order_id)).results).toHaveLength(2);
  }, 30_000);
});

describe("quote keys on /mpesa/pay-quote", () => {
  it("are limited before they are looked up", async () => {
    await freshLimiterWindow(15_000);
    const quote = await makeQuote([cartItem("s1")]);
    const ip = testClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await postForm(
        "/mpesa/pay-quote",
        { number: quote.number, key: `wrong-${i}`, phone: testPhone().typed, kes: "100" },
        ip,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    // Even the right key is not looked at past the limit.
    const right = await postForm(
      "/mpesa/pay-quote",
      { number: quote.number, key: quote.access_key, phone: testPhone().typed, kes: "100" },
      ip,
    );
    expect(right.status).toBe(429);
  }, 30_000);
});

describe("money confirmed late", () => {
  it("a paid callback for a prompt marked failed becomes a payment held for review, and the owner is told", async () => {
    const phone = testPhone();
    const kes = await shillingsFor(15_000);
    const res = await postMpesa({ services: oneOff(), customerInfo: customer(), phone: phone.typed, kesAmount: kes });
    const ref = refOf(((await res.json()) as { url: string }).url);
    const order = await orderByRef(ref);
    const [request] = (await requestsOf(order?.order_id ?? "")).results;
    if (!order || !request) throw new Error("not started");
    // Marked failed (as the sweep does after an hour without an answer)…
    await env.DB.prepare(
      "UPDATE mpesa_requests SET status = 'failed', result_code = 1037 WHERE checkout_request_id = ?",
    )
      .bind(request.checkout_request_id)
      .run();
    await env.DB.prepare("UPDATE orders SET status = 'payment_failed' WHERE order_id = ?").bind(order.order_id).run();
    // …then the buyer's payment goes through and Daraja calls back, twice.
    const { callback, push } = await answerPrompt(request.checkout_request_id, 0);
    await deliver(push.request.callbackUrl, callback);
    await deliver(push.request.callbackUrl, callback);

    const payments = (
      await env.DB.prepare("SELECT * FROM payments WHERE order_id = ?").bind(order.order_id).all<{
        amount_cents: number;
        review_reason: string | null;
        reference: string | null;
      }>()
    ).results;
    expect(payments).toHaveLength(1);
    expect(payments[0]?.amount_cents).toBe(kes * 100);
    expect(payments[0]?.review_reason).toContain("after the prompt had been marked failed");
    const held = await orderByRef(ref);
    expect(held?.status).toBe("needs_review");
    const mails = (
      await env.DB.prepare("SELECT kind, recipient FROM outbox WHERE order_id = ?")
        .bind(order.order_id)
        .all<{ kind: string; recipient: string }>()
    ).results;
    expect(mails).toEqual([
      { kind: "owner-order-review", recipient: expect.not.stringContaining(order.customer_email) },
    ]);
    expect(await (await openWaiting(ref)).text()).toContain("Payment received");
  }, 30_000);
});

describe("the waiting page's check with Daraja", () => {
  it("a database refusing the check's claim leaves the prompt pending and the page answering", async () => {
    const phone = testPhone();
    const kes = await shillingsFor(15_000);
    const res = await postMpesa({ services: oneOff(), customerInfo: customer(), phone: phone.typed, kesAmount: kes });
    const order = await orderByRef(refOf(((await res.json()) as { url: string }).url));
    const [request] = (await requestsOf(order?.order_id ?? "")).results;
    if (!request) throw new Error("not started");
    const aged = { ...request, created_at: new Date(Date.now() - 60_000).toISOString() };
    // D1 answers "database is locked" to the claim (a write), as it can under load.
    const lockedDb = new Proxy(env.DB, {
      get(target, name) {
        if (name !== "prepare") return Reflect.get(target, name);
        return (sql: string) => {
          if (/\bSET "?checked_at"?/i.test(sql)) throw new Error("D1_ERROR: database is locked");
          return target.prepare(sql);
        };
      },
    });
    const lines: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (message: string) => lines.push(message) };
    await expect(
      refreshMpesaRequest({ env: { ...env, DB: lockedDb }, origin: SITE, log }, aged),
    ).resolves.toBeUndefined();
    expect(lines).toEqual(["The prompt could not be checked with Daraja now"]);
    const [still] = (await requestsOf(order?.order_id ?? "")).results;
    expect(still?.status).toBe("pending");
  });
});
