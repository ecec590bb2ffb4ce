import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app.ts";
import { makeOrder } from "./support/factories.ts";
import { get, htmlToText, linksIn, pageScripts } from "./support/html.ts";
import { fakeSessionId, orderRow, payAtStandin, placeOrder, statusOf } from "./support/orders.ts";
import { standinUrl } from "./support/payment.ts";

const successLink = (id: string) => `/checkout/success?session_id=${encodeURIComponent(id)}`;
const loadsSuccessEntry = (html: string) => pageScripts(html).includes("clear-cart");

const SPEC_TEXT =
  "Thank you for your order. We've received your payment and will contact you shortly to schedule your services.";

function expectSpecSuccess(page: Awaited<ReturnType<typeof get>>) {
  expect(page.h1).toBe("Payment Successful!");
  expect(page.text).toContain(SPEC_TEXT);
  expect(page.text).toMatch(/confirmation e-mail/i);
  expect(linksIn(page.document)).toContainEqual({ href: "/", text: "Back to Home" });
  expect(linksIn(page.document)).toContainEqual({ href: "/contact", text: "Contact Support" });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("/checkout/success without a session id", () => {
  it("keeps the spec's page", async () => {
    const page = await get("/checkout/success");
    expect(page.status).toBe(200);
    expectSpecSuccess(page);
    expect(loadsSuccessEntry(page.html)).toBe(true);
  });
});

describe("/checkout/success?session_id=…", () => {
  it("paid at Stripe but no webhook yet: the page confirms with Stripe, marks the order paid and says so", async () => {
    const { sessionId, payUrl } = await placeOrder(["s2"]);
    await payAtStandin(payUrl);
    expect(await statusOf(sessionId)).toBe("pending");

    const res = await get(successLink(sessionId));
    expect(res.status).toBe(200);
    expectSpecSuccess(res);
    expect(res.text).toContain("VPN Configuration");
    expect(res.text).toContain("$200.00");
    expect(loadsSuccessEntry(res.html)).toBe(true);
    expect(await statusOf(sessionId)).toBe("paid");
    expect((await orderRow(sessionId))?.paid_at).not.toBeNull();
  });

  it("already paid: the spec's content, and the answer is never cached", async () => {
    const id = await makeOrder({ status: "paid" });
    const request = new Request(`http://example.com${successLink(id)}`);
    const res = await createApp().fetch(request, env);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("Payment Successful!");
  });

  it("not paid yet: an honest 'being confirmed' page, still clearing the cart, with a way to check again", async () => {
    const { sessionId } = await placeOrder(["s3"]);
    const page = await get(successLink(sessionId));
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Your payment is being confirmed");
    expect(page.text).not.toContain("Payment Successful!");
    expect(page.text).not.toContain("We've received your payment");
    expect(linksIn(page.document).map((link) => link.href)).toContain(successLink(sessionId));
    expect(linksIn(page.document)).toContainEqual({ href: "/contact", text: "Contact Support" });
    expect(loadsSuccessEntry(page.html)).toBe(true);
    expect(await statusOf(sessionId)).toBe("pending");
  });

  it("awaiting an asynchronous payment: 'being confirmed'", async () => {
    const id = await makeOrder({ status: "awaiting_payment" });
    const page = await get(successLink(id));
    expect(page.h1).toBe("Your payment is being confirmed");
  });

  it("Stripe unreachable: 'being confirmed' from what the database knows, not an error", async () => {
    const { sessionId } = await placeOrder(["s4"]);
    const request = new Request(`http://example.com${successLink(sessionId)}`);
    const res = await createApp().fetch(request, { ...env, STRIPE_API_BASE: "http://127.0.0.1:9" });
    expect(res.status).toBe(200);
    expect(htmlToText(await res.text())).toContain("Your payment is being confirmed");
  });

  it("expired or failed: says the payment was not completed, without the success copy or clearing the cart", async () => {
    for (const status of ["expired", "payment_failed"] as const) {
      const id = await makeOrder({ status });
      const page = await get(successLink(id));
      expect(page.status, status).toBe(200);
      expect(page.h1, status).toBe("Your payment was not completed");
      expect(page.text).not.toContain("Payment Successful!");
      expect(loadsSuccessEntry(page.html), status).toBe(false);
    }
  });

  it("an id this site never issued: a clear message and a link to /contact, without asking Stripe", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    for (const id of [fakeSessionId(), "abc", "pi_3Nabc", "cs_test_<script>", "", "cs_live_../../v1/charges"]) {
      const page = await get(successLink(id));
      expect(page.status, id).toBe(404);
      expect(page.h1, id).toBe("We couldn't find this order");
      expect(linksIn(page.document), id).toContainEqual({ href: "/contact", text: "Contact Us" });
      expect(page.text).not.toContain("Payment Successful!");
      expect(loadsSuccessEntry(page.html), id).toBe(false);
      expect(page.html).not.toContain("<script>");
    }
    const stripeCalls = fetchSpy.mock.calls.filter(([input]) =>
      String(input instanceof Request ? input.url : input).includes(standinUrl()),
    );
    expect(stripeCalls).toEqual([]);
  });
});
