import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogue, toCatalogueEntry } from "../../src/catalogue/catalogue.ts";
import { exactCents } from "../../src/lib/money.ts";

const item = (price: number) => ({ id: "x1", name: "Crafted", category: "Support", price });

describe("the catalogue's whole-cent check", () => {
  it.each([
    ["a tenth of a cent", 19.999],
    ["half a cent", 0.005],
    ["a float sum that is not 0.30", 0.1 + 0.2],
    ["a negative price", -5],
    ["not a number", Number.NaN],
    ["infinity", Number.POSITIVE_INFINITY],
  ])("refuses %s at startup rather than charge a rounded price", (_, price) => {
    expect(() => toCatalogueEntry(item(price))).toThrow(
      "Catalogue item x1 has a price that is not a whole number of cents",
    );
  });

  it.each([
    [19.99, 1999],
    [0.07, 7],
    [12_000, 1_200_000],
    [0, 0],
  ])("charges %d as %d cents", (price, cents) => {
    expect(toCatalogueEntry(item(price)).unitAmount).toBe(cents);
  });

  it("takes every whole-cent amount written with two decimals, exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(exactCents(Number((cents / 100).toFixed(2)))).toBe(cents);
      }),
    );
  });

  it("finds every price of the real catalogue whole", () => {
    for (const entry of catalogue.values()) expect(entry.unitAmount / 100).toBe(entry.price);
  });
});
