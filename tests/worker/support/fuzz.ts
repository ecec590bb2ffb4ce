import fc from "fast-check";
import { expect } from "vitest";
import { catalogue } from "../../../src/catalogue/catalogue.ts";
import type { PaymentAnswer, RecordedCreate } from "./payment.ts";
import { chargedLines } from "./stripe-prices.ts";

/** Bounds of every fuzz property: enough to find the classic mistakes, small enough for `npm test`. */
export const FUZZ_RUNS = 300;

/** Keys that attack the object model rather than the schema. */
export const POLLUTING_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"] as const;

/** Sets an own, enumerable property even for `__proto__` (a plain assignment would change the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Numbers that break naive money code: floats, negatives, zero, huge, unsafe integers, numbers as text. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -1_000, max: 1_000 }),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -0, -1, 0.5, 1.5, 99.999, 100, 1e21, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e-7),
  fc.constantFrom("1", "1e3", "0x10", "", " 2 ", "NaN", "Infinity"),
);

/** Text that breaks naive string code: unicode of every kind, control characters, huge, empty. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\u202e\u0041",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "e1\u0000",
    "E1",
    "e1 ",
  ),
  fc.constantFrom(...POLLUTING_KEYS),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => "x".repeat(n)),
);

/** Any JSON-ish value, with the hostile numbers and strings mixed in, nested a little. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { maxDepth: 3 },
  hostileNumber,
  hostileString,
  fc.constantFrom(null, true, false, [], {}),
  fc.array(fc.oneof(hostileNumber, hostileString), { maxLength: 3 }),
  fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...POLLUTING_KEYS)), hostileNumber, {
    maxKeys: 3,
  }),
);

/** The body of a request as sent on the wire; strings are sent as they are. */
export function encode(body: unknown): string {
  return typeof body === "string" ? body : JSON.stringify(body);
}

/** What every answer must be: no 5xx, JSON, and on a 4xx one non-empty sentence and no stack. */
export function expectSafeAnswer(res: PaymentAnswer, body: string): void {
  const context = `${res.status} for ${body.slice(0, 300)}`;
  expect(res.status, context).toBeLessThan(500);
  expect(res.contentType, context).toMatch(/^application\/json/);
  if (res.status >= 400) {
    expect(typeof res.json?.error, context).toBe("string");
    expect(res.json?.error?.trim().length, context).toBeGreaterThan(0);
    expect(res.text, context).not.toMatch(/\n\s+at [\w.<>]+ \(|\.ts:\d+:\d+/);
  }
}

/** Cents the catalogue says the sent cart costs: its own prices, never the browser's. */
export function catalogueTotalCents(services: { id: string; quantity: number }[]): number {
  return services.reduce((sum, item) => {
    const entry = catalogue.get(item.id);
    if (!entry) throw new Error(`A charged cart held ${item.id}, which is not in the catalogue`);
    return sum + entry.unitAmount * item.quantity;
  }, 0);
}

/** Every charged line is at the catalogue's unit price, and the whole is the catalogue total. */
export async function expectCatalogueCharge(
  create: RecordedCreate,
  services: { id: string; quantity: number }[],
): Promise<void> {
  // The price each line names, as Stripe holds it: what the buyer is charged.
  const lines = await chargedLines(create.form);
  for (const line of lines) {
    expect(line.unitAmount, line.catalogueId).toBe(catalogue.get(line.catalogueId)?.unitAmount);
    expect(line.currency, line.catalogueId).toBe("usd");
  }
  expect(lines.map((l) => [l.catalogueId, l.quantity])).toEqual(services.map((s) => [s.id, s.quantity]));
  const charged = lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
  expect(charged).toBe(catalogueTotalCents(services));
}

/** Runs one property to its bound (FUZZ_RUNS cases unless told) and says how many cases it tried. */
export async function runProperty<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  numRuns = FUZZ_RUNS,
): Promise<number> {
  let cases = 0;
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      cases++;
      await check(value);
    }),
    { numRuns },
  );
  console.log(`fuzz ${name}: ${cases} cases`);
  return cases;
}
