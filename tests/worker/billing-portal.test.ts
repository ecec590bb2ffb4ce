import { env, exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app.ts";
import type { OutboxRow } from "../../src/mail/outbox.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { parseDocument, textOf } from "./support/html.ts";
import { nearlyTheKey } from "./support/keys.ts";
import { deliver, payAtStandin, placeOrder, SITE, sitePost, standinEvents, statusOf } from "./support/orders.ts";
import { recordedCreates, standinUrl, testClientIp } from "./support/payment.ts";
import { PROXIED_STRIPE, proxyStripe, stripeList } from "./support/stripe-proxy.ts";

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));

/** A buyer who paid a monthly plan through the real endpoint and the stand-in's page; events delivered. */
async function subscribedBuyer() {
  const { sessionId, payUrl, customer } = await placeOrder(["pricing-business", "s1"]);
  expect((await payAtStandin(payUrl)).status).toBeLessThan(400);
  for (const e of await standinEvents(sessionId)) expect((await deliver(e.payload, e.signature)).status).toBe(200);
  expect(await statusOf(sessionId)).toBe("paid");
  return { sessionId, email: customer.email };
}

function parse(html: string) {
  const document = parseDocument(html);
  return { text: textOf(document.body), query: (selector: string) => document.querySelector(selector) };
}

function form(fields: Record<string, string>, ip = testClientIp()): RequestInit {
  return sitePost(new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded", ip);
}

async function post(path: string, fields: Record<string, string>, ip?: string) {
  return exports.default.fetch(`${SITE}${path}`, { ...form(fields, ip), redirect: "manual" });
}

async function linksTo(email: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM outbox WHERE kind = 'billing-link' AND recipient = ?")
    .bind(email)
    .all<OutboxRow>();
  return results;
}

/** The link is looked up and mailed after the answer (so its timing tells nothing): wait for it. */
async function linksSentTo(email: string, count = 1): Promise<OutboxRow[]> {
  const deadline = Date.now() + 5_000;
  let rows = await linksTo(email);
  while (rows.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    rows = await linksTo(email);
  }
  return rows;
}

/** The page's way on to Stripe: a link (a form's answer may not redirect to another origin under the CSP). */
async function portalLink(res: Response): Promise<string | null> {
  const page = parse(await res.text());
  expect(page.text).toContain("Your Billing Portal Is Ready");
  return page.query("main a[href*='/portal/']")?.getAttribute("href") ?? null;
}

const tokenOf = (mail: OutboxRow | undefined): string =>
  new URL(JSON.parse(mail?.payload ?? "{}").url as string).searchParams.get("token") ?? "";

describe("/billing: a one-time link to the billing portal, by e-mail", () => {
  it("mails a link to a subscriber, which opens Stripe's portal once", async () => {
    const { email } = await subscribedBuyer();
    const asked = await post("/billing", { email: email.toUpperCase() });
    expect(asked.status).toBe(200);
    expect(parse(await asked.text()).text).toContain("Check Your E-mail");
    const [mail] = await linksSentTo(email);
    expect(mail?.status).not.toBe("not_configured");
    const token = tokenOf(mail);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(JSON.parse(mail?.payload ?? "{}").url).toBe(`${SITE}/billing/open?token=${token}`);

    // Following the link only shows a button: a mail scanner's GET uses nothing up.
    const landing = await exports.default.fetch(`${SITE}/billing/open?token=${token}`);
    expect(landing.status).toBe(200);
    // The token is in the URL: the page never names it to another page or site.
    expect(landing.headers.get("Referrer-Policy")).toBe("no-referrer");
    const page = parse(await landing.text());
    expect(page.query('form[action="/billing/open"] input[name="token"]')?.getAttribute("value")).toBe(token);

    const opened = await post("/billing/open", { token });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(await portalLink(opened)).toMatch(new RegExp(`^${standinUrl()}/portal/bps_`));

    const again = await post("/billing/open", { token });
    expect(again.status).toBe(410);
    expect(parse(await again.text()).text).toContain("already been used");
  });

  it("answers an unknown address exactly as a known one, and mails nothing", async () => {
    const stranger = `nobody-${crypto.randomUUID()}@example.com`;
    const res = await post("/billing", { email: stranger });
    expect(res.status).toBe(200);
    expect(parse(await res.text()).text).toContain("If that address has a subscription with us");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await linksTo(stranger)).toEqual([]);
  });

  it("10 requests at once for one subscriber: 3 links made and mailed, however the address is written", async () => {
    const { email } = await subscribedBuyer();
    const spellings = [email, email.toUpperCase(), ` ${email} `];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post("/billing", { email: spellings[i % 3] ?? email })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(await linksSentTo(email, 3)).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await linksTo(email)).toHaveLength(3);
    const made = await env.DB.prepare("SELECT COUNT(*) AS n FROM billing_links WHERE email = ? COLLATE NOCASE")
      .bind(email)
      .first<{ n: number }>();
    expect(made?.n).toBe(3);
  });

  it("answers before the address is looked up: the lookup and the e-mail run after the answer", async () => {
    const { email } = await subscribedBuyer();
    const statements: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, name, receiver) {
        if (name === "prepare") {
          return (sql: string) => {
            statements.push(sql);
            return target.prepare(sql);
          };
        }
        const value = Reflect.get(target, name, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const later: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void later.push(p), passThroughOnException() {}, props: {} };
    const request = new Request(`${SITE}/billing`, form({ email }));
    const res = await createApp().fetch(request, { ...env, DB: db }, ctx as unknown as ExecutionContext);
    expect(res.status).toBe(200);
    expect(statements.filter((sql) => /\borders\b|billing_links|budgets/.test(sql))).toEqual([]);
    await Promise.all(later);
    expect(statements.some((sql) => /\bfrom\s+"?orders\b/i.test(sql))).toBe(true);
  });

  it("a subscriber's address and a stranger's take the same time to answer (60 pairs)", async () => {
    const { email } = await subscribedBuyer();
    const timed = async (address: string) => {
      const start = performance.now();
      const res = await post("/billing", { email: address });
      await res.text();
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 60; i++) {
      const stranger = `nobody-${crypto.randomUUID()}@example.com`;
      // Interleaved, each order half the time, so drift in the machine's speed falls on both.
      if (i % 2) {
        known.push(await timed(email));
        unknown.push(await timed(stranger));
      } else {
        unknown.push(await timed(stranger));
        known.push(await timed(email));
      }
    }
    const p = rankSumPValue(known, unknown);
    console.info("billing timing", { knownMedianMs: median(known), unknownMedianMs: median(unknown), p });
    // "Unmeasurable": the two samples are indistinguishable at the 0.1% level.
    expect(p).toBeGreaterThan(0.001);
  });

  it("refuses an expired link, a forged token, a bad address, another site's form and a flood", async () => {
    const { email } = await subscribedBuyer();
    await post("/billing", { email });
    const token = tokenOf((await linksSentTo(email))[0]);
    await env.DB.prepare("UPDATE billing_links SET expires_at = '2000-01-01T00:00:00.000Z'").run();
    const expired = await post("/billing/open", { token });
    expect(expired.status).toBe(410);
    expect(parse(await expired.text()).text).toContain("expired");

    // One character changed (never to itself: a token ending in "A" would stay the same token).
    const forged = nearlyTheKey(token);
    expect((await post("/billing/open", { token: forged })).status).toBe(404);
    expect((await post("/billing/open", { token: "' OR 1=1 --" })).status).toBe(404);
    expect((await post("/billing", { email: "not an address" })).status).toBe(400);

    const crossSite = await exports.default.fetch(`${SITE}/billing`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: new URLSearchParams({ email }).toString(),
    });
    expect(crossSite.status).toBe(403);

    const ip = testClientIp();
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await post("/billing", { email: `flood-${i}@example.com` }, ip)).status);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.at(-1)).toBe(429);
  });

  it("the success page of a paid subscription opens the portal; a one-off order's cannot", async () => {
    const { sessionId } = await subscribedBuyer();
    const success = await exports.default.fetch(`${SITE}/checkout/success?session_id=${sessionId}`);
    const page = parse(await success.text());
    const button = page.query('form[action="/billing/order"] button');
    expect(button?.textContent).toBe("Manage your subscription");
    const opened = await post("/billing/order", { session_id: sessionId });
    expect(opened.status).toBe(200);
    expect(await portalLink(opened)).toMatch(/\/portal\/bps_/);

    const oneOff = await placeOrder(["s1"]);
    await payAtStandin(oneOff.payUrl);
    for (const e of await standinEvents(oneOff.sessionId)) await deliver(e.payload, e.signature);
    const paidPage = parse(
      await (await exports.default.fetch(`${SITE}/checkout/success?session_id=${oneOff.sessionId}`)).text(),
    );
    expect(paidPage.query('form[action="/billing/order"]')).toBeNull();
    expect((await post("/billing/order", { session_id: oneOff.sessionId })).status).toBe(403);
    expect((await post("/billing/order", { session_id: "cs_test_forged" })).status).toBe(403);
  });
});

describe("the portal opens with the configuration the sync made", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Opens the portal from a fresh subscriber's success page, through the proxied Stripe. */
  async function openThroughProxy(answer?: Parameters<typeof proxyStripe>[0]) {
    const { sessionId } = await subscribedBuyer();
    const proxy = proxyStripe(answer);
    const request = new Request(`${SITE}/billing/order`, form({ session_id: sessionId }));
    const res = await createApp().fetch(request, { ...env, STRIPE_API_BASE: PROXIED_STRIPE });
    expect(res.status).toBe(200);
    const sessions = proxy.calls().filter((c) => c.path === "/v1/billing_portal/sessions");
    expect(sessions).toHaveLength(1);
    const customerId = await env.DB.prepare("SELECT stripe_customer_id FROM orders WHERE order_id = ?")
      .bind(sessionId)
      .first<string>("stripe_customer_id");
    const recorded = (await recordedCreates(standinUrl())).filter(
      (r) => r.path === "/v1/billing_portal/sessions" && r.form.customer === customerId,
    );
    return { proxy, recorded };
  }

  it("finds it by its metadata with one list call, then keeps it for the isolate", async () => {
    const list = await fetch(`${standinUrl()}/v1/billing_portal/configurations?limit=100`, {
      headers: { Authorization: "Bearer sk_test_worker_tests" },
    });
    const { data } = (await list.json()) as { data: { id: string; metadata: Record<string, string> }[] };
    const synced = data.find((c) => c.metadata.managed_by === "stripe-sync");
    expect(synced).toBeDefined();

    const first = await openThroughProxy();
    expect(first.recorded.map((r) => r.form.configuration)).toEqual([synced?.id]);
    expect(first.proxy.calls().filter((c) => c.path === "/v1/billing_portal/configurations")).toHaveLength(1);
    vi.restoreAllMocks();
    const second = await openThroughProxy();
    expect(second.recorded.map((r) => r.form.configuration)).toEqual([synced?.id]);
    expect(second.proxy.calls().filter((c) => c.path === "/v1/billing_portal/configurations")).toEqual([]);
  }, 20_000);
});

describe("with no synced portal configuration", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("opens Stripe's default configuration and logs a warning naming the sync", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { sessionId } = await subscribedBuyer();
    // Another account (key) than the test above's, so nothing it cached answers here.
    const proxy = proxyStripe((call) => (call.path === "/v1/billing_portal/configurations" ? stripeList([]) : null));
    const request = new Request(`${SITE}/billing/order`, form({ session_id: sessionId }));
    const res = await createApp().fetch(request, {
      ...env,
      STRIPE_API_BASE: PROXIED_STRIPE,
      STRIPE_SECRET_KEY: "sk_test_worker_tests_no_portal",
    });
    expect(res.status).toBe(200);
    expect(proxy.calls().map((c) => c.path)).toEqual([
      "/v1/billing_portal/configurations",
      "/v1/billing_portal/sessions",
    ]);
    const customerId = await env.DB.prepare("SELECT stripe_customer_id FROM orders WHERE order_id = ?")
      .bind(sessionId)
      .first<string>("stripe_customer_id");
    const recorded = (await recordedCreates(standinUrl())).filter(
      (r) => r.path === "/v1/billing_portal/sessions" && r.form.customer === customerId,
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.form.configuration).toBeUndefined();
    expect(warnings.mock.calls.map((args) => String(args[0])).join("\n")).toContain("npm run stripe:sync");
  });
});

describe("the success page asks Stripe sparingly", () => {
  it("at most once per session per 30 seconds, however often it is loaded", async () => {
    const { sessionId, payUrl } = await placeOrder(["s1"]);
    const load = async (ip = testClientIp()) =>
      exports.default.fetch(`${SITE}/checkout/success?session_id=${sessionId}`, {
        headers: { "CF-Connecting-IP": ip },
      });
    expect((await load()).status).toBe(200);
    expect(await statusOf(sessionId)).toBe("pending");

    await payAtStandin(payUrl);
    // Paid at Stripe, but Stripe was asked a moment ago: twenty loads at once ask nobody.
    const burst = await Promise.all(Array.from({ length: 20 }, () => load()));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    expect(await statusOf(sessionId)).toBe("pending");

    await env.DB.prepare(
      "UPDATE orders SET stripe_checked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-31 seconds') WHERE order_id = ?",
    )
      .bind(sessionId)
      .run();
    expect((await load()).status).toBe(200);
    expect(await statusOf(sessionId)).toBe("paid");
  });

  it("is rate limited per client: over the limit, 429 from what the database knows", async () => {
    const { sessionId } = await placeOrder(["s1"]);
    const ip = testClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await exports.default.fetch(`${SITE}/checkout/success?session_id=${sessionId}`, {
        headers: { "CF-Connecting-IP": ip },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Two-sided p-value of the Mann-Whitney rank-sum test (normal approximation, ties averaged). */
function rankSumPValue(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, a: true })), ...b.map((v) => ({ v, a: false }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]?.v === all[i]?.v) j++;
    for (let k = i; k <= j; k++) ranks[k] = (i + j) / 2 + 1;
    i = j + 1;
  }
  const rankSum = all.reduce((sum, x, i) => (x.a ? sum + (ranks[i] ?? 0) : sum), 0);
  const u = rankSum - (a.length * (a.length + 1)) / 2;
  const mean = (a.length * b.length) / 2;
  const sd = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  const z = Math.abs(u - mean) / sd;
  // erfc by Abramowitz and Stegun 7.1.26: ample for a p-value.
  const t = 1 / (1 + 0.3275911 * (z / Math.SQRT2));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return poly * Math.exp(-(z * z) / 2);
}
