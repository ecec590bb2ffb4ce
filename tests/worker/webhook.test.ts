import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { makeOrder } from "./support/factories.ts";
import {
  deliver,
  deliverSigned,
  fakeSessionId,
  orderRow,
  payAtStandin,
  placeOrder,
  recordedEventCount,
  sessionEvent,
  signature,
  standinEvents,
  statusOf,
  WEBHOOK_URL,
} from "./support/orders.ts";
import { standinUrl } from "./support/payment.ts";

/** What Stripe reports for a seeded order ($150.00): every completed or paid session carries its figures. */
const figures = { amount_total: 15_000, currency: "usd" };
const completedPaid = (id: string) => ({ id, status: "complete", payment_status: "paid", ...figures });
const completedUnpaid = (id: string) => ({ id, status: "complete", payment_status: "unpaid", ...figures });
const expiredSession = (id: string) => ({ id, status: "expired", payment_status: "unpaid" });

async function send(type: string, session: Parameters<typeof sessionEvent>[1], eventId?: string) {
  const payload = sessionEvent(type, session, eventId);
  return { payload, answer: await deliverSigned(payload) };
}

describe("POST /stripe/webhook: each Checkout Session event", () => {
  it("checkout.session.completed, paid: the order becomes paid", async () => {
    const id = await makeOrder();
    const { answer } = await send("checkout.session.completed", completedPaid(id));
    expect(answer).toEqual({ status: 200, body: { received: true } });
    const order = await orderRow(id);
    expect(order?.status).toBe("paid");
    expect(order?.paid_at).not.toBeNull();
  });

  it("checkout.session.completed, awaiting payment, then async_payment_succeeded: awaiting, then paid", async () => {
    const id = await makeOrder();
    await send("checkout.session.completed", completedUnpaid(id));
    expect(await statusOf(id)).toBe("awaiting_payment");
    expect((await orderRow(id))?.paid_at).toBeNull();

    const { answer } = await send("checkout.session.async_payment_succeeded", completedPaid(id));
    expect(answer.status).toBe(200);
    expect(await statusOf(id)).toBe("paid");
  });

  it("checkout.session.async_payment_failed: payment_failed", async () => {
    const id = await makeOrder();
    await send("checkout.session.completed", completedUnpaid(id));
    const { answer } = await send("checkout.session.async_payment_failed", completedUnpaid(id));
    expect(answer.status).toBe(200);
    expect(await statusOf(id)).toBe("payment_failed");
  });

  it("checkout.session.expired: expired", async () => {
    const id = await makeOrder();
    const { answer } = await send("checkout.session.expired", expiredSession(id));
    expect(answer.status).toBe(200);
    expect(await statusOf(id)).toBe("expired");
  });

  it("acknowledges an event for an unknown session without creating anything", async () => {
    const id = fakeSessionId();
    const { answer } = await send("checkout.session.completed", completedPaid(id));
    expect(answer).toEqual({ status: 200, body: { received: true } });
    expect(await orderRow(id)).toBeNull();
  });

  it("acknowledges event types it does not act on", async () => {
    const id = await makeOrder();
    const payload = JSON.stringify({
      id: `evt_test_${crypto.randomUUID()}`,
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_test_1", object: "payment_intent", status: "succeeded" } },
    });
    expect((await deliverSigned(payload)).status).toBe(200);
    expect(await statusOf(id)).toBe("pending");
  });
});

describe("POST /stripe/webhook refuses what Stripe did not sign, and changes nothing", () => {
  const cases: [string, (payload: string) => Promise<{ body: string; header: string | null }>][] = [
    ["a missing Stripe-Signature header", async (p) => ({ body: p, header: null })],
    [
      "a forged signature",
      async (p) => ({ body: p, header: `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}` }),
    ],
    [
      "a signature made with the wrong secret",
      async (p) => ({ body: p, header: await signature(p, { secret: "whsec_attacker" }) }),
    ],
    [
      "a stale timestamp (older than 300 s)",
      async (p) => ({ body: p, header: await signature(p, { timestamp: Math.floor(Date.now() / 1000) - 301 }) }),
    ],
    [
      "a timestamp more than 300 s ahead",
      async (p) => ({ body: p, header: await signature(p, { timestamp: Math.floor(Date.now() / 1000) + 301 }) }),
    ],
    [
      "a timestamp a year ahead",
      async (p) => ({
        body: p,
        header: await signature(p, { timestamp: Math.floor(Date.now() / 1000) + 365 * 86_400 }),
      }),
    ],
    ["a header without v1", async (p) => ({ body: p, header: `t=${Math.floor(Date.now() / 1000)}` })],
    [
      "a body changed after signing",
      async (p) => ({ body: p.replace('"unpaid"', '"paid"'), header: await signature(p) }),
    ],
  ];

  it.each(cases)("%s: 400", async (_name, make) => {
    const id = await makeOrder();
    const eventId = `evt_test_${crypto.randomUUID()}`;
    const payload = sessionEvent("checkout.session.completed", completedUnpaid(id), eventId);
    const { body, header } = await make(payload);

    const answer = await deliver(body, header);
    expect(answer.status).toBe(400);
    expect(answer.body?.error).toMatch(/^[A-Z].*\.$/);
    expect(await statusOf(id)).toBe("pending");
    expect(await recordedEventCount(eventId)).toBe(0);
  });

  it("a timestamp a minute ahead (a clock running fast) is accepted", async () => {
    const id = await makeOrder();
    const payload = sessionEvent("checkout.session.completed", completedPaid(id));
    const answer = await deliver(payload, await signature(payload, { timestamp: Math.floor(Date.now() / 1000) + 60 }));
    expect(answer.status).toBe(200);
    expect(await statusOf(id)).toBe("paid");
  });

  it("malformed JSON, even correctly signed: 400", async () => {
    const id = await makeOrder();
    const body = `{"id":"evt_test_bad","type":"checkout.session.completed","data":{"object":{"id":"${id}"`;
    const answer = await deliver(body, await signature(body));
    expect(answer.status).toBe(400);
    expect(await statusOf(id)).toBe("pending");
  });

  it("signed JSON that is not an event: 400", async () => {
    const id = await makeOrder();
    const body = JSON.stringify({ id, status: "complete", payment_status: "paid" });
    const answer = await deliver(body, await signature(body));
    expect(answer.status).toBe(400);
    expect(await statusOf(id)).toBe("pending");
  });

  it("answers 503 while STRIPE_WEBHOOK_SECRET is not configured, so Stripe retries later", async () => {
    const id = await makeOrder();
    const payload = sessionEvent("checkout.session.completed", completedPaid(id));
    const request = new Request(WEBHOOK_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": await signature(payload) },
      body: payload,
    });
    const res = await createApp().fetch(request, { ...env, STRIPE_WEBHOOK_SECRET: undefined });
    expect(res.status).toBe(503);
    expect(await statusOf(id)).toBe("pending");
  });

  it("answers 405 to other methods", async () => {
    const res = await exports.default.fetch(WEBHOOK_URL);
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });
});

describe("POST /stripe/webhook: replays and disorder", () => {
  it("handles the same event twice once: the second delivery is acknowledged and changes nothing", async () => {
    const id = await makeOrder();
    const eventId = `evt_test_${crypto.randomUUID()}`;
    const payload = sessionEvent("checkout.session.completed", completedPaid(id), eventId);
    expect((await deliverSigned(payload)).status).toBe(200);
    const first = await orderRow(id);

    expect((await deliverSigned(payload)).status).toBe(200);
    const second = await orderRow(id);
    expect(second).toEqual(first);
    expect(second?.status).toBe("paid");
    expect(await recordedEventCount(eventId)).toBe(1);
  });

  it("completed after expired: paid (a completed session was not abandoned)", async () => {
    const id = await makeOrder();
    await send("checkout.session.expired", expiredSession(id));
    await send("checkout.session.completed", completedPaid(id));
    expect(await statusOf(id)).toBe("paid");
  });

  it("expired after completed: stays paid", async () => {
    const id = await makeOrder();
    await send("checkout.session.completed", completedPaid(id));
    const paidAt = (await orderRow(id))?.paid_at;
    const { answer } = await send("checkout.session.expired", expiredSession(id));
    expect(answer.status).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: "paid", paid_at: paidAt });
  });

  it("a late completed (awaiting payment) after async success: stays paid", async () => {
    const id = await makeOrder();
    await send("checkout.session.async_payment_succeeded", completedPaid(id));
    await send("checkout.session.completed", completedUnpaid(id));
    await send("checkout.session.async_payment_failed", completedUnpaid(id));
    expect(await statusOf(id)).toBe("paid");
  });
});

describe("events signed by the local Stripe stand-in", () => {
  it("paying on its test page produces a signed checkout.session.completed that marks the order paid", async () => {
    const { sessionId, payUrl } = await placeOrder(["e2"]);
    const paid = await payAtStandin(payUrl);
    expect(paid.status).toBe(303);

    const [event, ...more] = await standinEvents(sessionId);
    expect(more).toEqual([]);
    expect(event?.type).toBe("checkout.session.completed");
    expect(event?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const answer = await deliver(event?.payload ?? "", event?.signature);
    expect(answer.status).toBe(200);
    expect(await statusOf(sessionId)).toBe("paid");
  });

  it("expiring a session through its test endpoint produces a signed checkout.session.expired", async () => {
    const { sessionId } = await placeOrder(["e3"]);
    const res = await fetch(`${standinUrl()}/__expire/${sessionId}`, { method: "POST" });
    expect(res.status).toBe(200);

    const [event] = await standinEvents(sessionId);
    expect(event?.type).toBe("checkout.session.expired");
    expect((await deliver(event?.payload ?? "", event?.signature)).status).toBe(200);
    expect(await statusOf(sessionId)).toBe("expired");
  });
});
