import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../../src/http/log.ts";
import { MPESA_CALLBACK_PREFIX, MPESA_ORDER_PATH } from "../../src/paths.ts";
import { siteApp } from "../../src/site-shell.ts";
import {
  answerPrompt,
  deliver as deliverCallback,
  mpesaStandinUrl,
  orderByRef,
  postMpesa,
  refOf,
  requestsOf,
  shillingsFor,
  testPhone,
} from "./support/mpesa.ts";
import { deliver, sessionEvent, WEBHOOK_URL } from "./support/orders.ts";
import { cartItem, customer, failingStandinUrl, postPaymentWith, standinUrl } from "./support/payment.ts";
import { PROXIED_STRIPE, proxyStripe } from "./support/stripe-proxy.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type LogLine = {
  level: string;
  message: string;
  requestId: string;
  path: string;
  sessionId?: string;
  error?: { name: string; message: string; stack?: string };
};

/** Every console call of the worker is one line holding one JSON object: this parses each (or throws). */
function linesOf(spy: { mock: { calls: unknown[][] } }): LogLine[] {
  return spy.mock.calls.map((args) => {
    expect(args, "one string argument per log call").toHaveLength(1);
    const text = String(args[0]);
    expect(text).not.toContain("\n");
    return JSON.parse(text) as LogLine;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("structured logs", () => {
  it("a webhook with a bad signature logs one JSON warn line under the response's request id", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const payload = sessionEvent("checkout.session.completed", {
      id: "cs_test_log",
      status: "complete",
      payment_status: "paid",
    });
    const res = await exports.default.fetch(WEBHOOK_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=deadbeef" },
      body: payload,
    });
    await res.arrayBuffer();
    expect(res.status).toBe(400);
    const id = res.headers.get("X-Request-Id") ?? "";
    expect(id).toMatch(UUID);

    const lines = linesOf(warn);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ level: "warn", requestId: id, path: "/stripe/webhook" });
    expect(line?.message).toMatch(/^Stripe webhook refused: /);
    expect(line?.error).toMatchObject({ name: expect.any(String), message: expect.any(String) });
    expect(line?.error?.stack, "a warning carries no stack").toBeUndefined();
  });

  it("a payment Stripe refuses logs one JSON error line, with the error's name, message and stack", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    // The prices are found at the synced stand-in; the session is asked of the failing one.
    proxyStripe(undefined, (call) => (call.path === "/v1/prices" ? standinUrl() : failingStandinUrl()));
    const res = await postPaymentWith(
      { STRIPE_API_BASE: PROXIED_STRIPE },
      { services: [cartItem("e1")], customerInfo: customer() },
    );
    expect(res.status).toBe(502);

    const lines = linesOf(error);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: "error",
      requestId: res.headers.get("X-Request-Id"),
      path: "/create-custom-payment",
      error: { name: expect.any(String), message: expect.any(String), stack: expect.any(String) },
    });
    expect(line?.message).toContain("Checkout Session could not be created");
  });

  it("the context-free form writes the request it is given, and an error's stack on error lines only", () => {
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = logger({ requestId: "req-1", path: "/checkout/success", sessionId: "cs_test_1" });
    request.info("Order confirmed", { status: "paid" });
    request.error("Stripe unreachable", { error: new TypeError("fetch failed") });
    expect(linesOf(info)).toEqual([
      {
        level: "info",
        message: "Order confirmed",
        requestId: "req-1",
        path: "/checkout/success",
        sessionId: "cs_test_1",
        status: "paid",
      },
    ]);
    expect(linesOf(error)[0]).toMatchObject({
      level: "error",
      requestId: "req-1",
      sessionId: "cs_test_1",
      error: { name: "TypeError", message: "fetch failed", stack: expect.stringContaining("fetch failed") },
    });
  });

  it("a request that did not fail logs nothing", async () => {
    const spies = [
      vi.spyOn(console, "log").mockImplementation(() => {}),
      vi.spyOn(console, "warn").mockImplementation(() => {}),
      vi.spyOn(console, "error").mockImplementation(() => {}),
    ];
    const answer = await deliver("{}");
    expect(answer.status).toBe(400);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});

/** Every line the worker writes, at any level, as the text that reaches the log. */
function everyLogLine() {
  const spies = [
    vi.spyOn(console, "log").mockImplementation(() => {}),
    vi.spyOn(console, "warn").mockImplementation(() => {}),
    vi.spyOn(console, "error").mockImplementation(() => {}),
  ];
  return () => spies.flatMap((spy) => spy.mock.calls.map((args) => String(args[0])));
}

/** An M-Pesa prompt for a one-off cart: its CheckoutRequestID and the callback address Daraja was given. */
async function startPrompt() {
  const res = await postMpesa({
    services: [cartItem("s1")],
    customerInfo: customer(),
    phone: testPhone().typed,
    kesAmount: await shillingsFor(15_000),
  });
  expect(res.status).toBe(200);
  const order = await orderByRef(refOf(((await res.json()) as { url: string }).url));
  const [request] = (await requestsOf(order?.order_id ?? "")).results;
  const pushes = (await (await fetch(`${mpesaStandinUrl()}/__pushes`)).json()) as {
    checkoutRequestId: string;
    request: { callbackUrl: string };
  }[];
  const push = pushes.find((p) => p.checkoutRequestId === request?.checkout_request_id);
  if (!request || !push) throw new Error("no prompt recorded");
  return { checkoutRequestId: request.checkout_request_id, callbackUrl: push.request.callbackUrl };
}

/** The real site with routes that fail, as a bug would, on addresses whose last segment is a key. */
/** The shell every area of the site is built in (the M-Pesa area's too), with routes that fail. */
function siteFailingOnKeyedPaths() {
  const bug = (url: string) => {
    throw new Error(`exploded while handling ${url}`);
  };
  return siteApp((app) => {
    app.get(`${MPESA_CALLBACK_PREFIX}:token`, (c) => bug(c.req.url));
    app.get(`${MPESA_ORDER_PATH}/explode`, (c) => bug(c.req.url));
  });
}

describe("secrets in addresses stay out of the log", () => {
  it("a callback refused at a prompt's token address logs its refusal without the token", async () => {
    const mine = await startPrompt();
    const other = await startPrompt();
    const token = new URL(mine.callbackUrl).pathname.slice(MPESA_CALLBACK_PREFIX.length);
    expect(token).toMatch(/^[\w-]{43}$/);
    // Another prompt's genuine callback, posted to this prompt's address: refused, and logged.
    const { callback } = await answerPrompt(other.checkoutRequestId, 0);
    const lines = everyLogLine();
    expect((await deliverCallback(mine.callbackUrl, callback)).status).toBe(200);

    const written = lines();
    expect(written.length, "the refusal is logged").toBeGreaterThan(0);
    for (const line of written) expect(line).not.toContain(token);
    expect(written.map((line) => (JSON.parse(line) as LogLine).path)).toContain("/mpesa/callback/[redacted]");
  });

  it("an unexpected error on a callback or waiting-page address logs the error without the key", async () => {
    const token = "Zk3q9VbX2mL0pR7sT1uW4yA6cE8gI5kN-oQ_hJdFtYz";
    const ref = crypto.randomUUID();
    const lines = everyLogLine();
    const app = siteFailingOnKeyedPaths();
    for (const path of [`${MPESA_CALLBACK_PREFIX}${token}`, `/mpesa/order/${ref}/explode?k=${token}`]) {
      const res = await app.fetch(new Request(`https://example.com${path}`, { headers: { Accept: "text/html" } }), env);
      expect(res.status).toBe(500);
    }

    const written = lines();
    expect(written).toHaveLength(2);
    for (const line of written) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(ref);
    }
    const parsed = written.map((line) => JSON.parse(line) as LogLine);
    expect(parsed.map((line) => line.path)).toEqual(["/mpesa/callback/[redacted]", "/mpesa/order/[redacted]/explode"]);
    expect(parsed[0]?.message).toBe("Request failed: GET /mpesa/callback/[redacted]");
    expect(parsed[1]?.error?.message).toBe(
      "exploded while handling https://example.com/mpesa/order/[redacted]/explode?k=[redacted]",
    );
  });

  it("redacts receipt, quote and billing-link keys in any field a caller logs, and keeps the rest", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = logger({ requestId: "req-2", path: "/receipt/R-2026-00001" });
    request.error("Receipt PDF failed", {
      link: "https://example.com/receipt/R-2026-00001?k=receiptkey123&download=1",
      quote: "/quote/Q-2026-00007/pdf?k=quotekey456",
      billing: "/billing/open?token=billingtoken789",
      error: new Error("R2 refused /quote/Q-2026-00007?k=quotekey456"),
    });
    const [line] = error.mock.calls.map((args) => String(args[0]));
    for (const secret of ["receiptkey123", "quotekey456", "billingtoken789"]) expect(line).not.toContain(secret);
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      path: "/receipt/R-2026-00001",
      link: "https://example.com/receipt/R-2026-00001?k=[redacted]&download=1",
      quote: "/quote/Q-2026-00007/pdf?k=[redacted]",
      billing: "/billing/open?token=[redacted]",
      error: { message: "R2 refused /quote/Q-2026-00007?k=[redacted]" },
    });
  });
});
