// The Insight page when things are not as they should be: the SQL API not set up, not answering,
// refusing the token, or pointed off this machine (each said plainly, revenue still shown, never a
// 500); a visitor who is not the owner (refused as every back-office page); a period that is not
// one of the three. And revenue by channel, read from the ledger whatever the SQL API does.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { formatMoney } from "../../../src/lib/money.ts";
import { makeOrder, makePayment } from "../support/factories.ts";
import { SITE } from "../support/orders.ts";
import { testClientIp } from "../support/payment.ts";
import { openInsight, tableOf } from "./insight-support.ts";

const unavailable = (page: Awaited<ReturnType<typeof openInsight>>) =>
  page.document.querySelector("[data-insight-unavailable]")?.getAttribute("data-insight-unavailable");

describe("when the numbers cannot be read", () => {
  it.each([
    ["no token", { ANALYTICS_API_TOKEN: undefined }, "not_configured", "are not configured"],
    ["no account", { ANALYTICS_ACCOUNT_ID: "" }, "not_configured", "are not configured"],
    [
      "an account id that is not one",
      { ANALYTICS_ACCOUNT_ID: "../../zones/x" },
      "not_configured",
      "not a Cloudflare account id",
    ],
    [
      "a base off this machine",
      { ANALYTICS_API_BASE: "https://api.example.com" },
      "not_configured",
      "must be an http(s) URL",
    ],
    ["a wrong token", { ANALYTICS_API_TOKEN: "wrong-token" }, "refused", "refused the request"],
  ] as const)(
    "with %s it says why, shows no funnel, and still shows revenue",
    async (_label, bindings, reason, words) => {
      const order = await makeOrder({ status: "paid" });
      await makePayment({ order_id: order, amount_cents: 4200, currency: "usd" });
      const page = await openInsight("", bindings);
      expect(page.status).toBe(200);
      expect(unavailable(page)).toBe(reason);
      expect(page.text).toContain(words);
      expect(page.document.querySelector('[data-panel="funnel"]')).toBeNull();
      expect(
        page.document.querySelector('[data-revenue="stripe-usd"] [data-paid-cents]')?.getAttribute("data-paid-cents"),
      ).not.toBeNull();
    },
  );

  it("with an SQL API that does not answer it says so (not a 500), and never shows the token", async () => {
    const page = await openInsight("", {
      ANALYTICS_API_BASE: inject("analyticsDeadUrl"),
      ANALYTICS_API_TOKEN: "secret-token-42",
    });
    expect(page.status).toBe(200);
    expect(unavailable(page)).toBe("unreachable");
    expect(page.text).toContain("could not be read just now");
    expect(page.body).not.toContain("secret-token-42");
  });
});

describe("who may open it", () => {
  it.each([
    ["no credentials", ""],
    ["a wrong password", `Basic ${btoa("admin:not-the-password")}`],
  ])("refuses %s exactly as the rest of the back office does (401)", async (_label, authorization) => {
    const page = await openInsight("", {}, { Authorization: authorization });
    const orders = await exports.default.fetch(
      new Request(`${SITE}/admin/orders`, {
        headers: authorization
          ? { Authorization: authorization, "CF-Connecting-IP": testClientIp() }
          : { "CF-Connecting-IP": testClientIp() },
      }),
    );
    expect(page.status).toBe(401);
    expect(page.status).toBe(orders.status);
    expect(page.res.headers.get("WWW-Authenticate")).toBe(orders.headers.get("WWW-Authenticate"));
    expect(page.body).not.toContain("Funnel");
  });

  it("is closed (404) when no owner sign-in is configured", async () => {
    const page = await openInsight("", { ADMIN_PASSWORD: undefined });
    expect(page.status).toBe(404);
  });

  it("is private: not cached, not indexed, not framed", async () => {
    const page = await openInsight();
    expect(page.res.headers.get("Cache-Control")).toBe("no-store");
    expect(page.res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(page.res.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("is in the back office's navigation, marked as where the owner is", async () => {
    const page = await openInsight();
    const here = page.document.querySelector('header nav a[aria-current="page"]');
    expect(here?.textContent).toBe("Insight");
    expect(here?.getAttribute("href")).toBe("/admin/insight");
  });
});

describe("the period", () => {
  it.each([
    "0",
    "2",
    "-7",
    "7.0",
    "07",
    "1e1",
    "abc",
    "",
    "30%00",
    "%3Cscript%3Ealert(1)%3C/script%3E",
    "9".repeat(400),
  ])("?days=%s is refused with a page that says which periods there are (400)", async (days) => {
    const page = await openInsight(`?days=${days}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain("today, the last 7 days or the last 30 days");
    expect(page.document.querySelector('a[href="/admin/insight"]')).not.toBeNull();
    expect(page.body).not.toContain("<script>alert(1)");
    expect(page.res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refuses days given twice rather than pick one", async () => {
    expect((await openInsight("?days=1&days=30")).status).toBe(400);
  });

  it("ignores other parameters", async () => {
    const page = await openInsight("?days=30&q=%3Cb%3Ex%3C%2Fb%3E");
    expect(page.status).toBe(200);
    expect(page.document.querySelector("main")?.getAttribute("data-days")).toBe("30");
  });
});

describe("revenue by channel", () => {
  // The file's D1 is shared by its tests: each of these starts from an empty ledger.
  beforeEach(async () => {
    await env.DB.batch([env.DB.prepare("DELETE FROM refunds"), env.DB.prepare("DELETE FROM payments")]);
  });

  it("sums the period's paid ledger lines by channel and currency in exact cents, with their refunds", async () => {
    const order = await makeOrder({ status: "paid" });
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
    const card = await makePayment({ order_id: order, amount_cents: 15_000, currency: "usd", created_at: at(0) });
    await makePayment({ order_id: order, amount_cents: 2_999, currency: "usd", created_at: at(1) });
    await makePayment({
      order_id: order,
      amount_cents: 150_050,
      currency: "kes",
      provider: "mpesa_express",
      created_at: at(2),
    });
    await makePayment({
      order_id: order,
      amount_cents: 99_900,
      currency: "kes",
      provider: "mpesa_paybill",
      created_at: at(3),
    });
    await makePayment({
      order_id: order,
      amount_cents: 500_000,
      currency: "kes",
      provider: "bank_transfer",
      created_at: at(4),
    });
    // Not revenue of the 7 days: a failed charge, and a payment 40 days ago.
    await makePayment({ order_id: order, amount_cents: 77_700, currency: "usd", status: "failed", created_at: at(0) });
    await makePayment({ order_id: order, amount_cents: 88_800, currency: "usd", created_at: at(40) });
    await refund(card, order, 5_000, "succeeded");
    await refund(card, order, 1_000, "failed");
    const page = await openInsight("?days=7");
    const kes = (cents: number) => formatMoney(cents, "kes").replace(/\s+/g, " ");
    expect(tableOf(page, "revenue")).toEqual([
      ["Bank transfer", "kes", "1", kes(500_000), kes(0)],
      ["M-Pesa Express", "kes", "1", kes(150_050), kes(0)],
      ["M-Pesa paybill", "kes", "1", kes(99_900), kes(0)],
      ["Card", "usd", "2", "$179.99", "$50.00"],
    ]);
    const thirty = await openInsight("?days=30");
    expect(tableOf(thirty, "revenue").find(([channel]) => channel === "Card")?.[3]).toBe("$179.99");
  });

  it("says when no payment was recorded in the period", async () => {
    const page = await openInsight("?days=1");
    expect(tableOf(page, "revenue")).toEqual([]);
    expect(page.text).toContain("No payment was recorded in this period.");
  });
});

async function refund(paymentId: string, orderId: string, cents: number, status: "succeeded" | "failed") {
  await env.DB.prepare(
    `INSERT INTO refunds (refund_id, payment_id, order_id, amount_cents, currency, reason, channel, status, idempotency_key, created_by)
     VALUES (?, ?, ?, ?, 'usd', 'test', 'card', ?, ?, 'owner')`,
  )
    .bind(crypto.randomUUID(), paymentId, orderId, cents, status, crypto.randomUUID())
    .run();
}
