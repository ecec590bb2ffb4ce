// A paybill payment whose account number names nothing payable (issue 35): refused at validation,
// and if Safaricom confirms it anyway (validation not enabled on the shortcode, or our answer came
// too late) kept for the owner, who sees it in the back office and assigns it in one audited step.
// What the buyer typed is shown as text, however hostile; the digest lists the day's payments.
import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index.ts";
import { kesAmount } from "../../src/lib/kes.ts";
import { formatMoney } from "../../src/lib/money.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { makeQuote } from "./support/factories.ts";
import { textOf } from "./support/html.ts";
import { currentRateX100 } from "./support/mpesa.ts";
import {
  ACCEPTED,
  c2bRowOf,
  deliverBoth,
  deliverC2b,
  ordersOfQuote,
  paymentsOf,
  payOnStandin,
} from "./support/paybill.ts";
import { cartItem } from "./support/payment.ts";

const db = env.DB;
const auditOf = (transId: string) =>
  db
    .prepare("SELECT actor, action, subject_kind, detail FROM admin_audit WHERE subject_id = ? ORDER BY id")
    .bind(transId)
    .all<{ actor: string; action: string; subject_kind: string; detail: string }>();

const HOSTILE_ACCOUNT = `<script>alert("x")</script><img src=x onerror=alert(1)>\u0000\u0007\u202Egnp.exe${"W".repeat(400)}`;

describe("an account number that names nothing", () => {
  it("is refused at validation (C2B00012); confirmed anyway, it is kept, shown and assigned to the quote in one step", async () => {
    const quote = await makeQuote([cartItem("s1")]);
    const kes = kesAmount(quote.due_cents, await currentRateX100());
    const payment = await payOnStandin({
      amount: kes,
      account: "Q-2026-O0001",
      firstName: "WANJIKU",
      lastName: "KAMAU",
    });

    const validation = await deliverC2b(payment.validation.url, payment.validation.body);
    expect(await validation.json()).toEqual({ ResultCode: "C2B00012", ResultDesc: "Rejected" });
    const confirmation = await deliverC2b(payment.confirmation.url, payment.confirmation.body);
    expect(await confirmation.json()).toEqual(ACCEPTED);
    expect(await c2bRowOf(payment.transId)).toMatchObject({ status: "unmatched", unmatched_reason: "unknown" });
    expect(await ordersOfQuote(quote.number)).toEqual([]);

    const page = await openAsOwner("/admin/paybill");
    expect(page.status).toBe(200);
    const row = page.document.querySelector(`[data-c2b="${payment.transId}"]`);
    const text = textOf(row);
    for (const shown of [
      payment.transId,
      "WANJIKU KAMAU",
      "Q-2026-O0001",
      payment.validation.body.MSISDN,
      "Unmatched",
    ]) {
      expect(text).toContain(shown);
    }
    expect(text).toContain(formatMoney(kes * 100, "kes").replace(/\s/g, " "));
    expect(
      page.document.querySelector('nav[aria-label="Back office sections"] [aria-current="page"]')?.getAttribute("href"),
    ).toBe("/admin/paybill");

    const assigned = await postAsOwner("/admin/paybill/assign", { trans_id: payment.transId, target: quote.number });
    expect(assigned.status).toBe(303);
    expect(assigned.res.headers.get("Location")).toBe(
      `/admin/paybill?assigned=${payment.transId}#c2b-${payment.transId}`,
    );
    const [order] = await ordersOfQuote(quote.number);
    expect(order?.status).toBe("paid");
    expect(await paymentsOf(order?.order_id ?? "")).toHaveLength(1);
    expect(await c2bRowOf(payment.transId)).toMatchObject({
      status: "assigned",
      target_kind: "quote",
      target_ref: quote.number,
      order_id: order?.order_id,
      assigned_by: "admin",
    });
    expect((await auditOf(payment.transId)).results).toEqual([
      expect.objectContaining({ actor: "admin", action: "payment.assigned", subject_kind: "payment" }),
    ]);
    const after = await openAsOwner(`/admin/paybill?assigned=${payment.transId}`);
    expect(textOf(after.document.querySelector('[data-notice="assigned"]'))).toContain(order?.order_id ?? "?");

    // Assigned once: a second post (a double click, another tab) is refused and writes nothing.
    const twice = await postAsOwner("/admin/paybill/assign", { trans_id: payment.transId, target: quote.number });
    expect(twice.status).toBe(409);
    expect((await auditOf(payment.transId)).results).toHaveLength(1);
  }, 30_000);

  it("two assignments at once record the payment once", async () => {
    const quote = await makeQuote([cartItem("s1")]);
    const payment = await payOnStandin({ amount: 1_000, account: "nothing at all" });
    await deliverBoth(payment);
    const posts = await Promise.all(
      Array.from({ length: 4 }, () =>
        postAsOwner("/admin/paybill/assign", { trans_id: payment.transId, target: quote.number }),
      ),
    );
    expect(posts.map((p) => p.status).sort()).toEqual([303, 409, 409, 409]);
    const orders = await ordersOfQuote(quote.number);
    expect(orders).toHaveLength(1);
    expect(await paymentsOf(orders[0]?.order_id ?? "")).toHaveLength(1);
    expect((await auditOf(payment.transId)).results).toHaveLength(1);
  }, 30_000);

  it("refuses a cross-site assignment and what names nothing, writing nothing", async () => {
    const payment = await payOnStandin({ amount: 700, account: "ACC-1" });
    await deliverBoth(payment);
    const quote = await makeQuote([cartItem("s1")]);
    const crossSite = await postAsOwner(
      "/admin/paybill/assign",
      { trans_id: payment.transId, target: quote.number },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    const nothing = await postAsOwner("/admin/paybill/assign", { trans_id: payment.transId, target: "Q-2099-99999" });
    expect(nothing.status).toBe(400);
    expect(textOf(nothing.document.querySelector("main"))).toContain("names no quote or order");
    expect((await c2bRowOf(payment.transId))?.status).toBe("unmatched");
    expect((await auditOf(payment.transId)).results).toEqual([]);
  }, 20_000);

  it("shows what a hostile buyer typed as text, clipped, with control characters made visible, never as markup", async () => {
    const payment = await payOnStandin({
      amount: 250,
      account: HOSTILE_ACCOUNT,
      firstName: `<b onmouseover=alert(1)>EVE</b>\u0000`,
      lastName: "L".repeat(180),
    });
    expect(await deliverBoth(payment)).toEqual([{ ResultCode: "C2B00012", ResultDesc: "Rejected" }, ACCEPTED]);
    const row = await c2bRowOf(payment.transId);
    expect(row?.bill_ref.length).toBeLessThanOrEqual(101);
    // The NUL and the bell are replaced by U+FFFD: kept visible, never sent on to a page or an e-mail.
    expect(row?.bill_ref).toContain("<img src=x onerror=alert(1)>\uFFFD\uFFFD\u202Egnp.exe");

    const page = await openAsOwner("/admin/paybill");
    expect(page.body).not.toContain("<script>alert");
    expect(page.body).not.toContain("<img src=x");
    expect(page.body).not.toContain("<b onmouseover");
    const shown = page.document.querySelector(`[data-c2b="${payment.transId}"]`);
    expect(shown?.querySelectorAll("script, img, b")).toHaveLength(0);
    expect(textOf(shown?.querySelector("[data-typed]"))).toContain('<script>alert("x")</script>');
    expect(textOf(shown?.querySelector("[data-typed]"))).toContain("…");
    expect(shown?.querySelector('[data-bidi-marker="RLO"]')).not.toBeNull();
  }, 20_000);

  it("the owner's daily digest lists the day's paybill payments, matched or not, with what was typed as text", async () => {
    const payment = await payOnStandin({ amount: 321, account: `<i>nothing</i>` });
    await deliverBoth(payment);
    const at = new Date(Date.now() + 60_000);
    await worker.scheduled(createScheduledController({ cron: "0 4 * * *", scheduledTime: at.getTime() }), env);
    const digest = await db
      .prepare("SELECT payload FROM outbox WHERE kind = 'owner-digest' ORDER BY id DESC")
      .first<{ payload: string }>();
    const sections = JSON.parse(digest?.payload ?? "{}").sections as { key: string; lines: string[]; url: string }[];
    const paybill = sections.find((s) => s.key === "paybill");
    expect(paybill?.url).toMatch(/\/admin\/paybill$/);
    expect(paybill?.lines.find((line) => line.startsWith(payment.transId))).toMatch(
      /: KES\s321\.00, account "<i>nothing<\/i>", not matched/,
    );
  }, 20_000);
});
