import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { clientBucket } from "../../src/security/client-bucket.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { SITE } from "./support/orders.ts";

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));

/** A /64 of its own: addresses in it differ only in their last 64 bits. */
function network(): (host: number) => string {
  const groups = Array.from(crypto.getRandomValues(new Uint16Array(2)), (n) => n.toString(16));
  return (host) => `2001:db8:${groups.join(":")}:${((host * 7919) % 0xffff).toString(16)}:${host.toString(16)}:0:1`;
}

/** A request that costs the client one count of the limiter and is refused for its content after. */
type Probe = (ip: string) => Promise<Response>;

const post =
  (path: string, type: string, body: string): Probe =>
  (ip) =>
    exports.default.fetch(`${SITE}${path}`, {
      method: "POST",
      headers: { "Content-Type": type, Origin: SITE, "Sec-Fetch-Site": "same-origin", "CF-Connecting-IP": ip },
      body,
    });

const get =
  (path: string): Probe =>
  (ip) =>
    exports.default.fetch(`${SITE}${path}`, { headers: { "CF-Connecting-IP": ip } });

/** Every per-client limiter, with its wrangler.toml limit per minute. */
const LIMITERS: { name: string; limit: number; probe: Probe }[] = [
  { name: "PAYMENT_LIMITER", limit: 10, probe: post("/create-custom-payment", "application/json", "{}") },
  { name: "CONTACT_LIMITER", limit: 5, probe: post("/api/contact", "application/json", "{}") },
  { name: "QUOTE_LIMITER", limit: 10, probe: post("/quote", "application/json", "{}") },
  { name: "BILLING_LIMITER", limit: 5, probe: post("/billing", "application/x-www-form-urlencoded", "email=x") },
  { name: "QUOTE_VIEW_LIMITER", limit: 30, probe: get("/quote/Q-2026-00001?k=not-the-key") },
  { name: "STATUS_LIMITER", limit: 30, probe: get("/checkout/success?session_id=cs_test_limits") },
];

describe("every per-client limit counts an IPv6 client by its /64", () => {
  for (const { name, limit, probe } of LIMITERS) {
    it(`${name}: ${limit} a minute shared by every address of one /64, not by the next /64`, async () => {
      const mine = network();
      for (let host = 1; host <= limit; host++) {
        const res = await probe(mine(host));
        await res.arrayBuffer();
        expect(res.status, `request ${host}`).not.toBe(429);
      }
      const over = await probe(mine(limit + 1));
      await over.arrayBuffer();
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);

      const neighbour = await probe(network()(1));
      await neighbour.arrayBuffer();
      expect(neighbour.status).not.toBe(429);
    });
  }

  it("an IPv4 client seen through IPv6 (::ffff:a.b.c.d) is the IPv4 client", async () => {
    const v4 = `198.51.100.${1 + ((crypto.getRandomValues(new Uint8Array(1))[0] ?? 0) % 250)}`;
    const probe = post("/api/contact", "application/json", "{}");
    for (let i = 0; i < 5; i++) await (await probe(i % 2 ? v4 : `::ffff:${v4}`)).arrayBuffer();
    expect((await probe(`::FFFF:${v4}`)).status).toBe(429);
    expect(clientBucket(`::ffff:${v4}`)).toBe(v4);
  });
});
