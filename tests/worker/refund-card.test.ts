// Card refunds from the back office (issue 35): the form, a second look that sends nothing, then one
// Stripe refund of the payment intent with our idempotency key, the buyer's e-mail and the order
// showing it. More than is left is refused before Stripe; Stripe's own refusal (a refund made in its
// dashboard we had not heard of) fails it with Stripe's words; ten confirmations at once are one.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { textOf } from "./support/html.ts";
import {
  mailsOf,
  paidCardOrder,
  refundInDashboard,
  refundPage,
  refundsOf,
  refundThroughForm,
  reviewRefund,
  stripeRefunds,
} from "./support/refunds.ts";

/** What the worker may send Stripe's POST /v1/refunds (the contract: nothing else). */
const REFUND_FORM_KEYS = ["amount", "metadata[refund_id]", "payment_intent", "reason"];

const cardRefund = (orderId: string, amount: string, reason = "Service cancelled by the buyer") => ({
  payment: orderId,
  way: "card",
  amount,
  reason,
});

describe("a card refund from the back office", { timeout: 30_000 }, () => {
  it("in full: a second look first, then Stripe once with our key, the buyer's e-mail, and the order shows it", async () => {
    const { orderId, paymentIntent, customer } = await paidCardOrder();
    const form = await openAsOwner(`/admin/refunds/new?payment=${orderId}`);
    expect(form.status).toBe(200);
    expect(form.document.querySelector("[data-left]")?.getAttribute("data-left")).toBe("15000");
    expect(form.document.querySelector<HTMLInputElement>("#refund-amount")?.getAttribute("value")).toBe("150.00");

    // The first post only shows what will happen: nothing reaches Stripe, nothing is written.
    const review = await reviewRefund(cardRefund(orderId, "150.00"));
    expect(review.status).toBe(200);
    expect(textOf(review.document)).toContain("Yes, refund $150.00");
    expect(review.confirm).toMatchObject({ payment: orderId, confirm_payment: orderId, confirm_amount: "15000" });
    expect(await refundsOf(orderId)).toEqual([]);
    expect((await stripeRefunds(paymentIntent)).requests).toEqual([]);

    const done = await postAsOwner("/admin/refunds", review.confirm);
    expect(done.status).toBe(303);
    const location = done.res.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/admin\/refunds\/rf_[0-9a-f]{32}$/);
    const [refund, ...others] = await refundsOf(orderId);
    expect(others).toEqual([]);
    expect(refund).toMatchObject({
      status: "succeeded",
      channel: "card",
      amount_cents: 15000,
      currency: "usd",
      payment_intent: paymentIntent,
      idempotency_key: review.confirm.key,
    });
    expect(refund?.stripe_refund_id).toMatch(/^re_test_/);

    const { requests, refunds } = await stripeRefunds(paymentIntent);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ idempotencyKey: `refund-${review.confirm.key}`, status: 200 });
    expect(Object.keys(requests[0]?.form ?? {}).sort()).toEqual(REFUND_FORM_KEYS);
    expect(requests[0]?.form).toMatchObject({ amount: "15000", "metadata[refund_id]": refund?.refund_id });
    expect(refunds.map((r) => r.id)).toEqual([refund?.stripe_refund_id]);

    const mails = await mailsOf(orderId);
    expect(mails.map((m) => m.recipient)).toEqual([customer.email]);
    expect(JSON.parse(mails[0]?.payload ?? "{}")).toMatchObject({
      amount: "$150.00",
      paymentAmount: "$150.00",
      way: "card",
    });
    const audit = await env.DB.prepare(
      "SELECT actor, detail FROM admin_audit WHERE subject_kind = 'payment' AND subject_id = ? AND action = 'payment.refund'",
    )
      .bind(orderId)
      .all<{ actor: string; detail: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]?.detail).toContain("$150.00 card refund");

    expect((await refundPage(location)).status).toBe("succeeded");
    const orders = await openAsOwner(`/admin/orders?q=${orderId}`);
    const card = orders.document.querySelector(`[data-order="${orderId}"]`);
    expect(card?.querySelector("[data-refunded]")?.getAttribute("data-refunded")).toBe("full");
    expect(textOf(card)).toContain("Refunded: $150.00 · Card refund through Stripe");
    // Nothing is left to refund: no Refund link.
    expect(card?.querySelector("[data-refund-link]")).toBeNull();
    // Refunds leave the order's status alone: it was paid, and stays paid.
    const order = await env.DB.prepare("SELECT status FROM orders WHERE order_id = ?")
      .bind(orderId)
      .first<{ status: string }>();
    expect(order?.status).toBe("paid");

    // The same confirmation again (a reload, a second click) is the same refund: Stripe is not asked again.
    const again = await postAsOwner("/admin/refunds", review.confirm);
    expect(again.res.headers.get("Location")).toBe(location);
    expect((await stripeRefunds(paymentIntent)).requests).toHaveLength(1);
  });

  it("in part, then more than is left is refused before Stripe, with what is left", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    expect((await refundThroughForm(cardRefund(orderId, "40.00"))).status).toBe(303);
    expect((await refundsOf(orderId)).map((r) => [r.status, r.amount_cents])).toEqual([["succeeded", 4000]]);
    const orders = await openAsOwner(`/admin/orders?q=${orderId}`);
    expect(textOf(orders.document.querySelector("[data-refunded]"))).toBe("Refunded $40.00 of $150.00");

    const tooMuch = await reviewRefund(cardRefund(orderId, "110.01"));
    expect(tooMuch.status).toBe(409);
    expect(textOf(tooMuch.document.querySelector("[role=alert]"))).toContain(
      "more than is left to refund of this payment ($110.00)",
    );
    // A confirmation forged for more than is left is refused the same way.
    const forged = await postAsOwner("/admin/refunds", {
      ...cardRefund(orderId, "110.01"),
      key: "0".repeat(32),
      confirm_payment: orderId,
      confirm_amount: "11001",
    });
    expect(forged.status).toBe(409);
    expect((await stripeRefunds(paymentIntent)).requests).toHaveLength(1);

    // The rest is refunded in a second part: the payment is then refunded in full.
    expect((await refundThroughForm(cardRefund(orderId, "110.00"))).status).toBe(303);
    expect((await refundsOf(orderId)).map((r) => r.amount_cents)).toEqual([4000, 11000]);
    expect((await stripeRefunds(paymentIntent)).refunds.map((r) => r.amount).sort()).toEqual([11000, 4000].sort());
  });

  it("a refund Stripe refuses (made in its dashboard, not heard of yet) fails with Stripe's words", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    expect((await refundInDashboard(paymentIntent, 10000)).status).toBe(200);
    const done = await refundThroughForm(cardRefund(orderId, "150.00"));
    expect(done.status).toBe(303);
    const [refund] = await refundsOf(orderId);
    expect(refund?.status).toBe("failed");
    expect(refund?.failure_reason).toBe(
      "Stripe refused the refund: Refund amount ($150.00) is greater than unrefunded amount on charge ($50.00)",
    );
    const page = await refundPage(done.res.headers.get("Location") ?? "");
    expect(page.status).toBe("failed");
    expect(page.text).toContain("greater than unrefunded amount");
    expect(await mailsOf(orderId)).toEqual([]);
  });

  it("ten confirmations at once are one refund and one Stripe request; two tabs at once refund once", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    const review = await reviewRefund(cardRefund(orderId, "150.00"));
    const answers = await Promise.all(Array.from({ length: 10 }, () => postAsOwner("/admin/refunds", review.confirm)));
    const locations = new Set(answers.map((a) => a.res.headers.get("Location")));
    expect(answers.every((a) => a.status === 303)).toBe(true);
    expect(locations.size).toBe(1);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect((await stripeRefunds(paymentIntent)).requests).toHaveLength(1);

    // Two second looks (two tabs), each confirmed at once for everything left: one refund, one refusal.
    const other = await paidCardOrder();
    const [a, b] = await Promise.all([
      reviewRefund(cardRefund(other.orderId, "150.00")),
      reviewRefund(cardRefund(other.orderId, "150.00")),
    ]);
    const both = await Promise.all([
      postAsOwner("/admin/refunds", a?.confirm ?? {}),
      postAsOwner("/admin/refunds", b?.confirm ?? {}),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([303, 409]);
    expect((await refundsOf(other.orderId)).map((r) => r.status)).toEqual(["succeeded"]);
    expect((await stripeRefunds(other.paymentIntent)).requests).toHaveLength(1);
  });

  it("refuses a payment that is not there, a malformed amount, and a cross-site post", async () => {
    const { orderId } = await paidCardOrder();
    expect((await openAsOwner("/admin/refunds/new?payment=nope")).status).toBe(404);
    const bad = await reviewRefund(cardRefund(orderId, "1,5O"));
    expect(bad.status).toBe(400);
    expect(textOf(bad.document.querySelector("[role=alert]"))).toContain("Write the amount as a number");
    const noReason = await reviewRefund(cardRefund(orderId, "10.00", "   "));
    expect(noReason.status).toBe(400);
    const crossSite = await postAsOwner("/admin/refunds", cardRefund(orderId, "10.00"), {
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    expect(await refundsOf(orderId)).toEqual([]);
  });
});
