import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { customerInfoSchema } from "../../src/checkout/customer-info-schema.ts";
import { ILL_FORMED_TEXT_MESSAGE, isWellFormedText } from "../../src/lib/well-formed-text.ts";
import { htmlToText } from "./support/html.ts";
import { SITE, sitePost } from "./support/orders.ts";
import { cartItem, customer, postPayment, recordedCreates, refusedRequests, standinUrl } from "./support/payment.ts";

const CONTACT_URL = `${SITE}/api/contact`;
const HIGH = "\uD800";
const LOW = "\uDC00";

async function ordersOf(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE customer_email = ?")
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? -1;
}

async function messagesFrom(email: string): Promise<{ name: string; message: string }[]> {
  const { results } = await env.DB.prepare("SELECT name, message FROM contact_messages WHERE email = ?")
    .bind(email)
    .all<{ name: string; message: string }>();
  return results;
}

const isNativelyWellFormed = (value: string) => (value as string & { isWellFormed(): boolean }).isWellFormed();

describe("the well-formed text check", () => {
  it("agrees with String.prototype.isWellFormed on any sequence of UTF-16 units", () => {
    const units = fc.constantFrom(0x41, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d, 0xde00, 0xfffd, 0x0);
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 20 }),
      fc.array(units, { maxLength: 8 }).map((codes) => String.fromCharCode(...codes)),
    );
    fc.assert(fc.property(text, (value) => isWellFormedText(value) === isNativelyWellFormed(value)));
    expect(isWellFormedText("Amina 😀 Ñairobi \uFFFD")).toBe(true);
    expect(isWellFormedText(`a${HIGH}`)).toBe(false);
    expect(isWellFormedText(`${LOW}a`)).toBe(false);
    expect(isWellFormedText("😀".slice(0, 1))).toBe(false);
  });

  it("gives the browser form the same message, on the field, as the worker gives", () => {
    const result = customerInfoSchema().safeParse(customer({ name: `Amina ${HIGH}` }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "Name contains characters that are not valid text"],
    ]);
  });
});

describe("POST /create-custom-payment with ill-formed text: 400 naming the field, before Stripe", () => {
  const post = refusedRequests();

  it.each([
    ["customerInfo.name", { name: `Amina${HIGH}` }, "Name contains characters that are not valid text"],
    ["customerInfo.address", { address: `14 Riverside ${LOW}Drive` }, "Address contains characters"],
    ["customerInfo.company", { company: "😀".slice(1) }, "Company contains characters"],
    ["customerInfo.country", { country: `Kenya${HIGH}${HIGH}` }, "Country contains characters"],
  ])("%s", async (path, overrides, message) => {
    const info = customer(overrides);
    // JSON.stringify writes a lone surrogate as the escape "\ud800", exactly what a client may send.
    const body = JSON.stringify({ services: [cartItem("e1")], customerInfo: info });
    expect(body).toMatch(/\\ud[89a-f][0-9a-f]{2}/);
    const res = await post(body);
    expect(res.status, res.text).toBe(400);
    expect(res.json?.issues?.map((i) => i.path)).toEqual([path]);
    expect(res.json?.issues?.[0]?.message).toContain(message);
    expect(res.json?.error).toBe(`Please correct your order details: ${res.json?.issues?.[0]?.message}.`);
    expect(await ordersOf(info.email)).toBe(0);
  });

  it.each([
    ["services.0.id", { id: `e1${HIGH}` }, "A service's id contains characters that are not valid text"],
    ["services.0.name", { name: `Email Setup${LOW}` }, "A service's name contains characters that are not valid text"],
  ])("%s", async (path, overrides, message) => {
    const info = customer();
    const res = await post({ services: [cartItem("e1", overrides)], customerInfo: info });
    expect(res.status, res.text).toBe(400);
    expect(res.json?.issues).toEqual([{ path, message }]);
    expect(await ordersOf(info.email)).toBe(0);
  });
});

describe("POST /create-custom-payment with well-formed text", () => {
  it("accepts emoji, accents and a typed U+FFFD, and hands them to Stripe unchanged", async () => {
    const info = customer({ name: "Amélie Wanjiru 😀", address: "14 Riverside Drive \uFFFD" });
    const res = await postPayment({ services: [cartItem("e1")], customerInfo: info });
    expect(res.status, res.text).toBe(200);
    const [create] = await recordedCreates(standinUrl(), info.email);
    expect(create?.form["metadata[customer_name]"]).toBe(info.name);
    expect(create?.form["metadata[customer_address]"]).toBe(info.address);
  });
});

describe("POST /api/contact with ill-formed text: 400 naming the field, nothing stored", () => {
  const fields = (overrides: Record<string, string> = {}) => ({
    name: "Amina Otieno",
    email: `sender-${crypto.randomUUID()}@example.co.ke`,
    message: "We need help moving our dispatch system to the cloud.",
    website: "",
    ...overrides,
  });

  it.each([
    ["name", "Full Name", { name: `Amina${HIGH}` }],
    ["message", "Message", { message: `Hello ${LOW}there` }],
    ["phone", "Phone", { phone: `+254 711 ${HIGH}` }],
  ])("as JSON: %s", async (path, label, overrides) => {
    const sent = fields(overrides);
    const res = await exports.default.fetch(CONTACT_URL, sitePost(JSON.stringify(sent), "application/json"));
    const json = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(res.status).toBe(400);
    expect(json.issues).toEqual([{ path, message: ILL_FORMED_TEXT_MESSAGE }]);
    expect(json.error).toBe(`Please check your message: ${label}: ${ILL_FORMED_TEXT_MESSAGE}.`);
    expect(await messagesFrom(sent.email)).toEqual([]);
  });

  /** A form post with the body exactly as given: the bytes a hand-made client may send. */
  async function postFormBody(body: string | Uint8Array<ArrayBuffer>) {
    const res = await exports.default.fetch(CONTACT_URL, {
      ...sitePost(body, "application/x-www-form-urlencoded"),
      redirect: "manual",
    });
    return { status: res.status, text: htmlToText(await res.text()) };
  }

  it.each([
    // The UTF-8 bytes of U+D800 (as WTF-8 writes a lone surrogate), percent-encoded.
    ["a surrogate's bytes", "Amina%ED%A0%80"],
    ["a byte that starts no UTF-8 character", "Amina%FF"],
    ["a UTF-8 character cut short", "Amina%F0%9F%98"],
  ])("as a form post: %s in the name", async (_label, name) => {
    const sent = fields();
    const body = `name=${name}&email=${encodeURIComponent(sent.email)}&message=Hello&website=`;
    const { status, text } = await postFormBody(body);
    expect(status).toBe(400);
    expect(text).toContain("Message Not Sent");
    expect(text).toContain(`Full Name: ${ILL_FORMED_TEXT_MESSAGE}`);
    expect(await messagesFrom(sent.email)).toEqual([]);
  });

  it("as a form post: raw bytes that are not UTF-8 in the message", async () => {
    const sent = fields();
    const head = new TextEncoder().encode(`name=Amina&email=${encodeURIComponent(sent.email)}&message=Hello`);
    const { status, text } = await postFormBody(new Uint8Array([...head, 0xc3, 0x28]));
    expect(status).toBe(400);
    expect(text).toContain(`Message: ${ILL_FORMED_TEXT_MESSAGE}`);
    expect(await messagesFrom(sent.email)).toEqual([]);
  });

  it("as a form post: well-formed text is stored as sent, a typed U+FFFD included", async () => {
    const sent = fields({ name: "Amélie Wanjiru 😀", message: "Budget \uFFFD sure" });
    const { status } = await postFormBody(new URLSearchParams(sent).toString());
    expect(status).toBe(303);
    expect(await messagesFrom(sent.email)).toEqual([{ name: sent.name, message: sent.message }]);
  });

  it("as a form post: a stray % is not mistaken for a broken character", async () => {
    const sent = fields();
    const body = `name=Amina&email=${encodeURIComponent(sent.email)}&message=100%+sure, 50%zz&website=`;
    const { status } = await postFormBody(body);
    expect(status).toBe(303);
    expect(await messagesFrom(sent.email)).toHaveLength(1);
  });
});
