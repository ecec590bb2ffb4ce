import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { contactApiMessages } from "../../src/contact/contact-copy.ts";
import { clientBudgets } from "../../src/security/budget.ts";
import { clientBucket } from "../../src/security/client-bucket.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { SITE, sitePost } from "./support/orders.ts";

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));

vi.setConfig({ testTimeout: 60_000 });

/** Every address of one /64, as a client rotating through its own network would use them. */
function oneNetwork(): () => string {
  const prefix = Array.from(crypto.getRandomValues(new Uint16Array(2)), (n) => n.toString(16)).join(":");
  let host = 0;
  return () => `2001:db8:${prefix}:${(++host).toString(16)}::${(host * 31).toString(16)}`;
}

function message(tag: string) {
  return JSON.stringify({
    name: "Flood Bot",
    email: `flood-${tag}@example.com`,
    phone: "+254 711 222 333",
    message: `${tag} `.repeat(500),
    website: "",
  });
}

const stored = async (tag: string) =>
  (
    await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?")
      .bind(`flood-${tag}@example.com`)
      .first<{ n: number }>()
  )?.n ?? 0;

describe("one /64 cannot grow the database faster than its budgets", () => {
  it("a burst at concurrency 8 from every address of one /64 stores the minute's 5 messages, no more", async () => {
    const tag = crypto.randomUUID();
    const next = oneNetwork();
    const statuses: number[] = [];
    const worker = async () => {
      for (let i = 0; i < 10; i++) {
        const res = await exports.default.fetch(
          `${SITE}/api/contact`,
          sitePost(message(tag), "application/json", next()),
        );
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(75);
    expect(await stored(tag)).toBe(5);
  });

  it(`a /64 that stored its ${clientBudgets.contact.perHour} messages this hour is refused until the next hour`, async () => {
    const tag = crypto.randomUUID();
    const next = oneNetwork();
    const ip = next();
    const now = new Date().toISOString();
    // The hour's budget as ten earlier minutes of five messages each would have left it.
    await env.DB.prepare("INSERT INTO budgets (scope, key, hour, hour_count, day, day_count) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(
        clientBudgets.contact.scope,
        clientBucket(ip),
        now.slice(0, 13),
        clientBudgets.contact.perHour,
        now.slice(0, 10),
        clientBudgets.contact.perHour,
      )
      .run();
    const refused = await exports.default.fetch(
      `${SITE}/api/contact`,
      sitePost(message(tag), "application/json", next()),
    );
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: contactApiMessages.hourlyLimit });
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await stored(tag)).toBe(0);

    const neighbour = await exports.default.fetch(
      `${SITE}/api/contact`,
      sitePost(message(tag), "application/json", oneNetwork()()),
    );
    expect(neighbour.status).toBe(201);
  });
});
