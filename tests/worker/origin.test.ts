import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "../../src/security/origin.ts";
import { cartItem, customer, expectSafeErrorBody, read, refusedRequests, testClientIp } from "./support/payment.ts";

const REFUSED = {
  error: "This request was refused because it did not come from this website. Please reload the page and try again.",
};

const order = () => ({ services: [cartItem("pricing-starter"), cartItem("e2")], customerInfo: customer() });

function request(headers: Record<string, string>, url = "https://acacia.example/create-custom-payment"): Request {
  return new Request(url, { method: "POST", headers });
}

describe("the same-origin rule", () => {
  it.each([
    ["Origin equal to the site's", { Origin: "https://acacia.example" }, true],
    ["Sec-Fetch-Site: same-origin alone", { "Sec-Fetch-Site": "same-origin" }, true],
    ["both, agreeing", { Origin: "https://acacia.example", "Sec-Fetch-Site": "same-origin" }, true],
    ["neither header (curl, another server)", {}, false],
    ["another site's Origin", { Origin: "https://evil.example" }, false],
    ["the same host over http", { Origin: "http://acacia.example" }, false],
    ["the same host on another port", { Origin: "https://acacia.example:8443" }, false],
    ["a subdomain", { Origin: "https://shop.acacia.example" }, false],
    ["Origin: null (sandboxed frame, data: URL)", { Origin: "null" }, false],
    ["Origin: null from a sandboxed frame on another site", { Origin: "null", "Sec-Fetch-Site": "cross-site" }, false],
    [
      "Origin: null on a same-origin POST (no-referrer setting)",
      { Origin: "null", "Sec-Fetch-Site": "same-origin" },
      true,
    ],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }, false],
    ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site" }, false],
    ["Sec-Fetch-Site: none (typed in the address bar)", { "Sec-Fetch-Site": "none" }, false],
    [
      "a matching Origin contradicted by Sec-Fetch-Site",
      { Origin: "https://acacia.example", "Sec-Fetch-Site": "cross-site" },
      false,
    ],
    [
      "Sec-Fetch-Site: same-origin contradicted by Origin",
      { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" },
      false,
    ],
  ])("%s → %s", (_label, headers, expected) => {
    expect(isSameOriginRequest(request(headers))).toBe(expected);
  });
});

describe("POST /create-custom-payment from anywhere but the site", () => {
  const post = refusedRequests();

  it.each([
    // An empty Origin tells the helper to send none.
    ["no Origin and no Sec-Fetch-Site", { Origin: "" }],
    ["another site's Origin", { Origin: "https://evil.example" }],
    ["a cross-site fetch", { "Sec-Fetch-Site": "cross-site" }],
    ["Origin: null", { Origin: "null" }],
  ])("%s answers 403 with a JSON message and never reaches Stripe", async (_label, extra) => {
    // A complete, valid order: only the origin is wrong.
    const res = await post(order(), {
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": testClientIp(), ...extra },
    });
    expect(res.status).toBe(403);
    expectSafeErrorBody(res);
    expect(res.json).toEqual(REFUSED);
    expect(res.headers.has("Access-Control-Allow-Origin")).toBe(false);
  });

  it("a cross-site HTML form post (text/plain, no preflight) is refused the same way", async () => {
    const res = await post(JSON.stringify(order()), {
      headers: { "Content-Type": "text/plain", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(res.status).toBe(403);
  });
});

describe("the site's own pages", () => {
  it("reach the endpoint with Sec-Fetch-Site: same-origin and no Origin", async () => {
    const res = await read(
      await exports.default.fetch("http://example.com/create-custom-payment", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Sec-Fetch-Site": "same-origin",
          "CF-Connecting-IP": testClientIp(),
        },
        body: "{}",
      }),
    );
    // Past the origin check: the body is what is wrong now.
    expect(res.status).toBe(400);
  });
});

describe("POST /api/contact", () => {
  it("refuses another site's Origin with 403", async () => {
    const res = await read(
      await exports.default.fetch("http://example.com/api/contact", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: "https://evil.example",
          "CF-Connecting-IP": testClientIp(),
        },
        body: JSON.stringify({ name: "A", email: "a@example.com", message: "Hello" }),
      }),
    );
    expect(res.status).toBe(403);
    expect(res.json).toEqual(REFUSED);
  });

  it("refuses a request that shows no origin at all", async () => {
    const res = await exports.default.fetch("http://example.com/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": testClientIp() },
      body: "{}",
    });
    await res.arrayBuffer();
    expect(res.status).toBe(403);
  });
});

describe("what the rule leaves alone", () => {
  it("pages open from links on other sites (GET is never refused)", async () => {
    const res = await exports.default.fetch("http://example.com/pricing", {
      headers: { "Sec-Fetch-Site": "cross-site", Referer: "https://search.example/" },
    });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
  });

  it("the Stripe webhook: Stripe sends no Origin, and its signature is checked instead", async () => {
    const res = await exports.default.fetch("http://example.com/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" },
      body: "{}",
    });
    await res.arrayBuffer();
    expect(res.status).not.toBe(403);
  });
});
