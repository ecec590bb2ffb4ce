import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_LIMITS } from "../../src/contact/contact-message-schema.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { get, htmlToText } from "./support/html.ts";
import { SITE, sitePost } from "./support/orders.ts";
import { testClientIp } from "./support/payment.ts";

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));

const CONTACT_URL = `${SITE}/api/contact`;
const RATE_LIMITED = "Too many messages from your connection. Please wait a minute and try again.";

type Stored = { name: string; email: string; company: string | null; phone: string | null; message: string };

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: "Amina Otieno",
    email: `sender-${crypto.randomUUID()}@example.co.ke`,
    company: "Savannah Logistics",
    phone: "+254 711 222 333",
    message: "We need help moving our dispatch system to the cloud.",
    website: "",
    ...overrides,
  };
}

async function postJson(body: unknown, ip?: string) {
  const res = await exports.default.fetch(CONTACT_URL, sitePost(JSON.stringify(body), "application/json", ip));
  const text = await res.text();
  return { res, status: res.status, json: text ? JSON.parse(text) : null };
}

async function postForm(fields: Record<string, string>, ip?: string) {
  const body = new URLSearchParams(fields).toString();
  const res = await exports.default.fetch(CONTACT_URL, {
    ...sitePost(body, "application/x-www-form-urlencoded", ip),
    redirect: "manual",
  });
  return { res, status: res.status, text: htmlToText(await res.text()) };
}

async function storedFor(email: string): Promise<Stored[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, email, company, phone, message FROM contact_messages WHERE email = ?",
  )
    .bind(email)
    .all<Stored>();
  return results;
}

describe("POST /api/contact (JSON, from the form island)", () => {
  it("stores a valid message and answers 201", async () => {
    const sent = message({ name: "  Amina Otieno  " });
    const { status, json } = await postJson(sent);
    expect(status).toBe(201);
    expect(json).toEqual({ ok: true });
    expect(await storedFor(sent.email)).toEqual([
      { name: "Amina Otieno", email: sent.email, company: sent.company, phone: sent.phone, message: sent.message },
    ]);
  });

  it("stores empty optional fields as absent", async () => {
    const sent = message({ company: "", phone: undefined });
    expect((await postJson(sent)).status).toBe(201);
    const [row] = await storedFor(sent.email);
    expect(row?.company).toBeNull();
    expect(row?.phone).toBeNull();
  });

  it.each([
    ["no name", { name: "" }, "Full name is required"],
    ["a blank name", { name: "   " }, "Full name is required"],
    ["no e-mail", { email: "" }, "Invalid email address"],
    ["an invalid e-mail", { email: "not-an-email" }, "Invalid email address"],
    ["no message", { message: "" }, "Message is required"],
    [
      "a message too long",
      { message: "x".repeat(CONTACT_MESSAGE_LIMITS.message + 1) },
      "Must be at most 20,000 characters",
    ],
    ["a name too long", { name: "x".repeat(CONTACT_MESSAGE_LIMITS.name + 1) }, "Must be at most 200 characters"],
    ["a phone too long", { phone: "1".repeat(CONTACT_MESSAGE_LIMITS.phone + 1) }, "Must be at most 40 characters"],
    ["a name that is not text", { name: 42 }, undefined],
  ])("refuses %s with 400 and stores nothing", async (_name, overrides, expected) => {
    const sent = message(overrides);
    const { status, json } = await postJson(sent);
    expect(status).toBe(400);
    expect(json.error).toMatch(/^Please check your message: .+\.$/);
    if (expected) expect(json.error).toContain(expected);
    expect(json.issues.length).toBeGreaterThan(0);
    const email = typeof sent.email === "string" ? sent.email : "";
    expect(await storedFor(email)).toEqual([]);
  });

  it("refuses malformed JSON and a body that is not an object", async () => {
    const bad = await exports.default.fetch(CONTACT_URL, sitePost("{", "application/json"));
    expect(bad.status).toBe(400);
    expect((await postJson(["a", "list"])).status).toBe(400);
  });

  it("refuses other content types with 415 and other methods with 405", async () => {
    const plain = await exports.default.fetch(CONTACT_URL, sitePost("hello", "text/plain"));
    expect(plain.status).toBe(415);
    const getting = await exports.default.fetch(CONTACT_URL);
    expect(getting.status).toBe(405);
    expect(getting.headers.get("Allow")).toBe("POST");
  });

  it("drops a message whose honeypot field is filled in, answering as if it were sent", async () => {
    const sent = message({ website: "https://spam.example" });
    const { status, json } = await postJson(sent);
    expect(status).toBe(201);
    expect(json).toEqual({ ok: true });
    expect(await storedFor(sent.email)).toEqual([]);
  });
});

describe("rate limit", () => {
  it("lets a client send 5 messages a minute, then answers 429 with Retry-After; other clients are unaffected", async () => {
    const ip = testClientIp();
    for (let i = 0; i < 5; i++) expect((await postJson(message(), ip)).status, `message ${i + 1}`).toBe(201);

    const blocked = message();
    const { res, status, json } = await postJson(blocked, ip);
    expect(status).toBe(429);
    expect(json).toEqual({ error: RATE_LIMITED });
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(await storedFor(blocked.email)).toEqual([]);

    expect((await postJson(message(), testClientIp())).status).toBe(201);
  });

  it("counts honeypot hits too, and tells a no-JavaScript visitor on a page", async () => {
    const ip = testClientIp();
    for (let i = 0; i < 5; i++) await postJson(message({ website: "bot" }), ip);
    const { status, text, res } = await postForm(message() as Record<string, string>, ip);
    expect(status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(text).toContain(RATE_LIMITED);
  });
});

describe("POST /api/contact as a plain form (JavaScript off)", () => {
  it("stores the message and redirects to a confirmation page", async () => {
    const sent = message() as Record<string, string>;
    const { status, res } = await postForm(sent);
    expect(status).toBe(303);
    expect(res.headers.get("Location")).toBe("/contact/sent");
    expect(await storedFor(sent.email ?? "")).toHaveLength(1);

    const page = await get("/contact/sent");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Message Sent!");
    expect(page.text).toContain("We'll get back to you within 24 hours.");
    expect(page.query('meta[name="robots"]')?.getAttribute("content")).toMatch(/^noindex/);
  });

  it("shows what is wrong on a page, with the way back to the form", async () => {
    const sent = message({ message: "x".repeat(CONTACT_MESSAGE_LIMITS.message + 1) }) as Record<string, string>;
    const { status, text, res } = await postForm(sent);
    expect(status).toBe(400);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(text).toContain("Message Not Sent");
    expect(text).toContain("Message: Must be at most 20,000 characters");
    expect(text).toContain("Go back to the form");
    expect(await storedFor(sent.email ?? "")).toEqual([]);
  });

  it("drops a honeypot hit but still shows the confirmation", async () => {
    const sent = message({ website: "spam" }) as Record<string, string>;
    const { status } = await postForm(sent);
    expect(status).toBe(303);
    expect(await storedFor(sent.email ?? "")).toEqual([]);
  });
});

describe("the contact page's form", () => {
  it("posts to /api/contact and carries a hidden honeypot field out of the tab order", async () => {
    const page = await get("/contact");
    const form = page.query("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/api/contact");
    const honeypot = page.query('input[name="website"]');
    expect(honeypot?.getAttribute("tabindex")).toBe("-1");
    expect(honeypot?.getAttribute("autocomplete")).toBe("off");
    // The honeypot's label is the first thing in a div hidden from assistive technology.
    const label = page.query('label[for="contact-website"]');
    const wrapper = label?.parentElement;
    expect(wrapper?.tagName.toLowerCase()).toBe("div");
    expect(wrapper?.getAttribute("aria-hidden")).toBe("true");
    const firstNode = Array.from(wrapper?.childNodes ?? []).find((n) => n.nodeType !== 3 || n.nodeValue?.trim());
    expect(firstNode).toBe(label);
  });
});
