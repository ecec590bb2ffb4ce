/**
 * Data points for the Analytics Engine stand-in, built as the worker builds them (event-point.ts's
 * dataPointOf), placed in time by the test, and the one scenario the SQL contract test and the
 * insight page's tests both count: what was seeded and what each number must then be.
 */
import { ANALYTICS_DATASET, dataPointOf, type InsightFields } from "../../src/insight/event-point.ts";
import { nairobiMidnight } from "../../src/insight/insight-queries.ts";

export type Seed = Partial<InsightFields> & Pick<InsightFields, "event"> & { at: number; sampleInterval?: number };

const blank: Omit<InsightFields, "event"> = {
  route: "",
  referrer: "",
  country: "",
  device: "desktop",
  visitor: "",
  channel: "",
  outcome: "",
  resultCode: "",
  audience: "human",
};

/** The body POST /__local/write takes for these points: the worker's shape, plus a time and a sample rate. */
export function writeBody(seeds: readonly Seed[]) {
  return seeds.map(({ at, sampleInterval, ...fields }) => ({
    dataset: ANALYTICS_DATASET,
    ...dataPointOf({ ...blank, ...fields }),
    timestamp: new Date(at * 1000).toISOString(),
    sample_interval: sampleInterval ?? 1,
  }));
}

export async function seedPoints(base: string, seeds: readonly Seed[]): Promise<void> {
  const res = await fetch(`${base}/__local/write`, { method: "POST", body: JSON.stringify(writeBody(seeds)) });
  if (!res.ok) throw new Error(`Seeding the analytics stand-in failed: ${res.status} ${await res.text()}`);
}

export async function clearPoints(base: string): Promise<void> {
  const res = await fetch(`${base}/__local/clear`, { method: "POST" });
  if (!res.ok) throw new Error(`Clearing the analytics stand-in failed: ${res.status}`);
}

const DAY = 86_400;
const HOUR = 3600;

/**
 * Points around the Nairobi day of `now`: today from its first second, yesterday up to its last,
 * the edges of the 7- and 30-day periods, bots, a sampled point (one stored point standing for 3).
 * `expected` is what each period must count, people only.
 */
export function funnelScenario(now: Date) {
  const today = nairobiMidnight(now);
  const view = (visitor: string, at: number, more: Partial<Seed> = {}): Seed => ({
    event: "view",
    route: "/pricing",
    country: "KE",
    visitor,
    at,
    ...more,
  });
  const seeds: Seed[] = [
    // Today: two visitors (aaaa, bbbb); aaaa's second view is sampled (stands for 3 views).
    view("aaaa", today, { referrer: "www.google.com" }),
    view("aaaa", today + 1 * HOUR, { sampleInterval: 3 }),
    view("bbbb", today + 2 * HOUR, { route: "/", referrer: "www.google.com", country: "UG" }),
    { event: "cart", visitor: "aaaa", route: "/pricing", at: today + 1 * HOUR },
    { event: "cart", visitor: "aaaa", route: "/pricing", at: today + 1 * HOUR + 60 },
    { event: "quote", visitor: "bbbb", route: "/pricing", at: today + 2 * HOUR },
    { event: "checkout", visitor: "aaaa", channel: "card", route: "/checkout", at: today + 3 * HOUR },
    { event: "checkout", visitor: "aaaa", channel: "mpesa", route: "/checkout", at: today + 3 * HOUR },
    { event: "checkout", visitor: "bbbb", channel: "mpesa", route: "/checkout", at: today + 3 * HOUR },
    { event: "payment", channel: "card", outcome: "succeeded", at: today + 4 * HOUR },
    { event: "payment", channel: "mpesa", outcome: "succeeded", resultCode: "0", at: today + 4 * HOUR },
    { event: "payment", channel: "mpesa", outcome: "failed", resultCode: "1032", at: today + 4 * HOUR },
    {
      event: "payment",
      channel: "mpesa",
      outcome: "failed",
      resultCode: "1032",
      at: today + 4 * HOUR,
      sampleInterval: 2,
    },
    // Bots: counted nowhere.
    view("cccc", today + 1 * HOUR, { audience: "bot", referrer: "bot.example", country: "US" }),
    { event: "cart", visitor: "cccc", audience: "bot", at: today + 1 * HOUR },
    {
      event: "payment",
      channel: "mpesa",
      outcome: "failed",
      resultCode: "1037",
      audience: "bot",
      at: today + 4 * HOUR,
    },
    // Yesterday: dddd in its last second, eeee in the morning, who checked out and paid.
    view("dddd", today - 1, { route: "/about" }),
    view("eeee", today - 12 * HOUR),
    { event: "checkout", visitor: "eeee", channel: "card", at: today - 12 * HOUR },
    { event: "payment", channel: "card", outcome: "succeeded", at: today - 11 * HOUR },
    // The 7 days begin 6 days before today's midnight: one second before is outside, the 30 days' first second inside.
    view("ffff", today - 6 * DAY - 1),
    view("gggg", today - 29 * DAY),
    view("hhhh", today - 29 * DAY - 1),
  ];
  const expected = {
    1: {
      views: 5,
      visitors: 2,
      carts: 2,
      cartVisitors: 1,
      quotes: 1,
      checkouts: 3,
      checkoutVisitors: 2,
      paid: 2,
      failed: 3,
    },
    7: {
      views: 7,
      visitors: 4,
      carts: 2,
      cartVisitors: 1,
      quotes: 1,
      checkouts: 4,
      checkoutVisitors: 3,
      paid: 3,
      failed: 3,
    },
    30: {
      views: 9,
      visitors: 6,
      carts: 2,
      cartVisitors: 1,
      quotes: 1,
      checkouts: 4,
      checkoutVisitors: 3,
      paid: 3,
      failed: 3,
    },
  } as const;
  return { seeds, expected, yesterday: { visitors: 2, checkouts: 1, payments: 1 } };
}
