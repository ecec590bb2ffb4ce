import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app.ts";
import { paymentRoutes } from "../../src/checkout/payment-routes.ts";
import type { AppEnv } from "../../src/env.ts";
import { requestId } from "../../src/security/request-id.ts";
import {
  cartItem,
  customer,
  expectSafeErrorBody,
  failingStandinUrl,
  PAYMENT_URL,
  postPaymentWith,
  read,
  slowStandinUrl,
  testClientIp,
} from "./support/payment.ts";

const SECRET = "sk_live_must_not_leak";
const UNEXPECTED = "Something went wrong on our side. Please try again in a moment.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The real site with one extra route that fails the way a bug would. */
function siteWithABug() {
  const app = createApp();
  app.all("/__bug", () => {
    throw new Error(`database exploded near ${SECRET}`);
  });
  return app;
}

const errorLog = () => vi.spyOn(console, "error").mockImplementation(() => {});

/** The worker's log lines are JSON objects (src/http/log.ts), one per console call. */
type LogLine = { level?: string; message?: string; requestId?: string; error?: { message?: string } };
const logLines = (log: ReturnType<typeof errorLog>): LogLine[] =>
  log.mock.calls.map((args) => JSON.parse(String(args[0])) as LogLine);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("an unexpected exception", () => {
  it("on a page answers the 500 page with a reference a visitor can quote, and logs the error under it", async () => {
    const log = errorLog();
    const res = await siteWithABug().fetch(
      new Request("http://example.com/__bug", { headers: { Accept: "text/html" } }),
      env,
    );
    const html = await res.text();
    const id = res.headers.get("X-Request-Id") ?? "";
    expect(res.status).toBe(500);
    expect(id).toMatch(UUID);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(html).toContain("Unexpected Application Error");
    expect(html).toContain(`Reference: <code class="font-mono">${id}</code>`);
    expect(html).not.toContain(SECRET);
    expect(html).not.toMatch(/at [\w.]+ \(|\.ts:\d+/);
    const logged = logLines(log).find((line) => line.requestId === id);
    expect(logged, "the error is logged with the request id").toBeTruthy();
    expect(logged?.level).toBe("error");
    expect(String(logged?.error?.message)).toContain("database exploded");
  });

  it("on a script's request answers JSON: one sentence and the request id, nothing of the error", async () => {
    errorLog();
    const res = await read(
      await siteWithABug().fetch(
        new Request("http://example.com/__bug", { method: "POST", headers: { "Content-Type": "application/json" } }),
        env,
      ),
    );
    expect(res.status).toBe(500);
    expectSafeErrorBody(res);
    expect(res.json).toEqual({ error: UNEXPECTED, requestId: res.headers.get("X-Request-Id") });
    expect(res.text).not.toContain(SECRET);
  });

  it("inside the payment route is logged with the id its JSON answer carries", async () => {
    const log = errorLog();
    const exploding = new Proxy(
      {},
      {
        get() {
          throw new Error(`binding exploded: ${SECRET}`);
        },
      },
    );
    const request = new Request(PAYMENT_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://example.com", "CF-Connecting-IP": testClientIp() },
      body: JSON.stringify({ services: [cartItem("e1")], customerInfo: customer() }),
    });
    const res = await read(await createApp().fetch(request, exploding));
    const id = res.headers.get("X-Request-Id");
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ error: UNEXPECTED, requestId: id });
    expect(logLines(log).some((line) => line.requestId === id)).toBe(true);
  });

  it("keeps a handler's own JSON body and adds only the id (the middleware alone)", async () => {
    errorLog();
    const app = new Hono().use(requestId());
    app.get("/x", (c) => c.json({ error: "Custom sentence." }, 500));
    const res = await read(await app.request("/x"));
    expect(res.json).toEqual({ error: "Custom sentence.", requestId: res.headers.get("X-Request-Id") });
  });

  it("does not touch 4xx answers: they are the visitor's to fix, not ours to trace", async () => {
    const res = await postPaymentWith({}, { services: [] });
    expect(res.status).toBe(400);
    expect(res.json).not.toHaveProperty("requestId");
    expect(res.headers.get("X-Request-Id")).toMatch(UUID);
  });
});

describe("when Stripe is down or slow, nothing is half-recorded", () => {
  async function ordersOf(email: string): Promise<number> {
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE customer_email = ?").bind(email).first<{
      n: number;
    }>();
    return row?.n ?? -1;
  }

  it("a failing Stripe answers 502 with the failure message and records no order", async () => {
    errorLog();
    const info = customer();
    const res = await postPaymentWith(
      { STRIPE_API_BASE: failingStandinUrl() },
      { services: [cartItem("e1")], customerInfo: info },
    );
    expect(res.status).toBe(502);
    expectSafeErrorBody(res);
    expect(await ordersOf(info.email)).toBe(0);
  });

  it("a Stripe slower than the client timeout answers 502 within the timeout and records no order", async () => {
    errorLog();
    const info = customer();
    // The production timeout is 10 s with one retry; a short one keeps the test quick, same code path.
    const app = new Hono<AppEnv>().route("/", paymentRoutes({ stripe: { timeoutMs: 250, maxNetworkRetries: 1 } }));
    const started = Date.now();
    const res = await read(
      await app.fetch(
        new Request(PAYMENT_URL, {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": testClientIp() },
          body: JSON.stringify({ services: [cartItem("e1")], customerInfo: info }),
        }),
        { ...env, STRIPE_API_BASE: slowStandinUrl() },
      ),
    );
    const elapsed = Date.now() - started;
    expect(res.status).toBe(502);
    // Two attempts of 250 ms plus Stripe's retry back-off (at most 2 s after the first failure).
    expect(elapsed).toBeLessThan(2_800);
    expect(await ordersOf(info.email)).toBe(0);
  });
});
