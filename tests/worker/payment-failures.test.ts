import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app.ts";
import { paymentRoutes } from "../../src/checkout/payment-routes.ts";
import type { AppEnv } from "../../src/env.ts";
import {
  cartItem,
  customer,
  expectSafeErrorBody,
  failingStandinUrl,
  PAYMENT_URL,
  postPaymentWith,
  read,
  recordedCreates,
  slowStandinUrl,
  standinUrl,
} from "./support/payment.ts";
import { PROXIED_STRIPE, proxyStripe } from "./support/stripe-proxy.ts";

const order = () => ({ services: [cartItem("pricing-business"), cartItem("e1")], customerInfo: customer() });

const NOT_CONFIGURED = "Payments are not configured. Please contact us to complete your order.";
const PROVIDER_FAILED = "The payment provider could not be reached. Please try again in a moment.";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("when Stripe fails", () => {
  it("a Stripe 500 answers 502 with a clear message, after one retry with the same idempotency key", async () => {
    const body = order();
    // The prices are found at the synced stand-in; the session is asked of the failing one.
    proxyStripe(undefined, (call) => (call.path === "/v1/prices" ? standinUrl() : failingStandinUrl()));
    const res = await postPaymentWith({ STRIPE_API_BASE: PROXIED_STRIPE }, body);
    expect(res.status).toBe(502);
    expectSafeErrorBody(res);
    expect(res.json).toEqual({ error: PROVIDER_FAILED });

    const calls = await recordedCreates(failingStandinUrl(), body.customerInfo.email);
    expect(calls.map((c) => c.status)).toEqual([500, 500]);
    expect(calls[0]?.idempotencyKey).toBeTruthy();
    expect(calls[1]?.idempotencyKey).toBe(calls[0]?.idempotencyKey);
  });

  it("no Stripe server listening answers 502", async () => {
    const res = await postPaymentWith({ STRIPE_API_BASE: "http://127.0.0.1:9" }, order());
    expect(res.status).toBe(502);
    expect(res.json).toEqual({ error: PROVIDER_FAILED });
  });

  it("a Stripe that does not answer in time answers 502 (client timeout)", async () => {
    // The production timeout is 10 s; the route takes a shorter one so the test stays quick.
    const app = new Hono<AppEnv>().route("/", paymentRoutes({ stripe: { timeoutMs: 300, maxNetworkRetries: 0 } }));
    const started = Date.now();
    const res = await read(
      await app.fetch(
        new Request(PAYMENT_URL, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(order()),
        }),
        { ...env, STRIPE_API_BASE: slowStandinUrl() },
      ),
    );
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(res.status).toBe(502);
    expectSafeErrorBody(res);
  });
});

describe("an unexpected failure", () => {
  it("answers a JSON 500 without any detail of the error", async () => {
    const exploding = new Proxy(
      {},
      {
        get() {
          throw new Error("binding exploded: sk_live_do_not_leak");
        },
      },
    );
    const request = new Request(PAYMENT_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: new URL(PAYMENT_URL).origin },
      body: JSON.stringify(order()),
    });
    const res = await read(await createApp().fetch(request, exploding));
    expect(res.status).toBe(500);
    expectSafeErrorBody(res);
    // The id lets the owner find the logged error; it says nothing about the error itself.
    expect(res.json).toEqual({
      error: "Something went wrong on our side. Please try again in a moment.",
      requestId: res.headers.get("X-Request-Id"),
    });
  });
});

describe("when payments are not configured", () => {
  it.each([
    ["no STRIPE_SECRET_KEY", { STRIPE_SECRET_KEY: undefined }],
    ["an empty STRIPE_SECRET_KEY", { STRIPE_SECRET_KEY: "" }],
    ["a blank STRIPE_SECRET_KEY", { STRIPE_SECRET_KEY: "   " }],
  ])("%s answers 503 'Payments are not configured'", async (_label, bindings) => {
    const res = await postPaymentWith(bindings, order());
    expect(res.status).toBe(503);
    expectSafeErrorBody(res);
    expect(res.json).toEqual({ error: NOT_CONFIGURED });
  });

  it.each([
    ["a remote host", "https://api.example.com"],
    ["a private address", "http://10.0.0.5:12111"],
    ["not a URL", "localhost:12111"],
    ["another scheme", "ftp://127.0.0.1:12111"],
  ])("STRIPE_API_BASE on %s is refused (the key must not leave the machine): 503", async (_label, base) => {
    const res = await postPaymentWith({ STRIPE_API_BASE: base }, order());
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: NOT_CONFIGURED });
  });

  it("still reports bad input first: validation does not depend on configuration", async () => {
    const res = await postPaymentWith({ STRIPE_SECRET_KEY: undefined }, { services: [], customerInfo: customer() });
    expect(res.status).toBe(400);
  });
});
