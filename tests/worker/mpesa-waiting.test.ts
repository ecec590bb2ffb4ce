import { createScheduledController } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import worker from "../../src/index.ts";
import { kesAmount } from "../../src/lib/kes.ts";
import { quotePagePath } from "../../src/paths.ts";
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

async function startCart() {
  const phone = testPhone();
  const res = await postMpesa({
    services: [cartItem("s1")],
    customerInfo: customer(),
    phone: phone.typed,
    kesAmount: await shillingsFor(15_000),
  });
  const { url } = (await res.json()) as { url: string };
  const ref = refOf(url);
  const order = await orderByRef(ref);
  const [request] = (await requestsOf(order?.order_id ?? "")).results;
  if (!order || !request) throw new Error("not started");
  return { ref, order, request, phone };
}

/** Moves a prompt into the past, as if it had waited that long. */
async function age(checkoutRequestId: string, minutes: number) {
  await env.DB.prepare(
    "UPDATE mpesa_requests SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) WHERE checkout_request_id = ?",
  )
    .bind(`-${minutes} minutes`, checkoutRequestId)
    .run();
}

function postForm(path: string, fields: Record<string, string>): Promise<Response> {
  return exports.default.fetch(`${SITE}${path}`, {
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
}

describe("the waiting page", () => {
  it("says the prompt was sent, works without scripts (Check again) and is private", async () => {
    const { ref, phone } = await startCart();
    const res = await openWaiting(ref);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(html).toContain("Pay on your phone");
    expect(html).toContain(phone.typed.replaceAll(" ", "").replace(/^(\d{4})(\d{3})(\d{3})$/, "$1 $2 $3"));
    expect(html).toContain(`href="/mpesa/order/${ref}"`);
    expect(html).toContain('data-island="MpesaStatus"');
    const status = (await (await openWaiting(ref, "/status")).json()) as { state: string };
    expect(status.state).toBe("pending");
  });

  it("answers an unknown or malformed reference with the 404 page", async () => {
    for (const ref of [crypto.randomUUID(), "not-a-ref", "../admin"]) {
      expect((await openWaiting(ref)).status).toBe(404);
    }
  });

  it("the cron sweep settles a prompt whose callback never came, paid or not", async () => {
    const paid = await startCart();
    const failed = await startCart();
    await answerPrompt(paid.request.checkout_request_id, 0);
    await answerPrompt(failed.request.checkout_request_id, 1032);
    await age(paid.request.checkout_request_id, 4);
    await age(failed.request.checkout_request_id, 4);
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env);
    expect((await orderByRef(paid.ref))?.status).toBe("paid");
    expect((await orderByRef(failed.ref))?.status).toBe("payment_failed");
  }, 30_000);

  it("the sweep gives up on a prompt nobody answered for an hour: not paid, no answer", async () => {
    const { ref, request } = await startCart();
    await age(request.checkout_request_id, 61);
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env);
    const [settled] = (await requestsOf((await orderByRef(ref))?.order_id ?? "")).results;
    expect(settled).toMatchObject({ status: "failed", result_code: 1037 });
    expect(await (await openWaiting(ref)).text()).toContain("did not answer the prompt in time");
  }, 30_000);

  it("after a failure, Send the prompt again sends a new prompt for the same order, and it can be paid", async () => {
    const { ref, order, request } = await startCart();
    const { callback, push } = await answerPrompt(request.checkout_request_id, 2001);
    await deliver(push.request.callbackUrl, callback);
    const other = testPhone();
    const page = await (await openWaiting(ref)).text();
    expect(page).toContain(`name="kes" value="${order.kes_amount}"`);
    const res = await postForm(`/mpesa/order/${ref}/retry`, { phone: other.typed, kes: String(order.kes_amount) });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/mpesa/order/${ref}`);
    const prompts = (await requestsOf(order.order_id)).results;
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toMatchObject({ status: "pending", phone: other.normalised, amount_kes: order.kes_amount });
    const second = await answerPrompt(prompts[1]?.checkout_request_id ?? "", 0);
    await deliver(second.push.request.callbackUrl, second.callback);
    expect((await orderByRef(ref))?.status).toBe("paid");
  }, 30_000);

  it("a pending or paid order is not prompted again", async () => {
    const { ref, order } = await startCart();
    const res = await postForm(`/mpesa/order/${ref}/retry`, { phone: testPhone().typed });
    expect(res.status).toBe(303);
    expect((await requestsOf(order.order_id)).results).toHaveLength(1);
  }, 30_000);
});

describe("a written quote paid by M-Pesa", () => {
  it("its page offers the shillings at today's rate; paying accepts the quote", async () => {
    const quote = await makeQuote([cartItem("s1", { quantity: 2 })]);
    const path = quotePagePath(quote.number, quote.access_key);
    const page = await exports.default.fetch(`${SITE}${path}`, { headers: { "CF-Connecting-IP": testClientIp() } });
    const html = await page.text();
    const kes = kesAmount(quote.due_cents, await currentRateX100());
    expect(html).toContain("Pay by M-Pesa");
    expect(html).toContain(`name="kes" value="${kes}"`);

    const phone = testPhone();
    const res = await postForm("/mpesa/pay-quote", {
      number: quote.number,
      key: quote.access_key,
      phone: phone.typed,
      kes: String(kes),
    });
    expect(res.status).toBe(303);
    const ref = refOf(res.headers.get("Location") ?? "");
    const order = await orderByRef(ref);
    expect(order).toMatchObject({ quote_number: quote.number, total_cents: quote.due_cents, kes_amount: kes });
    const [request] = (await requestsOf(order?.order_id ?? "")).results;
    expect(request?.account_reference).toBe(quote.number);
    const { callback, push } = await answerPrompt(request?.checkout_request_id ?? "", 0);
    await deliver(push.request.callbackUrl, callback);
    const accepted = await env.DB.prepare("SELECT accepted_at, accepted_order FROM quotes WHERE number = ?")
      .bind(quote.number)
      .first<{ accepted_at: string | null; accepted_order: string | null }>();
    expect(accepted?.accepted_order).toBe(order?.order_id);
    const after = await exports.default.fetch(`${SITE}${path}`, { headers: { "CF-Connecting-IP": testClientIp() } });
    expect(await after.text()).toContain("This quote has already been paid.");
    const again = await postForm("/mpesa/pay-quote", {
      number: quote.number,
      key: quote.access_key,
      phone: testPhone().typed,
      kes: String(kes),
    });
    expect(again.status).toBe(409);
  }, 30_000);

  it("a wrong key gets the 404 page and sends nothing; a quote with a monthly service is sent to checkout", async () => {
    const quote = await makeQuote();
    const res = await postForm("/mpesa/pay-quote", {
      number: quote.number,
      key: "wrong",
      phone: testPhone().typed,
      kes: "100",
    });
    expect(res.status).toBe(404);
    const page = await exports.default.fetch(`${SITE}${quotePagePath(quote.number, quote.access_key)}`, {
      headers: { "CF-Connecting-IP": testClientIp() },
    });
    const html = await page.text();
    expect(html).toContain("To pay it by M-Pesa, choose Pay online");
    expect(html).not.toContain('name="kes"');
  });
});

describe("without the M-Pesa secrets", () => {
  it("M-Pesa is not offered and nothing else breaks", async () => {
    const bare = { ...env, MPESA_CONSUMER_KEY: "", MPESA_CONSUMER_SECRET: "", MPESA_PASSKEY: "" };
    const app = createApp();
    const terms = await app.fetch(new Request(`${SITE}/mpesa/terms`), bare);
    expect(await terms.json()).toEqual({ available: false });
    const quote = await makeQuote([cartItem("s1")]);
    const page = await app.fetch(new Request(`${SITE}${quotePagePath(quote.number, quote.access_key)}`), bare);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("Pay by M-Pesa");
    const pay = await app.fetch(
      new Request(`${SITE}/mpesa/pay`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: SITE },
        body: JSON.stringify({
          services: [cartItem("s1")],
          customerInfo: customer(),
          phone: "0712345678",
          kesAmount: await shillingsFor(15_000),
        }),
      }),
      bare,
    );
    expect(pay.status).toBe(503);
  });
});
