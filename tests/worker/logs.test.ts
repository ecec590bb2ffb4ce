import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../../src/http/log.ts";
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
