import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { company } from "../../src/site/company-copy.ts";
import {
  cartItem,
  customer,
  expectSafeErrorBody,
  postPaymentWith,
  recordedCreates,
  standinUrl,
} from "./support/payment.ts";

/** Nothing listens here: only the stub below answers it, so a request that escapes the stub fails. */
const STUBBED_STRIPE = "http://127.0.0.1:9";

const REFUSED = `We could not accept this order as it is, and nothing was charged. Please contact us at ${company.emails.general.display} or ${company.phone.display} and we will complete it with you.`;
const PROVIDER_FAILED = "The payment provider could not be reached. Please try again in a moment.";

type StripeErrorBody = { type: string; message: string; code?: string; param?: string };

/**
 * Answers every call to STUBBED_STRIPE but the price lookup as Stripe answers an error (status, `{ error }` body,
 * Request-Id), so the real SDK turns it into its own error class; other fetches go through.
 * The SDK takes the global fetch when the gateway is built, which happens per request.
 */
function stripeAnswers(status: number, error: StripeErrorBody): { calls: () => number } {
  const realFetch = globalThis.fetch;
  let calls = 0;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== STUBBED_STRIPE) return realFetch(input, init);
    // The catalogue's prices are found before the session is asked for: the synced stand-in answers.
    if (url.pathname === "/v1/prices") return realFetch(new URL(`${url.pathname}${url.search}`, standinUrl()), init);
    calls++;
    const headers = { "Content-Type": "application/json", "Request-Id": `req_${crypto.randomUUID()}` };
    return Promise.resolve(new Response(JSON.stringify({ error }), { status, headers }));
  });
  return { calls: () => calls };
}

const errorLog = () => vi.spyOn(console, "error").mockImplementation(() => {});

async function ordersOf(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE customer_email = ?")
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? -1;
}

async function order(bindings: Record<string, string | undefined> = { STRIPE_API_BASE: STUBBED_STRIPE }) {
  const info = customer();
  const res = await postPaymentWith(bindings, { services: [cartItem("e1")], customerInfo: info });
  return { res, info };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Stripe refuses the Checkout Session for what it was asked", () => {
  it("a 400 invalid_request_error answers 422 with a message to contact us, not to retry; no order, one call", async () => {
    const log = errorLog();
    const stripe = stripeAnswers(400, {
      type: "invalid_request_error",
      message: "Invalid string: metadata[customer_name] contains invalid characters",
      param: "metadata[customer_name]",
    });
    const { res, info } = await order();
    expect(res.status, res.text).toBe(422);
    expectSafeErrorBody(res);
    expect(res.json).toEqual({ error: REFUSED });
    expect(res.json?.error).not.toBe(PROVIDER_FAILED);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await ordersOf(info.email)).toBe(0);
    expect(stripe.calls()).toBe(1);

    // The owner's log says what Stripe refused; the visitor's answer does not.
    const logged = log.mock.calls.map((args) => String(args[0])).join("\n");
    expect(logged).toContain("PaymentRefusedError");
    expect(logged).toContain("HTTP 400");
    expect(logged).toContain("metadata[customer_name] contains invalid characters");
    expect(res.text).not.toContain("metadata");
  });

  it("a 402 (Stripe's 'request failed') is a refusal too", async () => {
    errorLog();
    stripeAnswers(402, { type: "invalid_request_error", message: "The request failed." });
    const { res } = await order();
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: REFUSED });
  });
});

describe("4xx answers that are ours to fix, or cured by waiting, stay 502 'try again'", () => {
  it.each([
    [
      "401: the key is wrong",
      401,
      { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_****ests" },
    ],
    [
      "403: the key lacks a permission",
      403,
      { type: "invalid_request_error", message: "The provided key lacks access." },
    ],
    ["404: the API address is wrong", 404, { type: "invalid_request_error", message: "Unrecognized request URL." }],
    ["409: a concurrent request on the same key", 409, { type: "idempotency_error", message: "Conflict." }],
    ["429: too many requests", 429, { type: "rate_limit_error", message: "Too many requests." }],
    [
      "400 rate_limit: Stripe's other way of saying too many",
      400,
      { type: "invalid_request_error", code: "rate_limit", message: "Too many requests." },
    ],
    [
      "400 idempotency_error: a reused key",
      400,
      { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters." },
    ],
  ])("%s", async (_label, status, error) => {
    errorLog();
    stripeAnswers(status, error);
    const { res, info } = await order();
    expect(res.status, res.text).toBe(502);
    expectSafeErrorBody(res);
    expect(res.json).toEqual({ error: PROVIDER_FAILED });
    expect(await ordersOf(info.email)).toBe(0);
  });

  it("a live key refused by the stand-in (a real 401 over HTTP) answers 502", async () => {
    errorLog();
    const { res, info } = await order({
      STRIPE_API_BASE: standinUrl(),
      STRIPE_SECRET_KEY: "sk_live_not_accepted_here",
    });
    expect(res.status, res.text).toBe(502);
    expect(res.json).toEqual({ error: PROVIDER_FAILED });
    // Refused at the first call, the price lookup: no session is asked for.
    expect(await recordedCreates(standinUrl(), info.email)).toEqual([]);
    const lookups = (await recordedCreates(standinUrl())).filter((c) => c.path === "/v1/prices");
    expect(lookups.map((c) => c.status)).toContain(401);
  });
});
