import { env, exports } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { CartItem } from "../../src/checkout/cart-item-schema.ts";
import { quotePagePath, quotePdfPath } from "../../src/paths.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { envWith } from "./support/env.ts";
import { makeQuote } from "./support/factories.ts";
import { attributesOf, parseDocument, queryAll, textOf } from "./support/html.ts";
import { nearlyTheKey } from "./support/keys.ts";
import { SITE } from "./support/orders.ts";
import { cartItem, testClientIp } from "./support/payment.ts";
import { setPaymentDetails } from "./support/payment-details.ts";

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));
// The owner has set a bank account and a paybill (payment-details.test.ts tries them unset).
beforeAll(() => setPaymentDetails());

const DAY_MS = 86_400_000;

/** Two Network Assessments ($150 each) and the Business plan ($375 a month). */
const TYPICAL_CART = (): CartItem[] => [cartItem("s1", { quantity: 2 }), cartItem("pricing-business")];

/** Opens a quote link from a client address of its own (the page is rate limited per client). */
async function open(path: string, ip = testClientIp()) {
  const res = await exports.default.fetch(`${SITE}${path}`, { headers: { "CF-Connecting-IP": ip } });
  const html = await res.text();
  const document = parseDocument(html);
  return {
    res,
    status: res.status,
    html,
    document,
    text: textOf(document.body),
    query: (selector: string) => document.querySelector(selector),
    queryAll: (selector: string) => queryAll(document, selector),
  };
}

type Opened = Awaited<ReturnType<typeof open>>;

function payQuoteProps(page: Opened): { items: CartItem[] } | null {
  const island = page.query('[data-island="PayQuote"]');
  return island ? JSON.parse(island.getAttribute("data-props") ?? "null") : null;
}

function expectPrivate(res: Response) {
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
}

function overLimit(): Env {
  return envWith({ QUOTE_VIEW_LIMITER: { limit: async () => ({ success: false }) } });
}

describe("GET /quote/<number>?k=<key>: the quote's own page", () => {
  it("shows the quote: number, dates, client, lines, totals and the PDF link", async () => {
    const quote = await makeQuote();
    const page = await open(quotePagePath(quote.number, quote.access_key));
    expect(page.status).toBe(200);
    expect(page.res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expectPrivate(page.res);
    expect(page.query('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(page.query('head meta[name="referrer"]')?.getAttribute("content")).toBe("no-referrer");

    expect(textOf(page.query("h1"))).toBe(`Quote ${quote.number}`);
    const dates = textOf(page.query("[data-quote-dates]"));
    expect(dates).toMatch(/Date \d{1,2} \w+ \d{4}/);
    expect(dates).toMatch(/Valid until \d{1,2} \w+ \d{4}/);
    expect(page.queryAll("[data-quote-dates] time").map((time) => time.getAttribute("datetime"))).toEqual([
      quote.created_at,
      quote.valid_until,
    ]);

    const client = page.query("[data-quote-client]");
    expect(queryAll(client as Element, "bdi").map((el) => textOf(el))).toEqual([
      "Amina Otieno",
      "Otieno Logistics",
      quote.customer_email,
    ]);

    const rows = page.queryAll("tr[data-item-id]");
    expect(rows.map((row) => row.getAttribute("data-item-id"))).toEqual(["s1", "pricing-business"]);
    const cells = (row: Element | undefined) => (row ? queryAll(row, "th, td").map((cell) => textOf(cell)) : []);
    expect(cells(rows[0])).toEqual([
      "Network Assessment",
      "Category Networking",
      "Qty 2",
      "Unit price $150.00",
      "Line total $300.00 Net $258.62 · VAT 16% $41.38",
    ]);
    expect(cells(rows[1])).toEqual([
      "Business",
      "Category Monthly Subscription",
      "Qty 1",
      "Unit price $375.00 per month",
      "Line total $375.00 per month Net $323.28 · VAT 16% $51.72",
    ]);
    expect(rows[0]?.hasAttribute("data-recurring")).toBe(false);
    expect(rows[1]?.hasAttribute("data-recurring")).toBe(true);

    expect(textOf(page.query('[data-total="net"]'))).toBe("Net $581.90");
    expect(textOf(page.query('[data-total="vat"]'))).toBe("VAT 16% $93.10");
    expect(textOf(page.query('[data-total="due"]'))).toBe("Due on acceptance $675.00");
    expect(textOf(page.query('[data-total="monthly"]'))).toBe("Monthly thereafter $375.00 per month");

    const pdf = page.queryAll("a[href]").find((a) => textOf(a) === "Download quote (PDF)");
    expect(pdf?.getAttribute("href")).toBe(quotePdfPath(quote.number, quote.access_key));

    const methods = page.queryAll("#how-to-pay li").map((li) => textOf(li));
    expect(methods.map((method) => method.split(":")[0])).toEqual(["Card", "Bank transfer", "M-Pesa"]);
    expect(methods[1]).toContain(`Reference: ${quote.number}.`);
    expect(methods[2]).toContain(`account number ${quote.number}.`);
  });

  it("leaves out the monthly total when nothing recurs", async () => {
    const quote = await makeQuote([cartItem("e1", { quantity: 3 })]);
    const page = await open(quotePagePath(quote.number, quote.access_key));
    expect(textOf(page.query('[data-total="due"]'))).toBe("Due on acceptance $60.00");
    expect(page.query('[data-total="monthly"]')).toBeNull();
  });

  it("hands Pay online the catalogue's cart items at the quoted quantities", async () => {
    const quote = await makeQuote();
    const page = await open(quotePagePath(quote.number, quote.access_key));
    expect(page.query('[data-pay-online="ready"]')).not.toBeNull();
    expect(payQuoteProps(page)).toEqual({
      items: [cartItem("s1", { quantity: 2 }), cartItem("pricing-business", { quantity: 1 })],
    });
    const button = page.query('[data-island="PayQuote"] button');
    expect(attributesOf(button)).toMatchObject({ type: "button" });
    expect(textOf(button)).toBe("Pay online");
    // Without scripts the button is hidden and the page says why, with the other ways to pay.
    expect(button?.getAttribute("class")).toContain("noscript:hidden");
    const noscript = textOf(page.query("#pay-online noscript"));
    expect(noscript).toContain("Pay online needs JavaScript");
    expect(noscript).toContain("bank transfer or M-Pesa");
  });

  it("shows what the buyer typed as text, in <bdi>, whatever the script or markup", async () => {
    const name = `مريم العلي <img src=x onerror=alert(1)> ${crypto.randomUUID()}`;
    const company = `</bdi><script>alert(2)</script> شركة`;
    const quote = await makeQuote(TYPICAL_CART(), { name, company });
    const page = await open(quotePagePath(quote.number, quote.access_key));
    expect(page.status).toBe(200);
    expect(page.html).not.toContain("<img src=x");
    expect(page.html).not.toContain("<script>alert(2)");
    expect(page.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    const bdis = queryAll(page.query("[data-quote-client]") as Element, "bdi");
    expect(bdis.map((el) => el.textContent)).toEqual([name, company, quote.customer_email]);
  });
});

describe("the key stays in the address bar", () => {
  it("every answer of a quote link (200, 404, 429) says Referrer-Policy: no-referrer", async () => {
    const quote = await makeQuote();
    const path = quotePagePath(quote.number, quote.access_key);
    const limited = await createApp().fetch(
      new Request(`${SITE}${path}`, { headers: { "CF-Connecting-IP": testClientIp() } }),
      overLimit(),
    );
    const answers = [(await open(path)).res, (await open(`${path}x`)).res, limited];
    expect(answers.map((res) => res.status)).toEqual([200, 404, 429]);
    for (const res of answers) expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
  });
});

describe("a quote that cannot be paid online as written", () => {
  it("past its validity: no Pay online, the reason, and a way to a new quote", async () => {
    const quote = await makeQuote(TYPICAL_CART(), {}, new Date(Date.now() - 31 * DAY_MS));
    const page = await open(quotePagePath(quote.number, quote.access_key));
    expect(page.status).toBe(200);
    expect(page.query('[data-island="PayQuote"]')).toBeNull();
    const section = page.query('[data-pay-online="expired"]');
    expect(textOf(section)).toMatch(/This quote expired on \d{1,2} \w+ \d{4}/);
    expect(queryAll(section as Element, "a[href]").map((a) => [a.getAttribute("href"), textOf(a)])).toEqual([
      ["/custom-quote", "Request a new quote"],
    ]);
    // An expired quote is not to be paid any other way either.
    expect(page.query("#how-to-pay")).toBeNull();
  });

  it("whose price has changed in the catalogue: no Pay online, and which service changed", async () => {
    const quote = await makeQuote();
    await env.DB.prepare(
      "UPDATE quote_lines SET unit_amount_cents = unit_amount_cents - 1000 WHERE number = ? AND item_id = 's1'",
    )
      .bind(quote.number)
      .run();
    const page = await open(quotePagePath(quote.number, quote.access_key));
    expect(page.query('[data-island="PayQuote"]')).toBeNull();
    const section = page.query('[data-pay-online="changed"]');
    expect(textOf(section)).toContain(
      "Our online prices have changed since this quote was written (Network Assessment)",
    );
    expect(queryAll(section as Element, "a[href]").map((a) => a.getAttribute("href"))).toEqual(["/custom-quote"]);
    // The quote itself still holds: bank transfer and M-Pesa, not card.
    const methods = page.queryAll("#how-to-pay li").map((li) => textOf(li).split(":")[0]);
    expect(methods).toEqual(["Bank transfer", "M-Pesa"]);
  });

  it("with a service the catalogue no longer has: no Pay online, and which one", async () => {
    const quote = await makeQuote();
    await env.DB.prepare(
      "UPDATE quote_lines SET item_id = 'retired-service', name = 'Fax Machine Care' WHERE number = ? AND item_id = 's1'",
    )
      .bind(quote.number)
      .run();
    const page = await open(quotePagePath(quote.number, quote.access_key));
    expect(page.query('[data-island="PayQuote"]')).toBeNull();
    const section = page.query('[data-pay-online="unavailable"]');
    expect(textOf(section)).toContain("We no longer offer Fax Machine Care online");
    expect(queryAll(section as Element, "a[href]").map((a) => a.getAttribute("href"))).toEqual(["/custom-quote"]);
  });
});

describe("a link that does not open a quote", () => {
  it("answers the same 404 page for a wrong key, no key, an unknown number and a malformed one", async () => {
    const quote = await makeQuote();
    const [year] = quote.number.slice(2).split("-");
    const attempts = [
      `/quote/${quote.number}?k=${nearlyTheKey(quote.access_key)}`,
      `/quote/${quote.number}?k=${quote.access_key.toUpperCase()}`,
      `/quote/${quote.number}?k=`,
      `/quote/${quote.number}`,
      `/quote/${quote.number}?key=${quote.access_key}`,
      `/quote/Q-${year}-99999?k=${quote.access_key}`,
      `/quote/Q-1999-00001?k=${quote.access_key}`,
      `/quote/${quote.number.toLowerCase()}?k=${quote.access_key}`,
      `/quote/Q-${year}-1?k=${quote.access_key}`,
      `/quote/${quote.number}0?k=${quote.access_key}`,
      `/quote/${encodeURIComponent(`${quote.number}' OR 1=1 --`)}?k=${quote.access_key}`,
    ];
    const bodies = new Set<string>();
    for (const path of attempts) {
      const page = await open(path);
      expect(page.status, path).toBe(404);
      expectPrivate(page.res);
      expect(textOf(page.query("h1")), path).toBe("404");
      expect(page.text, path).toContain("Page not found");
      expect(page.html, path).not.toContain(quote.number);
      bodies.add(page.html);
    }
    expect(bodies.size).toBe(1);
  });

  it("never asks D1 about a malformed number", async () => {
    let asked = 0;
    const db = new Proxy(env.DB, {
      get(target, key) {
        if (key === "prepare" || key === "batch") asked++;
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const app = createApp();
    for (const number of [
      "Q-2026-1",
      "Q-2026-000001",
      "Q-2026-0100000",
      "q-2026-00001",
      "Q-26-00001",
      "x".repeat(5000),
    ]) {
      const req = new Request(`${SITE}/quote/${number}?k=whatever`, {
        headers: { "CF-Connecting-IP": testClientIp() },
      });
      const res = await app.fetch(req, envWith({ DB: db }));
      expect(res.status).toBe(404);
    }
    expect(asked).toBe(0);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After once the client is over QUOTE_VIEW_LIMITER, before reading the quote", async () => {
    const quote = await makeQuote();
    const req = new Request(`${SITE}${quotePagePath(quote.number, quote.access_key)}`, {
      headers: { "CF-Connecting-IP": testClientIp() },
    });
    const res = await createApp().fetch(req, overLimit());
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("60");
    expectPrivate(res);
    const text = textOf(parseDocument(await res.text()).body);
    expect(text).toContain("Too many requests");
    expect(text).not.toContain(quote.number);
  });

  it("counts every opening per client: the 31st within a minute waits", async () => {
    const quote = await makeQuote();
    const ip = testClientIp();
    const path = quotePagePath(quote.number, quote.access_key);
    for (let i = 0; i < 30; i++) expect((await open(path, ip)).status).toBe(200);
    expect((await open(path, ip)).status).toBe(429);
    expect((await open(path, testClientIp())).status).toBe(200);
  });
});
