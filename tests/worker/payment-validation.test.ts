import { describe, expect, it } from "vitest";
import type { CustomerInfo } from "../../src/checkout/customer-info-schema.ts";
import { cartItem, customer, expectSafeErrorBody, postPayment, refusedRequests } from "./support/payment.ts";

// Every request here must be refused before Stripe: the sentinel stand-in must never hear of one.
const refusedPost = refusedRequests();

const withCustomer = (info: Partial<CustomerInfo> | Record<string, unknown>) => ({
  services: [cartItem("e1")],
  customerInfo: { ...customer(), ...info },
});

async function expectFieldError(body: unknown, path: string, message: string) {
  const res = await refusedPost(body);
  expect(res.status).toBe(400);
  expectSafeErrorBody(res);
  expect(res.json?.issues).toContainEqual({ path, message });
  expect(res.json?.error).toContain(message);
}

// The spec's checkout table (section 5), with the exact messages.
const rules: [field: keyof CustomerInfo, badValues: unknown[], message: string][] = [
  ["name", ["", "A", "  A  ", undefined, 42, null], "Name is required"],
  ["email", ["", "not-an-email", "amina@", "amina example@x.com", undefined, 7], "Invalid email address"],
  ["phone", ["", "123456789", "  12345678 ", undefined, 700000000], "Phone number is required"],
  ["address", ["", "1234", undefined, ["14 Riverside"]], "Address is required"],
  ["city", ["", "N", undefined, {}], "City is required"],
  ["state", ["", "N", undefined, true], "State is required"],
  ["zip", ["", "1234", "  123 ", undefined, 10010], "ZIP code is required"],
  ["country", ["", "K", undefined, null], "Country is required"],
];

describe("customer information is checked with the checkout form's rules and messages", () => {
  for (const [field, badValues, message] of rules) {
    it.each(badValues.map((value) => [JSON.stringify(value) ?? "missing", value]))(
      `${field} = %s answers 400 '${message}'`,
      async (_label, value) => {
        const info: Record<string, unknown> = { ...customer(), [field]: value };
        if (value === undefined) delete info[field];
        await expectFieldError({ services: [cartItem("e1")], customerInfo: info }, `customerInfo.${field}`, message);
      },
    );
  }

  it("reports every invalid field at once", async () => {
    const res = await refusedPost(withCustomer({ name: "", email: "x", zip: "1" }));
    expect(res.status).toBe(400);
    expect(res.json?.issues).toEqual([
      { path: "customerInfo.name", message: "Name is required" },
      { path: "customerInfo.email", message: "Invalid email address" },
      { path: "customerInfo.zip", message: "ZIP code is required" },
    ]);
    expect(res.json?.error).toBe(
      "Please correct your order details: Name is required; Invalid email address; ZIP code is required.",
    );
  });

  it.each([
    ["name", 201, "Name must be at most 200 characters"],
    ["phone", 41, "Phone number must be at most 40 characters"],
    ["company", 201, "Company must be at most 200 characters"],
    ["address", 501, "Address must be at most 500 characters"],
    ["city", 101, "City must be at most 100 characters"],
    ["state", 101, "State must be at most 100 characters"],
    ["zip", 21, "ZIP code must be at most 20 characters"],
    ["country", 101, "Country must be at most 100 characters"],
  ])("bounds %s at %i characters", async (field, length, message) => {
    await expectFieldError(withCustomer({ [field]: "x".repeat(length) }), `customerInfo.${field}`, message);
  });

  it("bounds the e-mail address at 254 characters (255 refused)", async () => {
    await expectFieldError(
      withCustomer({ email: `${"a".repeat(64)}@${"b".repeat(186)}.com` }),
      "customerInfo.email",
      "Invalid email address",
    );
  });

  it("accepts the shortest values the rules allow and no company", async () => {
    const info = customer({ name: "Al", phone: "0700000000", address: "1 Rd.", city: "Ng", state: "NK", zip: "00100" });
    const { company: _company, ...withoutCompany } = info;
    const res = await postPayment({ services: [cartItem("e1")], customerInfo: { ...withoutCompany, country: "KE" } });
    expect(res.status).toBe(200);
  });
});

describe("the body must be the spec's payment request", () => {
  it.each([
    ["services missing", { customerInfo: customer() }, "services", "Your cart is empty"],
    ["services empty", { services: [], customerInfo: customer() }, "services", "Your cart is empty"],
    [
      "services not a list",
      { services: "e1", customerInfo: customer() },
      "services",
      "Services must be a list of cart items",
    ],
    [
      "services an object",
      { services: { 0: cartItem("e1") }, customerInfo: customer() },
      "services",
      "Services must be a list of cart items",
    ],
    [
      "a service not an object",
      { services: ["e1"], customerInfo: customer() },
      "services.0",
      "Each service must be an object",
    ],
    ["customerInfo missing", { services: [cartItem("e1")] }, "customerInfo", "Customer information is required"],
    [
      "customerInfo a string",
      { services: [cartItem("e1")], customerInfo: "Amina" },
      "customerInfo",
      "Customer information is required",
    ],
  ])("%s answers 400", async (_label, body, path, message) => {
    await expectFieldError(body, path, message);
  });

  it.each([
    ["null", null],
    ["an array", [cartItem("e1")]],
    ["a string", "order"],
    ["a number", 42],
  ])("a body that is %s answers 400", async (_label, body) => {
    const res = await refusedPost(JSON.stringify(body));
    expect(res.status).toBe(400);
    expectSafeErrorBody(res);
    expect(res.json?.issues).toEqual([
      { path: "", message: "The order must be a JSON object with services and customerInfo" },
    ]);
  });

  it("refuses fields the spec does not define at the top level", async () => {
    const res = await refusedPost({ ...withCustomer({}), discount: 100, total: 0 });
    expect(res.status).toBe(400);
    expectSafeErrorBody(res);
    expect(res.json?.issues).toEqual([{ path: "", message: 'Unrecognized keys: "discount", "total"' }]);
  });
});

describe("only a JSON body of reasonable size is read", () => {
  it.each([
    ["text/plain", "text/plain"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["a JSON-like type", "application/merge-patch+json"],
  ])("%s answers 415", async (_label, type) => {
    const res = await refusedPost(withCustomer({}), { headers: { "Content-Type": type } });
    expect(res.status).toBe(415);
    expectSafeErrorBody(res);
    expect(res.json).toEqual({ error: "Send the order as JSON (Content-Type: application/json)." });
  });

  it("a body without a content type answers 415", async () => {
    const res = await refusedPost(JSON.stringify(withCustomer({})), { headers: {} });
    expect(res.status).toBe(415);
  });

  it("the deployed entry answers 415 too (the route is mounted before the pages)", async () => {
    const res = await postPayment("services=e1", { headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(415);
    expectSafeErrorBody(res);
  });

  it("a body over 64 KB answers 413", async () => {
    const body = JSON.stringify({ ...withCustomer({}), padding: "x".repeat(70 * 1024) });
    const res = await refusedPost(body);
    expect(res.status).toBe(413);
    expectSafeErrorBody(res);
    expect(res.json).toEqual({ error: "The order is too large to process. Please remove some items and try again." });
  });

  it("a streamed body over 64 KB (no Content-Length) answers 413", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await refusedPost(stream, {
      body: stream,
      // @ts-expect-error workerd's RequestInit needs duplex for a streamed body, the DOM types lack it
      duplex: "half",
    });
    expect(res.status).toBe(413);
  });

  it.each([
    ["truncated JSON", '{"services": ['],
    ["a trailing comma", '{"services": [],}'],
    ["an empty body", ""],
    ["single quotes", "{'services': []}"],
  ])("%s answers 400 with a clear message", async (_label, text) => {
    const res = await refusedPost(text);
    expect(res.status).toBe(400);
    expectSafeErrorBody(res);
    expect(res.json).toEqual({ error: "The order could not be read: the request body is not valid JSON." });
  });

  it.each(["GET", "PUT", "DELETE"])("%s answers 405 with Allow: POST", async (method) => {
    const res = await refusedPost(undefined, { method, body: method === "GET" ? null : "{}" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.json).toEqual({ error: "Use POST to create a payment." });
  });
});
