// The People section (issue 25): one person found by any way of writing their mailbox, exported as
// one JSON file, then erased while the 7-year records stay, each request recorded in the audit log.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createBillingLink } from "../../src/billing/billing-links.ts";
import type { QuoteRow } from "../../src/db/document-tables.ts";
import type { AuditRow, OrderRow, OutboxRow, PaymentRow } from "../../src/db/schema.ts";
import { notifyOrderPaid } from "../../src/mail/order-notices.ts";
import { sendBillingLink } from "../../src/mail/visitor-notices.ts";
import { getOrder, getOrderItems } from "../../src/orders/orders.ts";
import { issueReceipt } from "../../src/receipts/issue-receipt.ts";
import { sha256Hex } from "../../src/security/sha256.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { makeMessage, makeMpesaRequest, makeOrder, makePayment } from "./support/factories.ts";
import { SITE } from "./support/orders.ts";
import { cartItem } from "./support/payment.ts";
import { seedPerson } from "./support/person.ts";
import { postQuote, quoteCustomer } from "./support/quotes.ts";
import { workContext } from "./support/work-context.ts";

const db = env.DB;
const one = <T>(sql: string, ...values: unknown[]) =>
  db
    .prepare(sql)
    .bind(...values)
    .first<T>();
const count = async (sql: string, ...values: unknown[]) => (await one<{ n: number }>(sql, ...values))?.n ?? 0;
const personRequests = async () =>
  (await db.prepare("SELECT * FROM admin_audit WHERE subject_kind = 'person' ORDER BY id").all<AuditRow>()).results;

const erase = (email: string, confirm: string, headers: Record<string, string> = {}) =>
  postAsOwner("/admin/people/erase", { email, confirm }, headers);

describe("finding a person", () => {
  it("finds every way of writing one Gmail mailbox, and nobody else's", async () => {
    const p = await seedPerson();
    const decoy = await makeMessage({ email: `${p.local}2@gmail.com`, message: "Decoy neighbour" });
    await makeMessage({ email: `${p.local}@gmail.co`, message: "Decoy other domain" });
    const { status, document, text } = await openAsOwner(
      `/admin/people?email=${encodeURIComponent(`${p.local.toUpperCase()}@GoogleMail.com`)}`,
    );
    expect(status).toBe(200);
    const countOf = (kind: string) => document.querySelector(`[data-count="${kind}"]`)?.textContent;
    expect(countOf("orders")).toBe("(1)");
    expect(countOf("payments")).toBe("(1)");
    expect(countOf("receipts")).toBe("(1)");
    expect(countOf("quotes")).toBe("(2)");
    expect(countOf("messages")).toBe("(1)");
    expect(countOf("emails")).toBe("(2)");
    expect(countOf("billingLinks")).toBe("(1)");
    expect(document.querySelector("[data-addresses]")?.getAttribute("data-addresses")).toBe("6");
    expect(text).not.toContain("Decoy");
    expect(decoy).toBeGreaterThan(0);
    // What the visitor typed is shown as text, never as markup.
    expect(document.querySelector("[data-person-held] b")).toBeNull();
    expect(text).toContain("<b>servers</b>");
    expect(document.querySelector('nav a[aria-current="page"]')?.textContent).toBe("People");
  });

  it("refuses what is not an address, and treats LIKE wildcards as letters", async () => {
    const bad = await openAsOwner("/admin/people?email=not-an-address");
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Write one e-mail address");
    await makeMessage({ email: "someone@example.com", message: "Not yours" });
    // D1 refuses LIKE patterns over 50 bytes: a 254-character address must still be found.
    const long = `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(50)}.example.com`;
    await makeMessage({ email: long, message: "Long one" });
    const found = await openAsOwner(`/admin/people?email=${encodeURIComponent(long.toUpperCase())}`);
    expect(found.status).toBe(200);
    expect(found.document.querySelector('[data-count="messages"]')?.textContent).toBe("(1)");
    for (const typed of ["%@example.com", "someone@_xample.com", "%@%"]) {
      const page = await openAsOwner(`/admin/people?email=${encodeURIComponent(typed)}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("We hold nothing about this address");
      expect(page.text).not.toContain("Not yours");
    }
  });

  it("is the owner's only: no sign-in, no page; a cross-site post erases nothing", async () => {
    const p = await seedPerson();
    const res = await erase(`${p.local}@gmail.com`, `${p.local}@gmail.com`, { Authorization: "" });
    expect([401, 404]).toContain(res.status);
    const crossSite = await erase(`${p.local}@gmail.com`, `${p.local}@gmail.com`, {
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    // A body larger than two addresses and the spellings a page can tick is refused unread.
    const before = (await personRequests()).length;
    const huge = await postAsOwner("/admin/people/export", { email: `${"a".repeat(13 * 1024)}@example.com` });
    expect(huge.status).toBe(413);
    expect((await personRequests()).length).toBe(before);
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE id = ?", p.message)).toBe(1);
  });
});

describe("exporting a person's data", () => {
  it("answers one JSON file with every kind, no secrets, and records the request without the address", async () => {
    const p = await seedPerson();
    const { status, res, body } = await postAsOwner("/admin/people/export", { email: `${p.local}@gmail.com` });
    expect(status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const data = JSON.parse(body);
    expect(data).toMatchObject({
      format: "personal-data-export",
      version: 5,
      mailbox: `${p.local}@gmail.com`,
      also_included: [],
      complete: true,
    });
    expect(data.addresses).toHaveLength(6);
    const [order] = data.orders;
    expect(order).toMatchObject({
      reference: p.order,
      status: "paid",
      customer: { name: "Jane Wanjiru", phone: "+254 711 222 333" },
    });
    expect(order.items[0]).toMatchObject({ item_id: "s1", recurring: false });
    expect(order.payments[0]).toMatchObject({ payment_id: p.payment, receipt: p.receipt, phone: "254711222333" });
    expect(order.mpesa_prompts[0]).toMatchObject({ checkout_request_id: p.prompt, status: "paid" });
    expect(order.notes[0]).toMatchObject({ body: "Called her" });
    expect(data.quotes.map((q: QuoteRow) => q.number).sort()).toEqual([p.acceptedQuote, p.openQuote].sort());
    expect(data.messages[0].message).toBe("Please call me about <b>servers</b>");
    expect(data.emails.find((e: { id: number }) => e.id === p.mailToThem).content).toEqual({ name: "Jane" });
    expect(data.billing_links).toHaveLength(1);
    for (const secret of [
      "secret-receipt-key",
      "secret-quote-key",
      "token_hash",
      "callback_token_hash",
      "access_key",
      "hash-",
    ]) {
      expect(body).not.toContain(secret);
    }
    const [request] = (await personRequests()).filter((r) => r.action === "person.exported").slice(-1);
    expect(request?.actor).toBe("admin");
    expect(request?.subject_id).toMatch(/^mailbox:[0-9a-f]{64}$/);
    expect(request?.detail).toContain(`"person":"${p.local.slice(0, 1)}•••@gmail.com"`);
    expect(request?.detail).not.toContain(p.local);
  });

  it("refuses a non-address with 400 and records nothing", async () => {
    const before = (await personRequests()).length;
    const res = await postAsOwner("/admin/people/export", { email: "nobody" });
    expect(res.status).toBe(400);
    expect((await personRequests()).length).toBe(before);
  });
});

describe("the export holds no secret", () => {
  it("keeps no access key, token or key-carrying link of the person's rows, in any byte", async () => {
    const email = `keys-${crypto.randomUUID().slice(0, 8)}@example.com`;
    // A written quote as the site makes one: its e-mails carry its page's link and key.
    const quoted = await postQuote({ services: [cartItem("e1")], customer: quoteCustomer({ email }) });
    expect(quoted.status).toBe(200);
    await quoted.arrayBuffer();
    // A paid order with its receipt, the buyer's confirmation linking to the receipt's PDF by key.
    const orderId = await makeOrder({ status: "paid", customer_email: email, provider: "mpesa" });
    const payment = await makePayment({ order_id: orderId });
    const receipt = await issueReceipt(workContext(), payment, { draw: false });
    const order = await getOrder(env.DB, orderId);
    if (!receipt || !order) throw new Error("order or receipt not made");
    await notifyOrderPaid(workContext(), { ...order, items: await getOrderItems(env.DB, orderId) }, { receipt });
    await makeMpesaRequest({ order_id: orderId, status: "paid" });
    // A billing link, whose e-mail holds the token itself.
    await sendBillingLink(workContext(), email, async () => {
      const token = await createBillingLink(env.DB, "cus_keys", email, 1800);
      return { url: `${SITE}/billing/open?token=${token}`, validFor: "30 minutes" };
    });

    const column = async (sql: string) =>
      (await db.prepare(sql).bind(email, orderId).all<{ secret: string }>()).results.map((r) => r.secret);
    const payloads = await column(
      `SELECT payload AS secret FROM outbox WHERE recipient = ?1 OR order_id = ?2
         OR dedupe_key IN (SELECT 'owner-quote:' || number FROM quotes WHERE customer_email = ?1)`,
    );
    const inLinks = payloads.flatMap((p) => [...p.matchAll(/[?&](?:k|token)=([^&"\s#]+)/g)].map((m) => m[1] ?? ""));
    const secrets = [
      ...(await column("SELECT access_key AS secret FROM quotes WHERE customer_email = ?1 AND ?2 IS NOT NULL")),
      ...(await column(
        "SELECT r.access_key AS secret FROM receipts r JOIN payments p ON p.payment_id = r.payment_id WHERE p.order_id = ?2 AND ?1 IS NOT NULL",
      )),
      ...(await column("SELECT token_hash AS secret FROM billing_links WHERE email = ?1 AND ?2 IS NOT NULL")),
      ...(await column(
        "SELECT callback_token_hash AS secret FROM mpesa_requests WHERE order_id = ?2 AND ?1 IS NOT NULL",
      )),
      ...inLinks,
      ...inLinks.map((k) => decodeURIComponent(k)),
    ];
    // A quote key, a receipt key, a token's hash, a callback's hash, and the keys and token in links.
    expect(secrets.length).toBeGreaterThanOrEqual(7);
    expect(inLinks.length).toBeGreaterThanOrEqual(3);

    const { status, body } = await postAsOwner("/admin/people/export", { email });
    expect(status).toBe(200);
    const leaked = secrets.filter((secret) => secret.length > 0 && body.includes(secret));
    expect(leaked).toEqual([]);
    expect(body).not.toMatch(/[?&](?:k|token)=/);
    // The e-mails are there, what they said is there, only the keys are gone.
    const data = JSON.parse(body);
    const kinds = data.emails.map((e: { kind: string }) => e.kind).sort();
    expect(kinds).toEqual(expect.arrayContaining(["billing-link", "order-confirmed", "owner-quote", "quote"]));
    const confirmed = data.emails.find((e: { kind: string }) => e.kind === "order-confirmed");
    expect(confirmed.content.receipt).toEqual({ number: receipt.number, url: "[link removed]" });
    expect(body).toContain(data.quotes[0].number);
  }, 30_000);
});

describe("which spellings are one person", () => {
  const fresh = () => `jdoe${crypto.randomUUID().slice(0, 8)}`;
  const found = async (address: string, also = "") => {
    const query = `email=${encodeURIComponent(address)}${also ? `&also=${encodeURIComponent(also)}` : ""}`;
    const page = await openAsOwner(`/admin/people?${query}`);
    expect(page.status).toBe(200);
    return page;
  };
  const countOf = (page: Awaited<ReturnType<typeof found>>, kind: string) =>
    page.document.querySelector(`[data-count="${kind}"]`)?.textContent;

  it("jdoe@ and jdoe+x@ at an ordinary domain are two people: erasing one leaves the other's message", async () => {
    const u = fresh();
    const plain = await makeMessage({ email: `${u}@example.com`, message: "The plain one" });
    const tagged = await makeMessage({ email: `${u}+x@example.com`, message: "The tagged one" });

    const page = await found(`${u}@example.com`);
    expect(countOf(page, "messages")).toBe("(1)");
    expect(page.text).toContain("The plain one");
    expect(page.text).not.toContain("The tagged one");
    // Listed as possibly the same person, and not ticked.
    const box = page.document.querySelector(`input[type="checkbox"][name="also"][value="${u}+x@example.com"]`);
    expect(box?.hasAttribute("checked")).toBe(false);
    expect(page.document.querySelector(`label[for="${box?.getAttribute("id")}"]`)?.textContent).toBe(
      `${u}+x@example.com`,
    );

    // The confirmation must name the same person, not merely the same mailbox for the caps.
    expect((await erase(`${u}@example.com`, `${u}+x@example.com`)).status).toBe(400);
    expect((await erase(`${u}+x@example.com`, `${u}+X@Example.com`)).status).toBe(303);
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE id = ?", tagged)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE id = ?", plain)).toBe(1);
    const exported = JSON.parse((await postAsOwner("/admin/people/export", { email: `${u}@example.com` })).body);
    expect(exported.messages.map((m: { message: string }) => m.message)).toEqual(["The plain one"]);
  });

  it("J.Doe+x@googlemail.com and jdoe@gmail.com are one person, as is a +tag at Proton Mail", async () => {
    const u = fresh();
    await makeMessage({ email: `${u}@gmail.com`, message: "Gmail one" });
    await makeMessage({ email: `${u.slice(0, 1).toUpperCase()}.${u.slice(1)}+x@GoogleMail.com`, message: "Gmail two" });
    const gmail = await found(`${u}@gmail.com`);
    expect(countOf(gmail, "messages")).toBe("(2)");
    expect(gmail.document.querySelector("[data-candidates]")).toBeNull();

    await makeMessage({ email: `${u}@proton.me`, message: "Proton one" });
    await makeMessage({ email: `${u}+news@Proton.me`, message: "Proton two" });
    const proton = await found(`${u}+other@proton.me`);
    expect(countOf(proton, "messages")).toBe("(2)");
    expect(proton.document.querySelector("[data-addresses]")?.getAttribute("data-addresses")).toBe("2");
    expect(proton.document.querySelector("[data-candidates]")).toBeNull();
  });

  it("includes a possibly-same spelling only when ticked, and records the tick by hash, never the address", async () => {
    const u = fresh();
    const mine = `${u}@example.net`;
    const shop = `${u}+shop@example.net`;
    await makeMessage({ email: mine, message: "Mine" });
    await makeMessage({ email: shop, message: "From the shop address" });

    const ticked = await found(mine, shop);
    expect(countOf(ticked, "messages")).toBe("(2)");
    const box = ticked.document.querySelector(`input[name="also"][value="${shop}"]`);
    expect(box?.hasAttribute("checked")).toBe(true);
    for (const action of ["/admin/people/export", "/admin/people/erase"]) {
      const form = ticked.document.querySelector(`form[action="${action}"]`);
      expect(form?.querySelector(`input[type="hidden"][name="also"]`)?.getAttribute("value")).toBe(shop);
    }
    expect(ticked.document.querySelector("[data-included]")?.textContent).toContain(shop);

    const before = (await personRequests()).length;
    const unticked = JSON.parse((await postAsOwner("/admin/people/export", { email: mine })).body);
    expect(unticked.messages).toHaveLength(1);
    const withShop = JSON.parse((await postAsOwner("/admin/people/export", { email: mine, also: shop })).body);
    expect(withShop.messages).toHaveLength(2);
    expect(withShop.also_included).toEqual([shop]);
    // A tick that is not a spelling listed for this person is refused, and nothing is recorded.
    const stranger = await postAsOwner("/admin/people/export", { email: mine, also: `someone+shop@example.net` });
    expect(stranger.status).toBe(400);
    expect((await personRequests()).length).toBe(before + 2);

    expect((await postAsOwner("/admin/people/erase", { email: mine, confirm: mine, also: shop })).status).toBe(303);
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE email IN (?, ?)", mine, shop)).toBe(0);
    const records = (await personRequests()).slice(before);
    expect(records.map((r) => r.action)).toEqual(["person.exported", "person.exported", "person.erased"]);
    const shopRecord = { person: `${u.slice(0, 1)}•••@example.net`, subject: `mailbox:${await sha256Hex(shop)}` };
    expect(JSON.parse(records[0]?.detail ?? "{}").also).toBeUndefined();
    for (const record of records.slice(1)) {
      expect(JSON.parse(record.detail ?? "{}").also).toEqual([shopRecord]);
      expect(record.detail).toContain("1 other address ticked as the same person");
      expect(record.detail).not.toContain(u);
      expect(record.detail).not.toContain("shop");
    }
  });
});

describe("erasing a person", () => {
  it("deletes what need not be kept, keeps the 7-year records without contact details, and records it", async () => {
    const p = await seedPerson();
    const other = await seedPerson();
    const mismatch = await erase(`${p.local}@gmail.com`, `${other.local}@gmail.com`);
    expect(mismatch.status).toBe(400);
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE id = ?", p.message)).toBe(1);

    // The confirmation may be written another way: it names the same mailbox.
    const res = await erase(`${p.local}@gmail.com`, `${p.local.slice(0, 3)}.${p.local.slice(3)}+x@gmail.com`);
    expect(res.status).toBe(303);
    expect(res.res.headers.get("Location")).toBe("/admin/people?done=erased");

    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE id = ?", p.message)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM quotes WHERE number = ?", p.openQuote)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM quote_lines WHERE number = ?", p.openQuote)).toBe(0);
    expect(await env.DOCUMENTS.get(`quotes/${p.openQuote}.pdf`)).toBeNull();
    expect(await count("SELECT COUNT(*) AS n FROM billing_links WHERE email LIKE ?", `${p.local}%`)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM mpesa_requests WHERE checkout_request_id = ?", p.prompt)).toBe(0);

    const order = await one<OrderRow>("SELECT * FROM orders WHERE order_id = ?", p.order);
    expect(order).toMatchObject({
      status: "paid",
      customer_name: "Jane Wanjiru",
      customer_company: "Wanjiru Traders",
      city: "Nairobi",
      country: "Kenya",
      total_cents: 15000,
    });
    expect(order).toMatchObject({
      customer_email: "[erased]",
      customer_phone: "[erased]",
      address: "[erased]",
      zip: "",
    });
    const payment = await one<PaymentRow>("SELECT * FROM payments WHERE payment_id = ?", p.payment);
    expect(payment).toMatchObject({ amount_cents: 15000, status: "paid", phone: null });
    expect(await count("SELECT COUNT(*) AS n FROM receipts WHERE number = ?", p.receipt)).toBe(1);
    const accepted = await one<QuoteRow>("SELECT * FROM quotes WHERE number = ?", p.acceptedQuote);
    expect(accepted).toMatchObject({ customer_email: "[erased]", customer_name: "Quote Buyer" });

    const toThem = await one<OutboxRow>("SELECT * FROM outbox WHERE id = ?", p.mailToThem);
    expect(toThem).toMatchObject({ status: "sent", payload: "null", recipient: "[erased]", subject: "[erased]" });
    expect(toThem?.body_cleared_at).not.toBeNull();
    const aboutThem = await one<OutboxRow>("SELECT * FROM outbox WHERE id = ?", p.mailAboutThem);
    expect(aboutThem).toMatchObject({ payload: "null", recipient: "owner@example.com" });

    // The other person is untouched.
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE id = ?", other.message)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM quotes WHERE number = ?", other.openQuote)).toBe(1);

    const [request] = (await personRequests()).filter((r) => r.action === "person.erased").slice(-1);
    expect(request?.detail).toContain("1 messages, 1 quotes, 1 billing links and 1 M-Pesa prompts deleted");
    expect(request?.detail).toContain("1 orders, 1 payments and 1 accepted quotes kept");

    const after = await openAsOwner(`/admin/people?email=${p.local}@gmail.com&done=erased`);
    expect(after.text).toContain("We hold nothing about this address");
    expect(after.document.querySelector('[data-notice="erased"]')).not.toBeNull();
    const listed = after.document.querySelector('[data-request="person.erased"]')?.textContent ?? "";
    expect(listed).toContain(`${p.local.slice(0, 1)}•••@gmail.com`);
    const log = after.document.querySelector("#requests-heading")?.parentElement?.textContent ?? "";
    expect(log).not.toContain(p.local);
  });

  it("refuses while a subscription runs, says why, records the refusal and erases nothing", async () => {
    const p = await seedPerson();
    await db
      .prepare(
        "INSERT INTO subscriptions (subscription_id, order_id, status, cancel_at_period_end, state_at) VALUES (?, ?, 'active', 0, 1)",
      )
      .bind(`sub_${p.local}`, p.order)
      .run();
    const page = await openAsOwner(`/admin/people?email=${p.local}@gmail.com`);
    expect(page.document.querySelector('[data-erase-blocked="subscription"]')?.textContent).toContain(`sub_${p.local}`);
    expect(page.document.querySelector('form[action="/admin/people/erase"]')).toBeNull();
    const res = await erase(`${p.local}@gmail.com`, `${p.local}@gmail.com`);
    expect(res.status).toBe(409);
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE id = ?", p.message)).toBe(1);
    const [refused] = (await personRequests()).filter((r) => r.action === "person.erase_refused").slice(-1);
    expect(refused?.detail).toContain(`sub_${p.local}`);
  });

  it("25 erasures at once, the address written five ways, end erased once, recorded once, with no error", async () => {
    const p = await seedPerson();
    const ways = [
      `${p.local}@gmail.com`,
      `${p.local.toUpperCase()}@GMAIL.COM`,
      `${p.local.slice(0, 2)}.${p.local.slice(2)}@gmail.com`,
      `${p.local}+privacy@googlemail.com`,
      ` ${p.local}@gmail.com `,
    ];
    const before = (await personRequests()).length;
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => {
        const address = ways[i % ways.length] ?? "";
        return erase(address, ways[(i + 1) % ways.length] ?? "");
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(25).fill(303));
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE id = ?", p.message)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM orders WHERE order_id = ?", p.order)).toBe(1);
    expect((await personRequests()).length).toBe(before + 1);
  });

  it("records a request about someone we hold nothing on", async () => {
    const before = (await personRequests()).length;
    const unknown = `nobody-${crypto.randomUUID()}@example.org`;
    await makeOrder({ customer_email: "someone-else@example.org" });
    expect((await erase(unknown, unknown)).status).toBe(303);
    const rows = await personRequests();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)?.detail).toContain("Nothing held");
    expect(await count("SELECT COUNT(*) AS n FROM orders WHERE customer_email = 'someone-else@example.org'")).toBe(1);
  });
});
