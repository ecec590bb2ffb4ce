import { describe, expect, it } from "vitest";
import { catalogue } from "../../src/catalogue/catalogue.ts";
import { pricingCartItems } from "../../src/catalogue/pricing-cart-items.ts";
import { quoteCatalogue } from "../../src/catalogue/quote-services-copy.ts";
import { isCartProblem, priceCart } from "../../src/checkout/cart-pricing.ts";
import { checkoutSessionParams, itemIdsMetadata, METADATA_VALUE_MAX } from "../../src/checkout/checkout-session.ts";
import { cartItem, customer } from "./support/payment.ts";

describe("the worker's catalogue", () => {
  it("holds the 32 quote services and the 17 pricing-page items, each id once", () => {
    expect(quoteCatalogue).toHaveLength(32);
    expect(pricingCartItems).toHaveLength(17);
    expect(catalogue.size).toBe(49);
    expect([...catalogue.keys()].sort()).toEqual([...quoteCatalogue, ...pricingCartItems].map((i) => i.id).sort());
  });

  it("charges the spec's prices in cents", () => {
    const cents = (id: string) => catalogue.get(id)?.unitAmount;
    expect(cents("pricing-starter")).toBe(15_000);
    expect(cents("pricing-business")).toBe(37_500);
    expect(cents("pricing-enterprise")).toBe(75_000);
    expect(cents("pricing-quick-tech-fix")).toBe(5_000);
    expect(cents("pricing-custom-automation-script")).toBe(50_000);
    expect(cents("pricing-training-workshop")).toBe(6_000);
    expect(cents("e1")).toBe(2_000);
    expect(cents("s3")).toBe(35_000);
    expect(cents("m2")).toBe(180_000);
    expect(cents("p6")).toBe(1_200_000);
  });

  it("bills monthly exactly the three plans", () => {
    const recurring = [...catalogue.values()].filter((e) => e.recurring).map((e) => e.id);
    expect(recurring).toEqual(["pricing-starter", "pricing-business", "pricing-enterprise"]);
  });
});

describe("metadata stays within Stripe's 500 characters per value", () => {
  it("splits the ids of the largest possible cart over several keys", () => {
    const lines = [...catalogue.values()].map((entry) => ({ entry, quantity: 99 }));
    const metadata = itemIdsMetadata(lines);
    for (const value of Object.values(metadata)) expect(value.length).toBeLessThanOrEqual(METADATA_VALUE_MAX);
    expect(Object.values(metadata).join(",")).toBe([...catalogue.keys()].join(","));
    expect(Object.keys(metadata)).toEqual(["item_ids", "item_ids_2"]);
  });

  it("keeps every value of a maximal customer within bounds", () => {
    const cart = priceCart([cartItem("e1")]);
    if (isCartProblem(cart)) throw new Error(cart.error);
    const info = customer({
      name: "n".repeat(200),
      phone: "1".repeat(40),
      company: "c".repeat(200),
      address: "a".repeat(500),
      city: "c".repeat(100),
      state: "s".repeat(100),
      zip: "z".repeat(20),
      country: "k".repeat(100),
    });
    const params = checkoutSessionParams(cart, new Map([["e1", "price_e1"]]), info, "https://example.com", "ref-1");
    const values = Object.values(params.metadata ?? {});
    // Nine customer fields, the item ids and the order's reference.
    expect(values).toHaveLength(11);
    for (const value of values) expect(String(value).length).toBeLessThanOrEqual(METADATA_VALUE_MAX);
  });
});
