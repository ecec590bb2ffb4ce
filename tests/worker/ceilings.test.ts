// Runs with wrangler.toml's own ceilings (the "ceilings" project in vitest.config.ts); every other
// worker test file runs with them raised.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { contactApiMessages } from "../../src/contact/contact-copy.ts";
import { quoteApiMessages } from "../../src/quotes/quote-api-copy.ts";
import { clientBucket } from "../../src/security/client-bucket.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { TEST_OWNER_EMAIL } from "../support/secrets.ts";
import { postMpesa, shillingsFor, testPhone } from "./support/mpesa.ts";
import { SITE, sitePost } from "./support/orders.ts";
import { cartItem, customer, testClientIp } from "./support/payment.ts";
import { postQuote, quoteCustomer } from "./support/quotes.ts";

vi.setConfig({ testTimeout: 90_000 });

/** wrangler.toml: per minute, for all clients together. */
const CEILING = { contact: 30, quote: 20, billing: 20, visitorMail: 40, mpesaPrompt: 20 };

const fromIp = (ip: string) => ({ headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip } });

function contact(i: number) {
  const body = {
    name: "Amina Otieno",
    email: `ceiling-${i}-${crypto.randomUUID()}@example.com`,
    phone: "+254 711 222 333",
    message: "We need help moving our dispatch system to the cloud.",
    website: "",
  };
  // Each from a network of its own: only the ceiling can refuse them.
  return exports.default.fetch(`${SITE}/api/contact`, sitePost(JSON.stringify(body), "application/json"));
}

const count = async (sql: string): Promise<number> => (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0;

describe("ceilings for all visitors together", () => {
  // Start early in a limiter window (at least 40 s left), so the whole run falls inside it.
  beforeAll(() => freshLimiterWindow(40_000), 70_000);

  it("contact messages, quotes and billing links: 429 past the ceiling, e-mails to visitors capped, the owner told once", async () => {
    const contacts: Response[] = [];
    for (let i = 0; i <= CEILING.contact; i++) contacts.push(await contact(i));
    expect(contacts.slice(0, CEILING.contact).map((r) => r.status)).toEqual(Array(CEILING.contact).fill(201));
    const refused = contacts.at(-1) as Response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await refused.json()).toEqual({ error: contactApiMessages.busy });
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages")).toBe(CEILING.contact);

    const quotes: number[] = [];
    for (let i = 0; i <= CEILING.quote; i++) {
      const res = await postQuote({ services: [cartItem("e1")], customer: quoteCustomer() });
      quotes.push(res.status);
      if (res.status === 429) expect(await res.json()).toEqual({ error: quoteApiMessages.busy });
      else await res.arrayBuffer();
    }
    expect(quotes).toEqual([...Array(CEILING.quote).fill(200), 429]);
    expect(await count("SELECT COUNT(*) AS n FROM quotes")).toBe(CEILING.quote);

    // 30 acknowledgements and 20 quotes to 50 different visitors' addresses: 40 go, 10 are skipped.
    expect(await count("SELECT COUNT(*) AS n FROM outbox WHERE kind IN ('contact-ack', 'quote')")).toBe(
      CEILING.visitorMail,
    );

    const billing: number[] = [];
    for (let i = 0; i <= CEILING.billing; i++) {
      const body = new URLSearchParams({ email: `nobody-${i}@example.com` }).toString();
      const res = await exports.default.fetch(`${SITE}/billing`, sitePost(body, "application/x-www-form-urlencoded"));
      await res.arrayBuffer();
      billing.push(res.status);
    }
    expect(billing).toEqual([...Array(CEILING.billing).fill(200), 429]);

    // Four ceilings reached within the hour: one e-mail to the owner.
    const alerts = await env.DB.prepare("SELECT recipient, subject FROM outbox WHERE kind = 'owner-ceiling'").all<{
      recipient: string;
      subject: string;
    }>();
    expect(alerts.results).toEqual([
      { recipient: TEST_OWNER_EMAIL, subject: "Traffic ceiling reached: contact messages" },
    ]);
  });
});

describe("the M-Pesa prompt ceiling", () => {
  it("is spent only by prompts; past it the phone's and the network's budgets are given back", async () => {
    await freshLimiterWindow(20_000);
    const kes = await shillingsFor(15_000);
    const pay = (phone: string, ip: string, kesAmount = kes) =>
      postMpesa({ services: [cartItem("s1")], customerInfo: customer(), phone, kesAmount }, fromIp(ip));
    // Refused requests (a wrong amount) take nothing from the ceiling of 20 a minute…
    for (let i = 0; i < 5; i++) expect((await pay(testPhone().typed, testClientIp(), kes + 1)).status).toBe(409);
    // …so twenty prompts still go out.
    for (let i = 0; i < CEILING.mpesaPrompt; i++)
      expect((await pay(testPhone().typed, testClientIp())).status).toBe(200);
    const phone = testPhone();
    const ip = testClientIp();
    const refused = await pay(phone.typed, ip);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toContain("an unusual number of M-Pesa payments");
    const spent = await env.DB.prepare(
      "SELECT scope, hour_count FROM budgets WHERE (scope = 'phone:mpesa-prompt' AND key = ?) OR (scope = 'client:mpesa-prompt' AND key = ?)",
    )
      .bind(phone.normalised, clientBucket(ip))
      .all<{ scope: string; hour_count: number }>();
    expect(spent.results.map((r) => r.hour_count)).toEqual([0, 0]);
  });
});
