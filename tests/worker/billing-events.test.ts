import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  event,
  FIRST_INVOICE_CENTS,
  invoiceObject,
  ledger,
  MONTHLY_CENTS,
  outboxOf,
  type SubscriptionOrder,
  seedSubscriptionOrder,
  send,
  sessionObject,
  subscriptionObject,
  subscriptionRow,
  tick,
} from "./support/billing.ts";
import { orderRow, recordedEventCount } from "./support/orders.ts";

/** The checkout completes and its first invoice is paid: the order paid, the subscription active. */
async function subscribe(order: SubscriptionOrder) {
  expect((await send(event("customer.subscription.created", subscriptionObject(order)))).status).toBe(200);
  const first = invoiceObject(order, `in_first_${order.orderRef.slice(0, 8)}`, {
    billing_reason: "subscription_create",
    amount: FIRST_INVOICE_CENTS,
  });
  expect((await send(event("invoice.paid", first))).status).toBe(200);
  expect((await send(event("checkout.session.completed", sessionObject(order)))).status).toBe(200);
}

const kinds = async (order: SubscriptionOrder) => (await outboxOf(order.sessionId)).map((m) => m.kind);

describe("a subscription's whole life, from Stripe's events", () => {
  it("checkout, then a renewal paid: the ledger holds the first payment and the renewal", async () => {
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    expect(await orderRow(order.sessionId)).toMatchObject({ status: "paid", stripe_customer_id: order.customerId });
    expect(await subscriptionRow(order.subscriptionId)).toMatchObject({ status: "active", cancel_at_period_end: 0 });

    const renewalAt = tick() + 30 * 86_400;
    await send(event("invoice.paid", invoiceObject(order, "in_renewal_1", { periodStart: renewalAt })));
    await send(
      event("customer.subscription.updated", subscriptionObject(order, { periodEnd: renewalAt + 30 * 86_400 })),
    );

    const payments = await ledger(order.sessionId);
    expect(payments.map((p) => [p.billing_reason, p.status, p.amount_cents, p.currency])).toEqual([
      ["subscription_create", "paid", FIRST_INVOICE_CENTS, "usd"],
      ["subscription_cycle", "paid", MONTHLY_CENTS, "usd"],
    ]);
    expect((await subscriptionRow(order.subscriptionId))?.current_period_end).toBe(
      new Date((renewalAt + 30 * 86_400) * 1000).toISOString(),
    );
    expect(await kinds(order)).toEqual(["order-confirmed", "owner-new-order"]);
  });

  it("a renewal fails, then is recovered: past_due then active, the owner and the buyer told once", async () => {
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    const failed = invoiceObject(order, "in_declined_1", { paid: false });
    await send(event("invoice.payment_failed", failed));
    await send(event("customer.subscription.updated", subscriptionObject(order, { status: "past_due" })));
    expect((await ledger(order.sessionId)).at(-1)).toMatchObject({ payment_id: "in_declined_1", status: "failed" });
    expect((await subscriptionRow(order.subscriptionId))?.status).toBe("past_due");

    // Stripe retries and fails again: one more attempt, no second e-mail.
    await send(event("invoice.payment_failed", failed));
    expect((await ledger(order.sessionId)).at(-1)?.attempts).toBe(2);
    const mails = await outboxOf(order.sessionId);
    expect(mails.filter((m) => m.kind === "owner-renewal-failed")).toHaveLength(1);
    const [buyerMail] = mails.filter((m) => m.kind === "renewal-failed");
    expect(buyerMail?.recipient).toBe(order.email);
    expect(JSON.parse(buyerMail?.payload ?? "{}").url).toMatch(
      /^http:\/\/example\.com\/billing\/open\?token=[\w-]{43}$/,
    );

    await send(event("invoice.paid", invoiceObject(order, "in_declined_1")));
    await send(event("customer.subscription.updated", subscriptionObject(order, { status: "active" })));
    expect((await ledger(order.sessionId)).at(-1)).toMatchObject({ payment_id: "in_declined_1", status: "paid" });
    expect((await subscriptionRow(order.subscriptionId))?.status).toBe("active");
  });

  it("a cancellation scheduled, then done: the owner hears of each once", async () => {
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    const endsAt = tick() + 20 * 86_400;
    const scheduled = subscriptionObject(order, { cancel_at_period_end: true, cancel_at: endsAt, periodEnd: endsAt });
    await send(event("customer.subscription.updated", scheduled));
    expect(await subscriptionRow(order.subscriptionId)).toMatchObject({
      status: "active",
      cancel_at_period_end: 1,
      cancel_at: new Date(endsAt * 1000).toISOString(),
    });
    const canceledAt = tick();
    const ended = subscriptionObject(order, { status: "canceled", canceled_at: canceledAt, periodEnd: endsAt });
    await send(event("customer.subscription.deleted", ended));
    expect(await subscriptionRow(order.subscriptionId)).toMatchObject({
      status: "canceled",
      canceled_at: new Date(canceledAt * 1000).toISOString(),
    });
    const notices = (await kinds(order)).filter((k) => k.startsWith("owner-") && k !== "owner-new-order");
    expect(notices).toEqual(["owner-cancel-scheduled", "owner-subscription-canceled"]);
    // The order itself stays paid: it was paid; the subscription ended.
    expect((await orderRow(order.sessionId))?.status).toBe("paid");
  });

  it("applies each event id once", async () => {
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    const failed = event("invoice.payment_failed", invoiceObject(order, "in_dup_1", { paid: false }));
    for (let i = 0; i < 3; i++) expect((await send(failed)).status).toBe(200);
    expect(await recordedEventCount(JSON.parse(failed).id)).toBe(1);
    expect((await ledger(order.sessionId)).at(-1)).toMatchObject({ payment_id: "in_dup_1", attempts: 1 });
    expect((await kinds(order)).filter((k) => k === "owner-renewal-failed")).toHaveLength(1);
  });

  it("every order of delivery ends in the same state: the newest wins, 'paid' and 'canceled' are final", async () => {
    const permutations = <T>(items: T[]): T[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((item, i) =>
            permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
          );

    const orders = await Promise.all(Array.from({ length: 24 }, () => seedSubscriptionOrder()));
    const timelines = orders.map((order) => {
      const t = [tick(), tick(), tick(), tick(), tick()];
      const endsAt = (t[4] ?? 0) + 86_400;
      return [
        event("checkout.session.completed", sessionObject(order), t[0]),
        event(
          "invoice.payment_failed",
          invoiceObject(order, `in_${order.orderRef.slice(0, 8)}`, { paid: false }),
          t[1],
        ),
        event("invoice.paid", invoiceObject(order, `in_${order.orderRef.slice(0, 8)}`), t[2]),
        event(
          "customer.subscription.updated",
          subscriptionObject(order, { cancel_at_period_end: true, cancel_at: endsAt, periodEnd: endsAt }),
          t[3],
        ),
        event(
          "customer.subscription.deleted",
          subscriptionObject(order, {
            status: "canceled",
            canceled_at: t[4],
            cancel_at_period_end: true,
            cancel_at: endsAt,
            periodEnd: endsAt,
          }),
          t[4],
        ),
      ];
    });
    const orderings = permutations([1, 2, 3, 4]);
    expect(orderings).toHaveLength(24);
    for (const [n, order] of orders.entries()) {
      const timeline = timelines[n] ?? [];
      // The checkout first (it ties the subscription to the order), then the four others in this order.
      for (const i of [0, ...(orderings[n] ?? [])]) expect((await send(timeline[i] ?? "")).status).toBe(200);
      expect(await subscriptionRow(order.subscriptionId), `ordering ${orderings[n]}`).toMatchObject({
        status: "canceled",
        cancel_at_period_end: 1,
      });
      expect(
        (await ledger(order.sessionId)).map((p) => p.status),
        `ordering ${orderings[n]}`,
      ).toEqual(["paid"]);
      expect((await kinds(order)).filter((k) => k === "owner-subscription-canceled")).toHaveLength(1);
    }
  }, 60_000);

  it("acknowledges an event for a subscription it does not know, and stores nothing", async () => {
    const stranger = {
      ...(await seedSubscriptionOrder()),
      orderRef: crypto.randomUUID(),
      subscriptionId: "sub_unknown_1",
    };
    expect((await send(event("customer.subscription.updated", subscriptionObject(stranger)))).status).toBe(200);
    expect((await send(event("invoice.paid", invoiceObject(stranger, "in_unknown_1")))).status).toBe(200);
    expect(await subscriptionRow("sub_unknown_1")).toBeNull();
    const row = await env.DB.prepare("SELECT 1 FROM payments WHERE payment_id = 'in_unknown_1'").first();
    expect(row).toBeNull();
  });

  it("acknowledges an invoice event whose object it cannot read, without a 500", async () => {
    const answer = await send(event("invoice.paid", { object: "invoice", id: "in_broken", amount_paid: "lots" }));
    expect(answer.status).toBe(200);
  });
});

describe("a payment is only as good as its amount", () => {
  it("a signed completion for $0.01 holds the order for review and tells the owner, never paid", async () => {
    const order = await seedSubscriptionOrder();
    await send(event("checkout.session.completed", sessionObject(order, { amount_total: 1 })));
    const row = await orderRow(order.sessionId);
    expect(row?.status).toBe("needs_review");
    expect(row?.paid_at).toBeNull();
    expect(row?.review_reason).toContain("1 usd");
    expect(row?.review_reason).toContain(String(FIRST_INVOICE_CENTS));
    expect(await kinds(order)).toEqual(["owner-order-review"]);

    // A later, correct event does not make it paid behind the owner's back.
    await send(event("checkout.session.async_payment_succeeded", sessionObject(order)));
    expect((await orderRow(order.sessionId))?.status).toBe("needs_review");
  });

  it("the right amount in the wrong currency is held too", async () => {
    const order = await seedSubscriptionOrder();
    await send(event("checkout.session.completed", sessionObject(order, { currency: "kes" })));
    expect(await orderRow(order.sessionId)).toMatchObject({ status: "needs_review", paid_at: null });
  });

  it("no_payment_required is its own state, never paid", async () => {
    const order = await seedSubscriptionOrder();
    await send(
      event(
        "checkout.session.completed",
        sessionObject(order, { payment_status: "no_payment_required", amount_total: 0 }),
      ),
    );
    expect(await orderRow(order.sessionId)).toMatchObject({ status: "no_payment_required", paid_at: null });
    expect(await kinds(order)).toEqual(["owner-order-review"]);
  });
});
