// The funnel's events as the worker writes them (docs/insight.md): what a page view, a beacon and a
// payment put in Analytics Engine, and what they never do (a cookie, an address, a bot counted,
// a slower or failed answer).
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { logger } from "../../src/http/log.ts";
import worker from "../../src/index.ts";
import { forgetPastSalts } from "../../src/insight/salt-queries.ts";
import { visitorHash } from "../../src/insight/visitor.ts";
import { applyMpesaCallback } from "../../src/mpesa/mpesa-settle.ts";
import { MPESA_PAY_PATH, QUOTE_PAGE_PATH, quotePagePath } from "../../src/paths.ts";
import { settlePayment } from "../../src/payments/settle-payment.ts";
import { envWith } from "./support/env.ts";
import { makeOrder, makeQuote } from "./support/factories.ts";
import {
  answerPrompt,
  SITE as HTTPS_SITE,
  orderByRef,
  refOf,
  requestsOf,
  shillingsFor,
  testPhone,
} from "./support/mpesa.ts";
import { SITE } from "./support/orders.ts";
import { cartItem, customer, jsonRequest, testClientIp } from "./support/payment.ts";

const PHONE_CHROME =
  "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const DESKTOP_FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

type Point = { indexes?: unknown[]; blobs?: unknown[]; doubles?: number[] };

/** An Analytics Engine binding that keeps what it is given, and the env that has it. */
function capture(fail = false) {
  const points: Point[] = [];
  const dataset = {
    writeDataPoint(point: Point) {
      if (fail) throw new Error("Analytics Engine is down");
      points.push(point);
    },
  };
  return { points, env: envWith({ ANALYTICS: dataset }) };
}

/** The worker's answer, once everything it left running (waitUntil) is done. */
async function fetchSettled(request: Request, bindings: Env): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, bindings, ctx);
  await res.clone().arrayBuffer();
  await waitOnExecutionContext(ctx);
  return res;
}

const blob = (point: Point | undefined, n: number) => point?.blobs?.[n - 1];

function visit(path: string, headers: Record<string, string> = {}, cf?: Record<string, unknown>): Request {
  return new Request(`${SITE}${path}`, {
    headers: { "User-Agent": PHONE_CHROME, "CF-Connecting-IP": testClientIp(), ...headers },
    ...(cf ? { cf } : {}),
  });
}

function beacon(body: string, headers: Record<string, string> = {}): Request {
  return new Request(`${SITE}/insight/event`, {
    method: "POST",
    headers: {
      "Content-Type": "text/plain;charset=UTF-8",
      Origin: SITE,
      "User-Agent": PHONE_CHROME,
      "CF-Connecting-IP": testClientIp(),
      ...headers,
    },
    body,
  });
}

describe("a page view", () => {
  it("is one point with the route, the referring host, the country, the device and a day's visitor hash", async () => {
    const { points, env: bindings } = capture();
    const res = await fetchSettled(
      visit(
        "/pricing?utm_source=x",
        { Referer: "https://www.google.com/search?q=it+support+nairobi" },
        {
          country: "KE",
        },
      ),
      bindings,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(points).toHaveLength(1);
    const [point] = points;
    expect(point?.indexes).toEqual(["view"]);
    expect(point?.doubles).toEqual([1]);
    expect(point?.blobs?.slice(0, 5)).toEqual(["view", "/pricing", "www.google.com", "KE", "mobile"]);
    expect(blob(point, 6)).toMatch(/^[0-9a-f]{16}$/);
    expect(blob(point, 10)).toBe("human");
    // Nothing of the address, the query or the search terms.
    expect(JSON.stringify(point)).not.toMatch(/2001:db8|utm_source|nairobi|search\?/);
  });

  it("counts the same browser on the same network as one visitor, and another browser as another", async () => {
    const { points, env: bindings } = capture();
    const ip = testClientIp();
    await fetchSettled(visit("/", { "CF-Connecting-IP": ip }), bindings);
    await fetchSettled(visit("/about", { "CF-Connecting-IP": ip }), bindings);
    // Another address in the same /64 is the same network.
    const neighbour = `${ip.split(":").slice(0, 4).join(":")}:1:2:3:4`;
    await fetchSettled(visit("/faq", { "CF-Connecting-IP": neighbour }), bindings);
    await fetchSettled(visit("/", { "CF-Connecting-IP": ip, "User-Agent": DESKTOP_FIREFOX }), bindings);
    const hashes = points.map((point) => blob(point, 6));
    expect(new Set(hashes.slice(0, 3)).size).toBe(1);
    expect(hashes[3]).not.toBe(hashes[0]);
    expect(blob(points[3], 5)).toBe("desktop");
  });

  it("gives tomorrow's visit a new hash, and forgets yesterday's salt", async () => {
    const request = visit("/");
    const today = new Date("2026-11-28T10:00:00Z");
    const tomorrow = new Date("2026-11-29T10:00:00Z");
    const first = await visitorHash(env.DB, request, today);
    expect(await visitorHash(env.DB, request, today)).toBe(first);
    expect(await visitorHash(env.DB, request, tomorrow)).not.toBe(first);
    const days = await env.DB.prepare("SELECT day FROM insight_salts").all<{ day: string }>();
    expect(days.results.map((row) => row.day)).toEqual(["2026-11-29"]);
  });

  it("counts a browser that sends Global Privacy Control or Do Not Track as no one", async () => {
    const { points, env: bindings } = capture();
    await fetchSettled(visit("/pricing", { "Sec-GPC": "1" }), bindings);
    await fetchSettled(visit("/pricing", { DNT: "1" }), bindings);
    expect(points.map((point) => blob(point, 6))).toEqual(["", ""]);
    expect(points.map((point) => blob(point, 2))).toEqual(["/pricing", "/pricing"]);
  });

  it("forgets a quiet day's salt at the morning's cron, though no one came to make a new one", async () => {
    await visitorHash(env.DB, visit("/"), new Date("2026-11-30T10:00:00Z"));
    await forgetPastSalts(env.DB, "2026-12-01");
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM insight_salts").first<{ n: number }>())?.n).toBe(0);
  });

  it("gives the route, never the path with a number or key in it", async () => {
    const { points, env: bindings } = capture();
    const quote = await makeQuote();
    const res = await fetchSettled(visit(quotePagePath(quote.number, quote.access_key)), bindings);
    expect(res.status).toBe(200);
    expect(blob(points[0], 2)).toBe(QUOTE_PAGE_PATH);
    expect(JSON.stringify(points)).not.toContain(quote.number);
    expect(JSON.stringify(points)).not.toContain(quote.access_key);
  });

  it.each([
    [
      "a crawler's user agent",
      { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      undefined,
    ],
    ["a headless browser", { "User-Agent": PHONE_CHROME.replace("Chrome/", "HeadlessChrome/") }, undefined],
    ["curl", { "User-Agent": "curl/8.5.0" }, undefined],
    ["no user agent", { "User-Agent": "" }, undefined],
    ["Cloudflare's low bot score", {}, { botManagement: { score: 5, verifiedBot: false } }],
    ["a verified bot", {}, { botManagement: { score: 90, verifiedBot: true } }],
  ])("marks %s as a bot", async (_what, headers, cf) => {
    const { points, env: bindings } = capture();
    await fetchSettled(visit("/services", headers, cf), bindings);
    expect(blob(points[0], 10)).toBe("bot");
  });

  it("keeps a self-declared crawler a bot whatever Cloudflare's score, and a browser with a high score a person", async () => {
    const { points, env: bindings } = capture();
    const high = { botManagement: { score: 99, verifiedBot: false } };
    await fetchSettled(visit("/", { "User-Agent": "python-requests/2.31" }, high), bindings);
    await fetchSettled(visit("/", {}, high), bindings);
    expect(points.map((point) => blob(point, 10))).toEqual(["bot", "human"]);
  });

  it.each([
    ["the back office", visit("/admin")],
    ["a missing page", visit("/no-such-page")],
    ["a prefetch", visit("/about", { "Sec-Purpose": "prefetch" })],
    ["robots.txt", visit("/robots.txt")],
  ])("is not counted for %s", async (_what, request) => {
    const { points, env: bindings } = capture();
    await fetchSettled(request, bindings);
    expect(points).toEqual([]);
  });

  it("keeps only a referring site's host, and nothing for our own pages or odd referrers", async () => {
    const { points, env: bindings } = capture();
    await fetchSettled(visit("/", { Referer: `${SITE}/pricing` }), bindings);
    await fetchSettled(visit("/", { Referer: "javascript:alert(1)" }), bindings);
    await fetchSettled(visit("/", { Referer: "https://l.facebook.com/l.php?u=secret" }), bindings);
    expect(points.map((point) => blob(point, 3))).toEqual(["", "", "l.facebook.com"]);
  });

  it("still answers when Analytics Engine refuses the point", async () => {
    const { env: bindings } = capture(true);
    const res = await fetchSettled(visit("/pricing"), bindings);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("</html>");
  });
});

describe("the beacon", () => {
  it("counts a cart addition on a page of the site, with no referrer", async () => {
    const { points, env: bindings } = capture();
    const res = await fetchSettled(
      beacon(JSON.stringify({ event: "cart", path: "/pricing" }), { Referer: `${SITE}/pricing` }),
      bindings,
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(points).toHaveLength(1);
    expect(points[0]?.blobs?.slice(0, 3)).toEqual(["cart", "/pricing", ""]);
    expect(blob(points[0], 6)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("counts a saved quote, and a path the site does not have as no page", async () => {
    const { points, env: bindings } = capture();
    await fetchSettled(beacon(JSON.stringify({ event: "quote", path: "/<script>alert(1)</script>" })), bindings);
    expect(points[0]?.blobs?.slice(0, 2)).toEqual(["quote", ""]);
  });

  it.each([
    ["not JSON", "cart", 400],
    ["an event it does not take", JSON.stringify({ event: "payment", path: "/" }), 400],
    ["another field", JSON.stringify({ event: "cart", path: "/", visitor: "me" }), 400],
    ["a body over 256 bytes", JSON.stringify({ event: "cart", path: "/".repeat(300) }), 413],
  ])("refuses %s with a JSON message and counts nothing", async (_what, body, status) => {
    const { points, env: bindings } = capture();
    const res = await fetchSettled(beacon(body), bindings);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toMatch(/\w/);
    expect(points).toEqual([]);
  });

  it("is refused from another site", async () => {
    const { points, env: bindings } = capture();
    const res = await fetchSettled(
      beacon(JSON.stringify({ event: "cart", path: "/pricing" }), { Origin: "https://evil.example" }),
      bindings,
    );
    expect(res.status).toBe(403);
    expect(points).toEqual([]);
  });

  it("answers 405 to a GET", async () => {
    const res = await fetchSettled(new Request(`${SITE}/insight/event`), capture().env);
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });

  it("stops counting one network past 30 a minute", async () => {
    const { points, env: bindings } = capture();
    const ip = testClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await fetchSettled(
        beacon(JSON.stringify({ event: "cart", path: "/pricing" }), { "CF-Connecting-IP": ip }),
        bindings,
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect(points).toHaveLength(30);
  });
});

describe("a payment", () => {
  const paidLine = (orderId: string, provider: "bank_transfer" | "mpesa_paybill", billingReason = "manual") => ({
    paymentId: `pay_${crypto.randomUUID()}`,
    orderId,
    subscriptionId: null,
    status: "paid" as const,
    billingReason,
    periodStart: null,
    periodEnd: null,
    provider,
    amountCents: 15000,
    currency: "usd",
    reference: `REF${crypto.randomUUID().slice(0, 8)}`,
    usdCents: null,
  });

  it("is counted once by its channel, with no visitor, however often it is settled", async () => {
    const { points, env: bindings } = capture();
    const context = { env: bindings, origin: SITE, log: logger({ requestId: "test", path: "test" }) };
    const orderId = await makeOrder({ status: "awaiting_payment", provider: "manual" });
    const order = await env.DB.prepare("SELECT * FROM orders WHERE order_id = ?").bind(orderId).first();
    const line = paidLine(orderId, "mpesa_paybill");
    // biome-ignore lint/suspicious/noExplicitAny: the row is the order as D1 holds it
    const incoming = { channel: "paybill" as const, order: order as any, line, settles: "when-covered" as const };
    await settlePayment(context, incoming);
    await settlePayment(context, incoming);
    expect(points).toHaveLength(1);
    expect(points[0]?.blobs).toEqual(["payment", "", "", "", "", "", "paybill", "succeeded", "", "human"]);
  });

  it("leaves a renewal out of the funnel", async () => {
    const { points, env: bindings } = capture();
    const context = { env: bindings, origin: SITE, log: logger({ requestId: "test", path: "test" }) };
    const orderId = await makeOrder({ status: "paid", provider: "manual" });
    const order = await env.DB.prepare("SELECT * FROM orders WHERE order_id = ?").bind(orderId).first();
    await settlePayment(context, {
      channel: "recorded",
      // biome-ignore lint/suspicious/noExplicitAny: the row is the order as D1 holds it
      order: order as any,
      line: paidLine(orderId, "bank_transfer", "subscription_cycle"),
      settles: "nothing",
    });
    expect(points).toEqual([]);
  });
});

describe("an M-Pesa checkout", () => {
  /** The checkout page's M-Pesa payment, answered by the worker with the capturing binding. */
  async function startMpesa(bindings: Env) {
    // Daraja calls back only to https: the M-Pesa tests' site.
    const url = `${HTTPS_SITE}${MPESA_PAY_PATH}`;
    const body = {
      services: [cartItem("s1")],
      customerInfo: customer(),
      phone: testPhone().typed,
      kesAmount: await shillingsFor(15_000),
    };
    const res = await fetchSettled(new Request(url, jsonRequest(url, body)), bindings);
    expect(res.status).toBe(200);
    const order = await orderByRef(refOf(((await res.json()) as { url: string }).url));
    const [request] = (await requestsOf(order?.order_id ?? "")).results;
    if (!request) throw new Error("no prompt recorded");
    return request;
  }

  it.each([
    [1032, "failed", "1032"],
    [1037, "failed", "1037"],
    [0, "succeeded", "0"],
  ])("counts the checkout started, then a prompt answered %i as %s with its code", async (code, outcome, shown) => {
    const { points, env: bindings } = capture();
    const request = await startMpesa(bindings);
    expect(points.map((point) => point.blobs?.slice(0, 1)[0])).toEqual(["checkout"]);
    expect(blob(points[0], 7)).toBe("mpesa");
    expect(blob(points[0], 6)).toMatch(/^[0-9a-f]{16}$/);
    const { callback, push } = await answerPrompt(request.checkout_request_id, code);
    const token = push.request.callbackUrl.split("/").at(-1) ?? "";
    const context = { env: bindings, origin: SITE, log: logger({ requestId: "test", path: "test" }) };
    expect(await applyMpesaCallback(context, token, callback)).toBe("applied");
    const payment = points.filter((point) => blob(point, 1) === "payment");
    expect(payment.map((point) => point.blobs?.slice(6, 9))).toEqual([["mpesa", outcome, shown]]);
  });
});
