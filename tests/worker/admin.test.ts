import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { publicRoutes } from "../support/routes.ts";
import { WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { get, parseDocument, queryAll, textOf } from "./support/html.ts";
import { deliverSigned, paidSession, placeOrder, SITE, sessionEvent, sitePost } from "./support/orders.ts";
import { testClientIp } from "./support/payment.ts";

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));

const ADMIN_URL = `${SITE}/admin/orders`;
const MESSAGES_URL = `${SITE}/admin/messages`;
const CHALLENGE = 'Basic realm="Acacia admin", charset="UTF-8"';

function basic(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

function adminRequest(authorization?: string, ip = testClientIp(), url = ADMIN_URL): Request {
  const headers = new Headers({ "CF-Connecting-IP": ip });
  if (authorization) headers.set("Authorization", authorization);
  return new Request(url, { headers, redirect: "manual" });
}

async function openAdmin(authorization?: string, ip?: string, url = ADMIN_URL) {
  const res = await exports.default.fetch(adminRequest(authorization, ip, url));
  const html = await res.text();
  const document = parseDocument(html);
  return { res, status: res.status, html, document, text: textOf(document) };
}

const owner = () => basic("admin", WORKER_ADMIN_PASSWORD);

describe("/admin is closed without ADMIN_PASSWORD", () => {
  it.each([
    ["unset", undefined],
    ["empty", ""],
  ])("answers 404 when the secret is %s, whatever the credentials", async (_name, value) => {
    for (const url of [`${SITE}/admin`, ADMIN_URL, MESSAGES_URL, `${SITE}/admin/orders.csv`]) {
      for (const auth of [undefined, basic("admin", ""), basic("admin", WORKER_ADMIN_PASSWORD)]) {
        const res = await createApp().fetch(adminRequest(auth, undefined, url), { ...env, ADMIN_PASSWORD: value });
        expect(res.status, url).toBe(404);
        expect(res.headers.get("WWW-Authenticate")).toBeNull();
        expect(await res.text()).not.toContain("Back office");
      }
    }
  });
});

describe("/admin sign-in", () => {
  it("asks for credentials with a Basic challenge, on /admin and every section", async () => {
    for (const url of [`${SITE}/admin`, ADMIN_URL, MESSAGES_URL, `${SITE}/admin/messages.csv`]) {
      const { status, res, text } = await openAdmin(undefined, undefined, url);
      expect(status, url).toBe(401);
      expect(res.headers.get("WWW-Authenticate")).toBe(CHALLENGE);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("Location")).toBeNull();
      expect(text).not.toContain("Orders");
    }
  });

  it.each([
    ["a wrong password", basic("admin", "not-the-password")],
    ["the password with a different case", basic("admin", WORKER_ADMIN_PASSWORD.toUpperCase())],
    ["a password prefix", basic("admin", WORKER_ADMIN_PASSWORD.slice(0, -1))],
    ["a wrong user", basic("owner", WORKER_ADMIN_PASSWORD)],
    ["no colon", `Basic ${btoa(`admin${WORKER_ADMIN_PASSWORD}`)}`],
    ["not base64", "Basic %%%"],
    ["another scheme", `Bearer ${WORKER_ADMIN_PASSWORD}`],
  ])("refuses %s with 401", async (_name, auth) => {
    const { status, res, html } = await openAdmin(auth);
    expect(status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toBe(CHALLENGE);
    expect(html).not.toContain("Back office");
  });

  it("sends the signed-in owner from /admin to Orders (303), privately", async () => {
    const { status, res } = await openAdmin(owner(), undefined, `${SITE}/admin`);
    expect(status).toBe(303);
    expect(res.headers.get("Location")).toBe("/admin/orders");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });

  it("shows the owner view for user admin and the right password: private, never cached or indexed", async () => {
    const { status, res, document } = await openAdmin(owner());
    expect(status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
    expect(document.querySelector("h1")).not.toBeNull();
    expect(queryAll(document, "script")).toEqual([]);
  });

  it("limits sign-in attempts per client: after 10, even the right password waits (429)", async () => {
    const ip = testClientIp();
    for (let i = 0; i < 10; i++) expect((await openAdmin(basic("admin", `guess-${i}`), ip)).status).toBe(401);
    const limited = await openAdmin(owner(), ip);
    expect(limited.status).toBe(429);
    expect(limited.res.headers.get("Retry-After")).toBe("60");
    expect(limited.text).toContain("Too many sign-in attempts");
    expect((await openAdmin(owner(), testClientIp())).status).toBe(200);
  });
});

describe("/admin content", () => {
  it("lists orders newest first with status, customer, items and total; messages in Messages", async () => {
    const older = await placeOrder(["s1", "e1"]);
    const newer = await placeOrder(["pricing-business"]);
    const paid = sessionEvent("checkout.session.completed", await paidSession(older.sessionId));
    expect((await deliverSigned(paid)).status).toBe(200);

    const note = `Please call me about a server. ${crypto.randomUUID()}`;
    const contact = await exports.default.fetch(
      `${SITE}/api/contact`,
      sitePost(
        JSON.stringify({
          name: "Baraka Mwangi",
          email: "baraka@example.co.ke",
          phone: "+254 722 000 111",
          message: note,
        }),
        "application/json",
      ),
    );
    expect(contact.status).toBe(201);

    const { document } = await openAdmin(owner());
    const rows = queryAll(document, "tr[data-session-id]");
    const rowIndex = (id: string) => rows.findIndex((row) => row.getAttribute("data-session-id") === id);
    const olderRow = rows[rowIndex(older.sessionId)];
    const newerRow = rows[rowIndex(newer.sessionId)];
    expect(olderRow).toBeDefined();
    expect(newerRow).toBeDefined();
    expect(rowIndex(newer.sessionId)).toBeLessThan(rowIndex(older.sessionId));
    const statuses = (row: Element | undefined) =>
      row ? queryAll(row, "[data-status]").map((el) => el.getAttribute("data-status")) : [];
    const mailtos = (row: Element | undefined) =>
      row ? queryAll(row, "a[href]").map((a) => a.getAttribute("href")) : [];

    expect(statuses(olderRow)).toContain("paid");
    expect(textOf(olderRow)).toContain("Paid");
    expect(textOf(olderRow)).toContain(older.customer.name);
    expect(mailtos(olderRow)).toContain(`mailto:${older.customer.email}`);
    expect(textOf(olderRow)).toContain(older.customer.phone);
    expect(textOf(olderRow)).toContain("1 × Network Assessment @ $150.00");
    expect(textOf(olderRow)).toContain("1 × Basic Troubleshooting Session @ $20.00");
    expect(textOf(olderRow)).toContain("$170.00");

    expect(statuses(newerRow)).toContain("pending");
    expect(textOf(newerRow)).toContain("1 × Business @ $375.00 / month");
    expect(textOf(newerRow)).toContain("Subscription (monthly)");

    const messages = await openAdmin(owner(), undefined, MESSAGES_URL);
    expect(messages.status).toBe(200);
    expect(messages.text).toContain("Baraka Mwangi");
    expect(messages.text).toContain(note);
    expect(queryAll(messages.document, "a[href]").map((a) => a.getAttribute("href"))).toContain(
      "mailto:baraka@example.co.ke",
    );
  });

  it("shows what visitors typed as text, never as markup", async () => {
    const evil = `<img src=x onerror=alert(1)> ${crypto.randomUUID()}`;
    const res = await exports.default.fetch(
      `${SITE}/api/contact`,
      sitePost(JSON.stringify({ name: evil, email: "x@example.com", message: evil }), "application/json"),
    );
    expect(res.status).toBe(201);
    const { html } = await openAdmin(owner(), undefined, MESSAGES_URL);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

describe("/admin stays out of the public site", () => {
  it("is linked from no public page", async () => {
    for (const path of publicRoutes) {
      const page = await get(path);
      expect(page.queryAll('[href^="/admin"]'), path).toEqual([]);
    }
  });
});
