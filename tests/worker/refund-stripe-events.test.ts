// Refunds Stripe tells the site of (issue 35): one made in Stripe's dashboard arrives as
// charge.refunded and is recorded once however often the event comes, with the buyer's e-mail; the
// event of a refund the site made itself records nothing more; a card refund Stripe did not answer
// waits, and the owner's "send again" finishes it with the same key.
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { sendCardRefund } from "../../src/refunds/card-refunds.ts";
import { takeRefund } from "../../src/refunds/refunds.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { envWith } from "./support/env.ts";
import { textOf } from "./support/html.ts";
import { deliver, recordedEventCount, signature } from "./support/orders.ts";
import {
  mailsOf,
  paidCardOrder,
  refundEvents,
  refundInDashboard,
  refundPage,
  refundsOf,
  refundThroughForm,
  stripeRefunds,
} from "./support/refunds.ts";
import { workContext } from "./support/work-context.ts";

describe("refunds Stripe reports", { timeout: 30_000 }, () => {
  it("one made in Stripe's dashboard is recorded once, whatever the replays, with the buyer's e-mail", async () => {
    const { orderId, paymentIntent, customer } = await paidCardOrder();
    const made = await refundInDashboard(paymentIntent, 2500);
    expect(made.status).toBe(200);
    const [event] = await refundEvents(orderId);
    if (!event) throw new Error("no charge.refunded event");
    for (let i = 0; i < 3; i++) expect((await deliver(event.payload, event.signature)).status).toBe(200);
    expect(await recordedEventCount(event.id)).toBe(1);

    const [refund, ...others] = await refundsOf(orderId);
    expect(others).toEqual([]);
    expect(refund).toMatchObject({
      status: "succeeded",
      channel: "card",
      amount_cents: 2500,
      created_by: "stripe",
      stripe_refund_id: made.body.refund?.id,
      idempotency_key: `stripe:${made.body.refund?.id}`,
    });
    expect(refund?.reason).toBe("Refunded in Stripe's dashboard");
    expect((await mailsOf(orderId)).map((m) => m.recipient)).toEqual([customer.email]);
    // Stripe's, not the owner's: no audit row.
    const audit = await env.DB.prepare("SELECT COUNT(*) AS n FROM admin_audit WHERE subject_id = ?")
      .bind(orderId)
      .first<{ n: number }>();
    expect(audit?.n).toBe(0);
    const orders = await openAsOwner(`/admin/orders?q=${orderId}`);
    expect(textOf(orders.document.querySelector("[data-refunded]"))).toBe("Refunded $25.00 of $150.00");

    // A second dashboard refund's event lists both: only the new one is added.
    await refundInDashboard(paymentIntent, 500);
    const second = (await refundEvents(orderId))[1];
    expect((await deliver(second?.payload ?? "", second?.signature)).status).toBe(200);
    expect((await refundsOf(orderId)).map((r) => r.amount_cents)).toEqual([2500, 500]);
  });

  it("the event of a refund the site made itself adds nothing", async () => {
    const { orderId } = await paidCardOrder();
    const reason = "Double order";
    expect((await refundThroughForm({ payment: orderId, way: "card", amount: "150.00", reason })).status).toBe(303);
    const [event] = await refundEvents(orderId);
    expect((await deliver(event?.payload ?? "", event?.signature)).status).toBe(200);
    expect((await refundsOf(orderId)).map((r) => [r.status, r.created_by === "stripe"])).toEqual([
      ["succeeded", false],
    ]);
    expect(await mailsOf(orderId)).toHaveLength(1);
  });

  it("a card refund Stripe did not answer waits, and the owner's send-again finishes it with the same key", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    const taken = await takeRefund(workContext(), {
      refundId: `rf_${crypto.randomUUID().replaceAll("-", "")}`,
      paymentId: orderId,
      amountCents: 15000,
      currency: "usd",
      reason: "Cancelled",
      channel: "card",
      status: "pending",
      reference: null,
      paymentIntent,
      stripeRefundId: null,
      idempotencyKey: crypto.randomUUID().replaceAll("-", ""),
      createdBy: "admin",
      audit: { actor: "admin", detail: "test" },
    });
    if (!taken) throw new Error("refund not taken");
    // Stripe answers 500: nothing is known, so the refund waits with a note, and holds its amount.
    await sendCardRefund(workContext(envWith({ STRIPE_API_BASE: inject("stripeFailingUrl") })), taken);
    const [waiting] = await refundsOf(orderId);
    expect(waiting).toMatchObject({ status: "pending", stripe_refund_id: null });
    expect(waiting?.failure_reason).toContain("Stripe did not answer");
    const page = await refundPage(`/admin/refunds/${taken.refund_id}`);
    expect(page.document.querySelector(`form[action="/admin/refunds/${taken.refund_id}/retry"]`)).not.toBeNull();
    const other = await postAsOwner("/admin/refunds", { payment: orderId, way: "card", amount: "1.00", reason: "x" });
    expect(textOf(other.document.querySelector("[role=alert]"))).toContain("still in progress");

    const retried = await postAsOwner(`/admin/refunds/${taken.refund_id}/retry`, {});
    expect(retried.status).toBe(303);
    expect((await refundsOf(orderId)).map((r) => r.status)).toEqual(["succeeded"]);
    const { requests } = await stripeRefunds(paymentIntent);
    expect(requests.map((r) => r.idempotencyKey)).toEqual([`refund-${taken.idempotency_key}`]);
    // Done: sending again is refused, and nothing reaches Stripe.
    expect((await postAsOwner(`/admin/refunds/${taken.refund_id}/retry`, {})).status).toBe(409);
    expect((await stripeRefunds(paymentIntent)).requests).toHaveLength(1);
  });

  it("an event of a payment intent none of ours is acknowledged and records nothing", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    await refundInDashboard(paymentIntent, 100);
    const [event] = await refundEvents(orderId);
    const foreign = (event?.payload ?? "").replaceAll(paymentIntent, "pi_test_not_ours_at_all");
    expect((await deliver(foreign, await signature(foreign))).status).toBe(200);
    expect(await refundsOf(orderId)).toEqual([]);
  });
});
