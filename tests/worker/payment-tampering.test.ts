import { describe, expect, it } from "vitest";
import { pricingCartItems } from "../../src/catalogue/pricing-cart-items.ts";
import { quoteCatalogue } from "../../src/catalogue/quote-services-copy.ts";
import type { CartItem } from "../../src/checkout/cart-item-schema.ts";
import {
  cartItem,
  customer,
  expectSafeErrorBody,
  postPayment,
  recordedCreates,
  refusedRequests,
  standinUrl,
} from "./support/payment.ts";
import { chargedLines } from "./support/stripe-prices.ts";

// The worker charges only its own catalogue. Every refused request here must be refused before
// Stripe: the sentinel stand-in they are pointed at must never record a call.
const refused = refusedRequests();
const refusedPost = (services: unknown) => refused({ services, customerInfo: customer() });

const REVIEW = "Please review your cart and try again.";

describe("a price that differs from the catalogue is refused with 409", () => {
  it.each([
    ["p6 at $0.01", cartItem("p6", { price: 0.01 })],
    ["p6 at $0", cartItem("p6", { price: 0 })],
    ["p6 a cent below", cartItem("p6", { price: 11_999.99 })],
    ["the Business plan at $1", cartItem("pricing-business", { price: 1 })],
    ["e1 above its price", cartItem("e1", { price: 25 })],
  ])("%s", async (_label, item) => {
    const res = await refusedPost([cartItem("e2"), item]);
    expect(res.status).toBe(409);
    expectSafeErrorBody(res);
    expect(res.json?.error).toContain("Prices may have changed since your cart was saved");
    expect(res.json?.error).toContain(REVIEW);
  });

  it("names the item and its current price", async () => {
    const res = await refusedPost([cartItem("p6", { price: 0.01 })]);
    expect(res.json).toEqual({
      error: `Prices may have changed since your cart was saved: 24/7 Support Package (Annual) now costs $12,000.00. ${REVIEW}`,
    });
  });
});

describe("only catalogue ids are charged", () => {
  it("an unknown id answers 400 naming it", async () => {
    const res = await refusedPost([cartItem("e1"), { ...cartItem("e2"), id: "x9" }]);
    expect(res.status).toBe(400);
    expectSafeErrorBody(res);
    expect(res.json?.error).toBe(
      'Your cart holds a service we do not offer: "x9". Please remove it from your cart and try again.',
    );
    expect(res.json?.issues).toEqual([{ path: "services.1.id", message: 'Unknown service "x9"' }]);
  });

  it.each([
    ["a pricing id of another spelling", "pricing-Business"],
    ["an id with spaces", "pricing-quick tech fix"],
    ["an inherited property name", "__proto__"],
    ["another inherited name", "toString"],
    ["an empty-looking id", " "],
  ])("%s answers 400", async (_label, id) => {
    const res = await refusedPost([{ ...cartItem("e1"), id }]);
    expect(res.status).toBe(400);
    expect(res.json?.error).toContain(`"${id}"`);
  });

  it("names every unknown id", async () => {
    const res = await refusedPost([
      { ...cartItem("e1"), id: "x1" },
      { ...cartItem("e2"), id: "x2" },
    ]);
    expect(res.status).toBe(400);
    expect(res.json?.error).toBe(
      'Your cart holds services we do not offer: "x1", "x2". Please remove them from your cart and try again.',
    );
  });

  it("an empty id answers 400", async () => {
    const res = await refusedPost([{ ...cartItem("e1"), id: "" }]);
    expect(res.status).toBe(400);
    expect(res.json?.issues).toContainEqual({ path: "services.0.id", message: "Each service needs an id" });
  });
});

describe("quantities are whole numbers from 1 to 99", () => {
  it.each([0, -1, 1.5, 1e9, 100, "2", null, Number.MAX_SAFE_INTEGER + 2])(
    "quantity %s answers 400",
    async (quantity) => {
      const res = await refusedPost([{ ...cartItem("e1"), quantity }]);
      expect(res.status).toBe(400);
      expectSafeErrorBody(res);
      expect(res.json?.issues).toContainEqual({
        path: "services.0.quantity",
        message: "Quantity must be a whole number from 1 to 99",
      });
    },
  );

  it("a missing quantity answers 400", async () => {
    const { quantity: _q, ...item } = cartItem("e1");
    const res = await refusedPost([item]);
    expect(res.status).toBe(400);
  });
});

describe("prices must be numbers", () => {
  it.each([
    [-1, "Price cannot be negative"],
    [-12000, "Price cannot be negative"],
    ["12000", "Price must be a number"],
    [null, "Price must be a number"],
    [1e7, "Price is too large"],
  ])("price %s answers 400", async (price, message) => {
    const res = await refusedPost([cartItem("p6", { price: price as number })]);
    expect(res.status).toBe(400);
    expect(res.json?.issues).toContainEqual({ path: "services.0.price", message });
  });

  it("a price of 1e400 (Infinity once parsed) answers 400", async () => {
    const body = JSON.stringify({ services: [cartItem("p6")], customerInfo: customer() }).replace(
      '"price":12000',
      '"price":1e400',
    );
    const res = await refused(body);
    expect(res.status).toBe(400);
  });
});

describe("the cart's shape is bounded", () => {
  it("101 items answer 400", async () => {
    const items = Array.from({ length: 101 }, (_, i) => ({ ...cartItem("e1"), id: `x${i}` }));
    const res = await refusedPost(items);
    expect(res.status).toBe(400);
    expect(res.json?.issues).toContainEqual({
      path: "services",
      message: "A cart holds at most 100 different services",
    });
  });

  it("the same id twice is refused rather than merged", async () => {
    const res = await refusedPost([cartItem("e1"), cartItem("e2"), cartItem("e1", { quantity: 5 })]);
    expect(res.status).toBe(400);
    expectSafeErrorBody(res);
    expect(res.json?.error).toBe(`Your cart lists "e1" more than once. ${REVIEW}`);
    expect(res.json?.issues).toEqual([{ path: "services.2.id", message: '"e1" appears more than once' }]);
  });

  it.each([
    ["tier", { tier: "gold" }],
    ["name", { name: 5 }],
    ["name (empty)", { name: "" }],
    ["category", { category: ["Support"] }],
    ["description", { description: null }],
  ])("a wrong %s type answers 400", async (_label, overrides) => {
    const res = await refusedPost([{ ...cartItem("e1"), ...overrides }]);
    expect(res.status).toBe(400);
    expectSafeErrorBody(res);
  });

  it("an order above what can be paid online answers 400", async () => {
    const res = await refusedPost([cartItem("p6", { quantity: 99 })]);
    expect(res.status).toBe(400);
    expect(res.json?.error).toBe(
      "This order comes to $1,188,000.00, more than can be paid online ($999,999.99). Please lower the quantities or contact us to arrange payment.",
    );
  });

  it("a monthly plan with more than 20 one-time services answers 400 (Stripe's subscription limit)", async () => {
    const oneTime = quoteCatalogue.slice(0, 21).map((s) => cartItem(s.id));
    const res = await refusedPost([cartItem("pricing-starter"), ...oneTime]);
    expect(res.status).toBe(400);
    expect(res.json?.error).toBe(
      "An order with a monthly plan can include at most 20 one-time services. Please place the other services in a separate order.",
    );
  });
});

describe("what the browser may change without effect", () => {
  it("extra fields inside an item are ignored and never reach Stripe", async () => {
    const info = customer();
    const item = { ...cartItem("e5"), unit_amount: 1, recurring: { interval: "day" }, currency: "kes" };
    const res = await postPayment({ services: [item], customerInfo: info });
    expect(res.status).toBe(200);
    const [call] = await recordedCreates(standinUrl(), info.email);
    const [charged] = await chargedLines(call?.form ?? {});
    expect(charged?.unitAmount).toBe(5000);
    expect(charged?.currency).toBe("usd");
    expect(charged?.interval).toBeNull();
    expect(Object.keys(call?.form ?? {}).filter((k) => k.includes("recurring"))).toEqual([]);
  });

  it("the largest carts Stripe accepts go through: every one-time item, and a plan with 20 one-time items", async () => {
    const oneTimeIds = [...quoteCatalogue, ...pricingCartItems]
      .filter((item) => item.category !== "Monthly Subscription")
      .map((item) => item.id);
    const everything: CartItem[] = oneTimeIds.map((id) => cartItem(id));
    const payment = await postPayment({ services: everything, customerInfo: customer() });
    expect(payment.status).toBe(200);

    const plans = pricingCartItems.filter((i) => i.category === "Monthly Subscription").map((i) => cartItem(i.id));
    const subscription = await postPayment({
      services: [...plans, ...everything.slice(0, 20)],
      customerInfo: customer({ address: "a".repeat(500), name: "n".repeat(200) }),
    });
    expect(subscription.status).toBe(200);
  });
});
