import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { catalogue } from "../../src/catalogue/catalogue.ts";
import { CART_BODY_MAX_BYTES } from "../../src/http/body-limits.ts";
import {
  catalogueTotalCents,
  encode,
  expectCatalogueCharge,
  expectSafeAnswer,
  hostileNumber,
  hostileString,
  hostileValue,
  POLLUTING_KEYS,
  runProperty,
  setOwn,
} from "./support/fuzz.ts";
import { cartItem, customer, postPayment, recordedCreates, standinUrl } from "./support/payment.ts";

const ids = [...catalogue.keys()];
const ITEM_FIELDS = ["id", "name", "description", "category", "tier", "price", "quantity"] as const;
const CUSTOMER_FIELDS = ["name", "email", "phone", "company", "address", "city", "state", "zip", "country"] as const;

type SentItem = { id: string; quantity: number };
type Order = { body: Record<string, unknown>; email: string };

const statuses: Record<number, number> = {};
let totalCases = 0;

afterAll(() => {
  console.log(`fuzz POST /create-custom-payment: ${totalCases} cases, answers by status`, statuses);
});

/** Posts one fuzz case and checks the answer; on a 200, checks the charge and the stored order. */
async function check(body: unknown, email?: string, services?: unknown): Promise<void> {
  totalCases++;
  const sent = encode(body);
  const res = await postPayment(sent);
  statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  expectSafeAnswer(res, sent);
  if (res.status !== 200) return;

  expect(res.json?.url, sent).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
  if (!email || !Array.isArray(services)) throw new Error(`A case built to fail was accepted: ${sent.slice(0, 300)}`);
  const charged = services as SentItem[];
  const creates = await recordedCreates(standinUrl(), email);
  expect(creates, sent).toHaveLength(1);
  await expectCatalogueCharge(creates[0]!, charged);
  // Nothing lost: the order is stored with the same catalogue total as the charge.
  const row = await env.DB.prepare("SELECT total_cents FROM orders WHERE customer_email = ?")
    .bind(email)
    .first<{ total_cents: number }>();
  expect(row?.total_cents, sent).toBe(catalogueTotalCents(charged));
}

/** Mostly `usual`, sometimes `rare`: most cases stay close enough to valid to reach the deeper checks. */
const mostly = <T, U>(usual: fc.Arbitrary<T>, rare: fc.Arbitrary<U>, weight = 4) =>
  fc.oneof({ weight, arbitrary: usual }, { weight: 1, arbitrary: rare });

/** A line as the cart stores it, then bent: tampered price, hostile quantity, odd or missing fields. */
const hostileItem = fc
  .record({
    id: mostly(fc.constantFrom(...ids), hostileString, 6),
    quantity: mostly(fc.integer({ min: 1, max: 99 }), hostileNumber),
    price: mostly(fc.constant(null), hostileNumber, 3),
    extra: mostly(
      fc.constant([]),
      fc.array(fc.tuple(fc.constantFrom(...ITEM_FIELDS, ...POLLUTING_KEYS, "discount"), hostileValue), {
        minLength: 1,
        maxLength: 2,
      }),
    ),
    missing: mostly(fc.constant([]), fc.subarray([...ITEM_FIELDS], { minLength: 1, maxLength: 2 }), 6),
  })
  .map(({ id, quantity, price, extra, missing }) => {
    const known = catalogue.has(id);
    const item: Record<string, unknown> = known
      ? { ...cartItem(id) }
      : { id, name: "Made up", description: "", category: "One-Time Service", tier: "entry", price: 10 };
    item.quantity = quantity;
    if (price !== null) item.price = price;
    for (const [key, value] of extra) setOwn(item, key, value);
    for (const key of missing) delete item[key];
    return item;
  });

const hostileOrder: fc.Arbitrary<Order> = fc
  .record({
    services: fc.array(hostileItem, { maxLength: 6 }),
    duplicate: mostly(fc.constant(false), fc.constant(true), 6),
    customerChanges: mostly(
      fc.constant([]),
      fc.array(fc.tuple(fc.constantFrom(...CUSTOMER_FIELDS, ...POLLUTING_KEYS), hostileValue), {
        minLength: 1,
        maxLength: 2,
      }),
    ),
    topLevel: mostly(
      fc.constant(null),
      fc.tuple(fc.constantFrom(...POLLUTING_KEYS, "total", "amount", "currency"), hostileValue),
      6,
    ),
  })
  .map(({ services, duplicate, customerChanges, topLevel }) => {
    const info: Record<string, unknown> = { ...customer() };
    const email = String(info.email);
    for (const [key, value] of customerChanges) setOwn(info, key, value);
    const list = duplicate && services[0] ? [...services, { ...services[0] }] : services;
    const body: Record<string, unknown> = { services: list, customerInfo: info };
    if (topLevel) setOwn(body, topLevel[0], topLevel[1]);
    return { body, email };
  });

/** A cart the site itself could send: catalogue lines at catalogue prices, any quantities. */
const honestOrder: fc.Arbitrary<Order> = fc
  .uniqueArray(fc.constantFrom(...ids), { minLength: 1, maxLength: 8 })
  .chain((chosen) =>
    fc.tuple(
      fc.constant(chosen),
      fc.array(fc.integer({ min: 1, max: 99 }), { minLength: chosen.length, maxLength: chosen.length }),
    ),
  )
  .map(([chosen, quantities]) => {
    const info = customer();
    const services = chosen.map((id, i) => cartItem(id, { quantity: quantities[i] }));
    return { body: { services, customerInfo: info }, email: info.email };
  });

/** An honest cart with one line's price, name, category or tier changed in the browser. */
const tamperedOrder = honestOrder.chain((order) =>
  fc
    .record({
      line: fc.nat({ max: (order.body.services as unknown[]).length - 1 }),
      price: mostly(fc.double({ min: 0, max: 1_000_000, noNaN: true }), hostileNumber, 3),
      label: fc.option(fc.tuple(fc.constantFrom("name", "category", "description", "tier"), hostileString)),
    })
    .map(({ line, price, label }) => {
      const services = (order.body.services as Record<string, unknown>[]).map((item) => ({ ...item }));
      const target = services[line]!;
      target.price = price;
      if (label) target[label[0]] = label[1];
      return { ...order, body: { ...order.body, services }, tampered: target };
    }),
);

describe("fuzzing POST /create-custom-payment: never a 5xx, never a charge off the catalogue", () => {
  it("any JSON value at all", async () => {
    await runProperty("any JSON value", fc.jsonValue({ maxDepth: 4 }), (value) => check(value));
  }, 120_000);

  it("hostile orders: tampered prices, float, negative and huge quantities, unicode, duplicates, polluting keys", async () => {
    await runProperty("hostile orders", hostileOrder, ({ body, email }) => check(body, email, body.services));
  }, 120_000);

  it("honest carts of every size and quantity are charged exactly the catalogue total", async () => {
    await runProperty("honest carts", honestOrder, ({ body, email }) => check(body, email, body.services), 100);
    expect(statuses[200] ?? 0).toBeGreaterThan(0);
  }, 120_000);

  it("tampered prices are refused (409) unless they equal the catalogue's, and never charged", async () => {
    const before = statuses[409] ?? 0;
    await runProperty("tampered carts", tamperedOrder, async ({ body, email, tampered }) => {
      await check(body, email, body.services);
      const entry = catalogue.get(String(tampered.id));
      const last = (await recordedCreates(standinUrl(), email)).length;
      if (tampered.price !== entry?.price) expect(last, JSON.stringify(tampered)).toBe(0);
    });
    expect((statuses[409] ?? 0) - before).toBeGreaterThan(0);
  }, 120_000);

  it("bodies that are not JSON: random text, bytes and truncated orders", async () => {
    const order = JSON.stringify({ services: [cartItem("e1")], customerInfo: customer() });
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.integer({ min: 0, max: order.length - 1 }).map((n) => order.slice(0, n)),
      fc.constantFrom("", "\uFEFF{}", "{", "]", "nul", "tru", '"', '{"services":', "[]".repeat(100)),
    );
    await runProperty("non-JSON bodies", text, (body) => check(body));
  }, 120_000);
});

describe("hand-picked hostile bodies", () => {
  const valid = () => ({ services: [cartItem("e1"), cartItem("pricing-starter")], customerInfo: customer() });

  it.each([
    ["arrays nested 20,000 deep", `${"[".repeat(20_000)}${"]".repeat(20_000)}`],
    ["objects nested 5,000 deep", `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`],
    [
      "a customer name nested 5,000 deep",
      () => {
        const body = JSON.stringify(valid());
        return body.replace('"name":"Amina Otieno"', `"name":${"[".repeat(5_000)}${"]".repeat(5_000)}`);
      },
    ],
    ["a body just over the size limit", () => JSON.stringify({ ...valid(), pad: "x".repeat(CART_BODY_MAX_BYTES) })],
    [
      "100 unknown ids",
      () =>
        JSON.stringify({
          ...valid(),
          services: Array.from({ length: 100 }, (_, i) => cartItem("e1", { id: `z${i}` })),
        }),
    ],
    [
      "the same id 100 times",
      () => JSON.stringify({ ...valid(), services: Array.from({ length: 100 }, () => cartItem("e1")) }),
    ],
    ["a quantity of 1e400 (Infinity)", () => JSON.stringify(valid()).replace('"quantity":1', '"quantity":1e400')],
    ["a negative zero price", () => JSON.stringify(valid()).replace(/"price":\d+/, '"price":-0')],
  ])("%s answers 4xx with a message", async (_label, body) => {
    await check(typeof body === "function" ? body() : body);
    expect(statuses[500] ?? 0).toBe(0);
  });

  it("a duplicated key cannot smuggle a lower price past the check (the last value is the one read)", async () => {
    const { customerInfo } = valid();
    const item = cartItem("e1");
    const smuggled = JSON.stringify({ services: [item], customerInfo }).replace(
      `"price":${item.price}`,
      `"price":${item.price},"price":1`,
    );
    const res = await postPayment(smuggled);
    expect(res.status).toBe(409);
    const honest = JSON.stringify({ services: [item], customerInfo }).replace(
      `"price":${item.price}`,
      `"price":1,"price":${item.price}`,
    );
    await check(JSON.parse(honest), customerInfo.email, [item]);
  });

  it("__proto__ and constructor keys pollute nothing", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const order = valid();
    const item: Record<string, unknown> = { ...order.services[0]! };
    setOwn(item, "__proto__", { price: 1, polluted: "yes" });
    setOwn(item, "constructor", { prototype: { polluted: "yes" } });
    const body: Record<string, unknown> = { services: [item], customerInfo: order.customerInfo };
    await check(body, order.customerInfo.email, [item]);
    setOwn(body, "__proto__", { polluted: "yes", isAdmin: true });
    await check(body);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
