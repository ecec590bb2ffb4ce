import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { OutboxRow } from "../../src/mail/outbox.ts";
import { parseDocument, textOf } from "./support/html.ts";
import { deliver, payAtStandin, placeOrder, SITE, sitePost, standinEvents, statusOf } from "./support/orders.ts";
import { standinUrl, testClientIp } from "./support/payment.ts";

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
    const [mail] = await linksTo(email);
    expect(mail?.status).not.toBe("not_configured");
    const token = tokenOf(mail);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(JSON.parse(mail?.payload ?? "{}").url).toBe(`${SITE}/billing/open?token=${token}`);

    // Following the link only shows a button: a mail scanner's GET uses nothing up.
    const landing = await exports.default.fetch(`${SITE}/billing/open?token=${token}`);
    expect(landing.status).toBe(200);
    const page = parse(await landing.text());
    expect(page.query('form[action="/billing/open"] input[name="token"]')?.getAttribute("value")).toBe(token);

    const opened = await post("/billing/open", { token });
    expect(opened.status).toBe(200);
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
    expect(await linksTo(stranger)).toEqual([]);
  });

  it("refuses an expired link, a forged token, a bad address, another site's form and a flood", async () => {
    const { email } = await subscribedBuyer();
    await post("/billing", { email });
    const token = tokenOf((await linksTo(email))[0]);
    await env.DB.prepare("UPDATE billing_links SET expires_at = '2000-01-01T00:00:00.000Z'").run();
    const expired = await post("/billing/open", { token });
    expect(expired.status).toBe(410);
    expect(parse(await expired.text()).text).toContain("expired");

    expect((await post("/billing/open", { token: `${token.slice(0, -1)}A` })).status).toBe(404);
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
      "UPDATE orders SET stripe_checked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-31 seconds') WHERE session_id = ?",
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
