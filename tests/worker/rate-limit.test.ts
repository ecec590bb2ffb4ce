import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app.ts";
import { RETRY_AFTER_SECONDS, rateLimit } from "../../src/security/rate-limit.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import {
  cartItem,
  customer,
  expectSafeErrorBody,
  postPayment,
  postPaymentWith,
  read,
  recordedCreates,
  sentinelStandinUrl,
  testClientIp,
} from "./support/payment.ts";

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));

const LIMITED = { error: "Too many payment attempts from your network. Please wait a minute and try again." };
/** PAYMENT_LIMITER in wrangler.toml: 10 requests per 60 s per client. */
const PAYMENT_LIMIT = 10;

const asClient = (ip: string) => ({ headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip } });

describe("POST /create-custom-payment is limited per client", () => {
  it(`answers the ${PAYMENT_LIMIT + 1}th request in a minute from one client with 429, Retry-After and a message`, async () => {
    const ip = testClientIp();
    // Bad bodies are counted too: the limit is on attempts, and they are cheap to send.
    for (let i = 0; i < PAYMENT_LIMIT; i++) {
      const res = await postPayment({}, asClient(ip));
      expect(res.status, `request ${i + 1}`).toBe(400);
    }
    const limited = await postPayment({}, asClient(ip));
    expect(limited.status).toBe(429);
    expectSafeErrorBody(limited);
    expect(limited.json).toEqual(LIMITED);
    expect(limited.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    expect(limited.headers.get("Cache-Control")).toBe("no-store");
  });

  it("a limited client's valid order never reaches Stripe", async () => {
    const ip = testClientIp();
    for (let i = 0; i < PAYMENT_LIMIT; i++) await postPayment({}, asClient(ip));
    const body = { services: [cartItem("e1")], customerInfo: customer() };
    const res = await postPaymentWith({ STRIPE_API_BASE: sentinelStandinUrl() }, body, asClient(ip));
    expect(res.status).toBe(429);
    expect(await recordedCreates(sentinelStandinUrl(), body.customerInfo.email)).toEqual([]);
  });

  it("other clients are not affected by one client's limit", async () => {
    const busy = testClientIp();
    for (let i = 0; i <= PAYMENT_LIMIT; i++) await postPayment({}, asClient(busy));
    expect((await postPayment({}, asClient(busy))).status).toBe(429);
    expect((await postPayment({}, asClient(testClientIp()))).status).toBe(400);
  });

  it("a missing limiter binding lets requests through (and says so in the log)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const ip = testClientIp();
    for (let i = 0; i <= PAYMENT_LIMIT + 2; i++) {
      const res = await postPaymentWith({ PAYMENT_LIMITER: undefined }, {}, asClient(ip));
      expect(res.status).toBe(400);
    }
    const lines = warn.mock.calls.map((args) => JSON.parse(String(args[0])) as { level?: string; message?: string });
    expect(lines).toContainEqual(
      expect.objectContaining({ level: "warn", message: expect.stringContaining("Rate limiter missing") }),
    );
    warn.mockRestore();
  });
});

describe("the rateLimit middleware", () => {
  const app = (limiter: RateLimit) =>
    new Hono<{ Bindings: Env }>().post(
      "/x",
      rateLimit(() => limiter, "Slow down, please."),
      (c) => c.json({ ok: true }),
    );
  const post = (a: Hono<{ Bindings: Env }>, ip?: string) =>
    a.request("/x", { method: "POST", headers: ip ? { "CF-Connecting-IP": ip } : {} }, env);

  it("counts each client by its CF-Connecting-IP, and clients without one together", async () => {
    const keys: string[] = [];
    const limiter = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key);
        return { success: true };
      },
    };
    await post(app(limiter), "203.0.113.7");
    await post(app(limiter));
    expect(keys).toEqual(["203.0.113.7", "unknown-client"]);
  });

  it("answers 429 JSON with Retry-After when the limiter says no", async () => {
    const res = await read(await post(app({ limit: async () => ({ success: false }) }), "203.0.113.8"));
    expect(res.status).toBe(429);
    expect(res.json).toEqual({ error: "Slow down, please." });
    expect(res.headers.get("Retry-After")).toBe("60");
  });

  it("lets the request through when the limiter itself fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = {
      limit: async () => {
        throw new Error("limiter unavailable");
      },
    };
    const res = await post(app(failing), "203.0.113.9");
    expect(res.status).toBe(200);
    expect(error).toHaveBeenCalled();
    const line = JSON.parse(String(error.mock.calls[0]?.[0])) as { level?: string; error?: { message?: string } };
    expect(line).toMatchObject({ level: "error", error: { message: "limiter unavailable" } });
    error.mockRestore();
  });
});

describe("the same client on the real worker entry", () => {
  it("shares its allowance across requests to the payment endpoint only (pages are never limited)", async () => {
    const ip = testClientIp();
    for (let i = 0; i <= PAYMENT_LIMIT; i++) await postPayment({}, asClient(ip));
    const page = await createApp().fetch(
      new Request("http://example.com/pricing", { headers: { "CF-Connecting-IP": ip } }),
      env,
    );
    await page.arrayBuffer();
    expect(page.status).toBe(200);
  });
});
