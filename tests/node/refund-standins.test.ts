// The stand-ins' refunds answer as their providers document: Daraja's reversal checked field by field
// (its own spelling RecieverIdentifierType included), answered with its ids at once and its Result
// later at ResultURL (by itself when started with a delay, whole or failing, a second reversal of one
// payment refused); Stripe's refund never more than is left on the charge, with Stripe's errors.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type MpesaStandin, startMpesaStandin } from "../../scripts/mpesa-standin/server.ts";
import { type StripeStandin, startStripeStandin } from "../../scripts/stripe-standin/server.ts";
import { syncStandinCatalogue } from "../../scripts/stripe-sync/standin.ts";

let mpesa: MpesaStandin;
let receiver: Server;
let received: { path: string; body: Record<string, unknown> }[];
let site: string;

beforeEach(async () => {
  mpesa = await startMpesaStandin({ port: 0, reversalDelayMs: 50 });
  received = [];
  receiver = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: JSON.parse(text) });
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"ResultCode":0,"ResultDesc":"Accepted"}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await mpesa.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function reverse(overrides: Record<string, unknown> = {}, drop: string[] = []) {
  const auth = await fetch(`${mpesa.url}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { Authorization: `Basic ${Buffer.from("key:secret").toString("base64")}` },
  });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const body: Record<string, unknown> = {
    Initiator: "testapiuser",
    SecurityCredential: "c2VjcmV0LWNyZWRlbnRpYWw=",
    CommandID: "TransactionReversal",
    TransactionID: "PDU91HIVIT",
    Amount: 200,
    ReceiverParty: "174379",
    RecieverIdentifierType: "11",
    ResultURL: `${site}/payments/reversal/s3cret/result`,
    QueueTimeOutURL: `${site}/payments/reversal/s3cret/timeout`,
    Remarks: "Refund",
    Occasion: "rf_1",
    ...overrides,
  };
  for (const key of drop) delete body[key];
  const res = await fetch(`${mpesa.url}/mpesa/reversal/v1/request`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

const settled = async (count: number) => {
  for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  return received;
};

describe("the Daraja stand-in's reversal", () => {
  it("answers with its ids, then POSTs the Result to ResultURL; a second reversal of the payment fails", async () => {
    const first = await reverse();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      ResponseCode: "0",
      ResponseDescription: "Accept the service request successfully.",
    });
    expect(first.body.ConversationID).toMatch(/^AG_\d{8}_[0-9a-f]{20}$/);
    const [result] = await settled(1);
    expect(result?.path).toBe("/payments/reversal/s3cret/result");
    expect(result?.body.Result).toMatchObject({
      ResultCode: 0,
      ConversationID: first.body.ConversationID,
      OriginatorConversationID: first.body.OriginatorConversationID,
      ResultParameters: {
        ResultParameter: expect.arrayContaining([{ Key: "OriginalTransactionID", Value: "PDU91HIVIT" }]),
      },
    });
    await reverse();
    const [, second] = await settled(2);
    expect(second?.body.Result).toMatchObject({ ResultCode: "R000001" });
  });

  it("refuses what Daraja refuses, field by field", async () => {
    const refused = [
      [{ ReceiverIdentifierType: "11" }, "Unknown field ReceiverIdentifierType"],
      [{ CommandID: "Reversal" }, "Invalid CommandID"],
      [{ RecieverIdentifierType: "4" }, "Invalid RecieverIdentifierType"],
      [{ Amount: 0 }, "Invalid Amount"],
      [{ TransactionID: "short" }, "Invalid TransactionID"],
      [{ ResultURL: "http://example.com/result" }, "Invalid ResultURL"],
      [{ QueueTimeOutURL: `${site}/mpesa/timeout` }, "Invalid QueueTimeOutURL"],
      [{ Remarks: "x" }, "Invalid Remarks"],
    ] as const;
    for (const [overrides, message] of refused) {
      const answer = await reverse(overrides);
      expect(answer.status, message).toBe(400);
      expect(answer.body.errorMessage).toContain(message);
    }
    expect((await reverse({}, ["Initiator"])).body.errorMessage).toContain("Invalid Initiator");
  });
});

describe("the Stripe stand-in's refunds", () => {
  let stripe: StripeStandin;
  beforeEach(async () => {
    stripe = await startStripeStandin({ port: 0, webhookSecret: "whsec_node_refunds" });
    await syncStandinCatalogue(stripe.url);
  });
  afterEach(() => stripe.close());

  const call = async (path: string, form?: Record<string, string>, key?: string) => {
    const res = await fetch(`${stripe.url}${path}`, {
      method: form ? "POST" : "GET",
      headers: {
        Authorization: "Bearer sk_test_node",
        "Content-Type": "application/x-www-form-urlencoded",
        ...(key ? { "Idempotency-Key": key } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown> & { error?: Record<string, string> },
    };
  };

  it("refunds at most what is left, with Stripe's errors, and sends charge.refunded", async () => {
    const prices = await call("/v1/prices?lookup_keys[0]=service-s1&active=true");
    const price = (prices.body.data as { id: string }[])[0]?.id ?? "";
    const session = await call("/v1/checkout/sessions", {
      mode: "payment",
      "line_items[0][price]": price,
      "line_items[0][quantity]": "1",
      success_url: "https://shop.example/ok",
      cancel_url: "https://shop.example/cancel",
    });
    await fetch(`${stripe.url}/pay/${String(session.body.id)}`, { method: "POST", redirect: "manual" });
    const paid = await call(`/v1/checkout/sessions/${String(session.body.id)}`);
    const pi = String(paid.body.payment_intent);
    expect(pi).toMatch(/^pi_test_/);

    const part = await call("/v1/refunds", { payment_intent: pi, amount: "5000" }, "k1");
    expect(part.body).toMatchObject({ object: "refund", amount: 5000, payment_intent: pi, status: "succeeded" });
    expect((await call("/v1/refunds", { payment_intent: pi, amount: "5000" }, "k1")).body.id).toBe(part.body.id);
    const conflict = await call("/v1/refunds", { payment_intent: pi, amount: "4000" }, "k1");
    expect(conflict.body.error?.type).toBe("idempotency_error");
    const tooMuch = await call("/v1/refunds", { payment_intent: pi, amount: "10001" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatchObject({ code: "amount_too_large", param: "amount" });
    expect(tooMuch.body.error?.message).toBe(
      "Refund amount ($100.01) is greater than unrefunded amount on charge ($100.00)",
    );
    await call("/v1/refunds", { payment_intent: pi });
    const again = await call("/v1/refunds", { payment_intent: pi });
    expect(again.body.error?.code).toBe("charge_already_refunded");
    const listed = await call(`/v1/refunds?payment_intent=${pi}`);
    expect((listed.body.data as { amount: number }[]).map((r) => r.amount)).toEqual([10000, 5000]);
    const events = (await (await fetch(`${stripe.url}/__events`)).json()) as { type: string; payload: string }[];
    const refunded = events.filter((e) => e.type === "charge.refunded");
    expect(refunded).toHaveLength(2);
    expect(JSON.parse(refunded[1]?.payload ?? "{}").data.object).toMatchObject({
      amount_refunded: 15000,
      refunded: true,
    });
  });
});
