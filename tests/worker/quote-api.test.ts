import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { catalogue } from "../../src/catalogue/catalogue.ts";
import { QUOTE_VALID_DAYS } from "../../src/quotes/quote-numbers.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { parseDocument, textOf } from "./support/html.ts";
import { cartItem, testClientIp } from "./support/payment.ts";
import { postQuote, postQuoteForm, QUOTE_URL, quoteCustomer, storedQuote } from "./support/quotes.ts";

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));

// Every quote's two e-mails draw its PDF again in the queue's consumer, alongside the requests.
vi.setConfig({ testTimeout: 30_000 });

async function quoteCount(): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM quotes").first<{ n: number }>();
  return row?.n ?? 0;
}

/** A request that must be refused: its JSON answer, and no quote stored by it. */
async function refusedQuote(body: unknown, init: RequestInit = {}) {
  const before = await quoteCount();
  const res = await postQuote(body, init);
  const text = await res.text();
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(await quoteCount(), "a refused request stored a quote").toBe(before);
  expect(text).not.toMatch(/stack|at [\w.]+ \(|D1_ERROR|SQLITE/i);
  return {
    status: res.status,
    json: JSON.parse(text) as { error: string; issues?: { path: string; message: string }[] },
  };
}

const REVIEW = "Please review your cart and try again.";

describe("a quote of a cart", () => {
  it("is stored with the next number, the catalogue's lines and prices, totals and 30 days' validity", async () => {
    const customer = quoteCustomer({ name: "  Amina Otieno  " });
    const before = Date.now();
    const res = await postQuote({
      services: [cartItem("pricing-business"), cartItem("e1", { quantity: 2 }), cartItem("m3")],
      customer,
    });
    expect(res.status).toBe(200);
    const number = res.headers.get("X-Quote-Number") ?? "";
    expect(number).toMatch(new RegExp(`^Q-${new Date().getUTCFullYear()}-\\d{5}$`));
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="${number}.pdf"`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");

    const quote = await storedQuote(res);
    const business = catalogue.get("pricing-business");
    const e1 = catalogue.get("e1");
    const m3 = catalogue.get("m3");
    if (!business || !e1 || !m3) throw new Error("catalogue changed");
    expect(quote).toMatchObject({
      number,
      customer_name: "Amina Otieno",
      customer_email: customer.email,
      customer_company: "Otieno Logistics",
      currency: "usd",
      due_cents: business.unitAmount + 2 * e1.unitAmount + m3.unitAmount,
      monthly_cents: business.unitAmount,
    });
    expect(
      quote.lines.map((l) => [l.item_id, l.name, l.category, l.unit_amount_cents, l.quantity, l.recurring]),
    ).toEqual([
      ["pricing-business", business.name, business.category, business.unitAmount, 1, 1],
      ["e1", e1.name, e1.category, e1.unitAmount, 2, 0],
      ["m3", m3.name, m3.category, m3.unitAmount, 1, 0],
    ]);
    const created = Date.parse(quote.created_at);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(quote.valid_until) - created).toBe(QUOTE_VALID_DAYS * 86_400_000);
    // At least 128 bits of randomness: the key is what keeps the quote's page private.
    expect(quote.access_key).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it("gets a number of its own under concurrent requests, with no gaps", async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => postQuote({ services: [cartItem("e1")], customer: quoteCustomer() })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(15).fill(200));
    const numbers = answers.map((res) => res.headers.get("X-Quote-Number") ?? "");
    expect(new Set(numbers).size).toBe(15);
    const sequence = numbers.map((n) => Number(n.slice(-5))).sort((a, b) => a - b);
    expect(sequence.at(-1)! - sequence[0]!).toBe(14);
  });

  it("numbers start again at 00001 in a new year", async () => {
    const { insertQuote } = await import("../../src/quotes/quote-numbers.ts");
    const { priceCart } = await import("../../src/checkout/cart-pricing.ts");
    const cart = priceCart([cartItem("e1")]);
    if ("status" in cart) throw new Error("cart refused");
    const first = await insertQuote(env.DB, cart, quoteCustomer(), new Date("2031-01-01T08:00:00Z"));
    const second = await insertQuote(env.DB, cart, quoteCustomer(), new Date("2031-03-01T08:00:00Z"));
    expect([first.number, second.number]).toEqual(["Q-2031-00001", "Q-2031-00002"]);
  });
});

describe("refused like the payment endpoint, nothing stored", () => {
  const customer = quoteCustomer();

  it("an unknown id: 400 naming it", async () => {
    const res = await refusedQuote({ services: [cartItem("e1"), { ...cartItem("e2"), id: "x9" }], customer });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(
      'Your cart holds a service we do not offer: "x9". Please remove it from your cart and try again.',
    );
    expect(res.json.issues).toEqual([{ path: "services.1.id", message: 'Unknown service "x9"' }]);
  });

  it.each([
    ["p6 at $0.01", cartItem("p6", { price: 0.01 })],
    ["the Business plan at $1", cartItem("pricing-business", { price: 1 })],
  ])("a tampered price (%s): 409", async (_label, item) => {
    const res = await refusedQuote({ services: [cartItem("e2"), item], customer });
    expect(res.status).toBe(409);
    expect(res.json.error).toContain("Prices may have changed since your cart was saved");
    expect(res.json.error).toContain(REVIEW);
  });

  it.each([
    ["an empty cart", { services: [], customer }, "Your cart is empty"],
    ["no cart", { customer }, "Your cart is empty"],
    [
      "quantity 0",
      { services: [cartItem("e1", { quantity: 0 })], customer },
      "Quantity must be a whole number from 1 to 99",
    ],
    [
      "quantity 100",
      { services: [cartItem("e1", { quantity: 100 })], customer },
      "Quantity must be a whole number from 1 to 99",
    ],
    ["a name of one letter", { services: [cartItem("e1")], customer: { ...customer, name: "A" } }, "Name is required"],
    ["no e-mail", { services: [cartItem("e1")], customer: { name: "Amina" } }, "Invalid email address"],
    [
      "a bad e-mail",
      { services: [cartItem("e1")], customer: { ...customer, email: "amina@" } },
      "Invalid email address",
    ],
    [
      "a lone surrogate in the name",
      { services: [cartItem("e1")], customer: { ...customer, name: "Ami\ud800na" } },
      "Name contains characters that are not valid text",
    ],
    ["an unknown field", { services: [cartItem("e1")], customer, price: 1 }, 'Unrecognized key: "price"'],
  ])("%s: 400 with the field's message", async (_label, body, message) => {
    const res = await refusedQuote(body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(message);
  });

  it("the same id twice: 400", async () => {
    const res = await refusedQuote({ services: [cartItem("e1"), cartItem("e1")], customer });
    expect(res.status).toBe(400);
  });

  it("more than 100 lines: 400", async () => {
    const services = Array.from({ length: 101 }, (_, i) => ({ ...cartItem("e1"), id: `e1-${i}` }));
    const res = await refusedQuote({ services, customer });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain("A cart holds at most 100 different services");
  });

  it("a total above what can be paid online: 400", async () => {
    const res = await refusedQuote({ services: [cartItem("p6", { quantity: 99 })], customer });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain("more than can be paid online");
  });

  it("a plan with more than 20 one-time services: 400", async () => {
    const oneTime = [...catalogue.values()].filter((e) => !e.recurring).slice(0, 21);
    const res = await refusedQuote({
      services: [cartItem("pricing-business"), ...oneTime.map((e) => cartItem(e.id))],
      customer,
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain("at most 20 one-time services");
  });

  it("not JSON: 415; malformed JSON: 400; a body over 64 KB: 413", async () => {
    const plain = await refusedQuote("hello", { headers: { "Content-Type": "text/plain" } });
    expect(plain.status).toBe(415);
    expect(plain.json.error).toBe("Send the quote request as JSON or as a form.");
    const malformed = await refusedQuote("{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toBe("The quote request could not be read. Please try again from the quote page.");
    const large = await refusedQuote(JSON.stringify({ services: [cartItem("e1")], customer, pad: "x".repeat(70_000) }));
    expect(large.status).toBe(413);
  });

  it("from another site: 403", async () => {
    const res = await refusedQuote(
      { services: [cartItem("e1")], customer },
      {
        headers: { "Content-Type": "application/json", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      },
    );
    expect(res.status).toBe(403);
  });

  it("more than 10 a minute from one client: 429 with Retry-After", async () => {
    const ip = testClientIp();
    const init = { headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip } };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await postQuote({ services: [cartItem("e1")], customer: quoteCustomer() }, init);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("Retry-After")).toBe("60");
        expect((await res.json<{ error: string }>()).error).toBe(
          "Too many quotes from your network. Please wait a minute and try again.",
        );
      } else await res.arrayBuffer();
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it("GET /quote: 405 naming POST", async () => {
    const res = await exports.default.fetch(QUOTE_URL);
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });
});

describe("the plain form of /custom-quote (no JavaScript)", () => {
  it("quotes the checked services at catalogue prices, one of each", async () => {
    const email = quoteCustomer().email;
    const res = await postQuoteForm([
      ["services", "e1"],
      ["services", "s2"],
      ["name", "Amina Otieno"],
      ["email", email],
      ["company", ""],
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Q-\d{4}-\d{5}\.pdf"$/);
    const quote = await storedQuote(res);
    expect(quote.customer_company).toBeNull();
    expect(quote.lines.map((l) => [l.item_id, l.quantity, l.unit_amount_cents])).toEqual([
      ["e1", 1, catalogue.get("e1")?.unitAmount],
      ["s2", 1, catalogue.get("s2")?.unitAmount],
    ]);
  });

  it.each([
    [
      "no service checked",
      [
        ["name", "Amina"],
        ["email", "amina@example.com"],
      ],
      "Select at least one service to get a quote.",
    ],
    [
      "a bad e-mail",
      [
        ["services", "e1"],
        ["name", "Amina"],
        ["email", "amina"],
      ],
      "Invalid email address",
    ],
    [
      "an unknown service",
      [
        ["services", "zz"],
        ["name", "Amina"],
        ["email", "amina@example.com"],
      ],
      'we do not offer: "zz"',
    ],
  ] as [string, [string, string][], string][])(
    "%s: a 400 page that says why and leads back",
    async (_label, fields, message) => {
      const before = await quoteCount();
      const res = await postQuoteForm(fields);
      expect(res.status).toBe(400);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      const doc = parseDocument(await res.text());
      expect(textOf(doc.querySelector("h1"))).toBe("Your quote could not be prepared");
      expect(textOf(doc.querySelector("[role=alert]"))).toContain(message);
      expect(doc.querySelector('a[href="/custom-quote"]')).not.toBeNull();
      expect(await quoteCount()).toBe(before);
    },
  );

  it("from another site: refused", async () => {
    const res = await postQuoteForm(
      [
        ["services", "e1"],
        ["name", "Amina"],
        ["email", "amina@example.com"],
      ],
      {
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
      },
    );
    expect(res.status).toBe(403);
  });
});
