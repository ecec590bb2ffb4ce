// Signed Stripe events of shapes a misconfigured account (or Stripe itself) could send: each is
// answered without a 500 and ends in a state docs/orders.md allows, and the owner hears of what
// needs a person (issue 21, "Stripe events").
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
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
import { parseDocument, queryAll, textOf } from "./support/html.ts";
import { orderRow, SITE } from "./support/orders.ts";
import { testClientIp } from "./support/payment.ts";

const kinds = async (order: SubscriptionOrder) => (await outboxOf(order.sessionId)).map((m) => m.kind);
const reviewMails = async (order: SubscriptionOrder) =>
  (await outboxOf(order.sessionId)).filter((m) => m.kind === "owner-billing-review");

/** A Checkout Session with fields replaced or (undefined) left out, as a misconfigured account could send it. */
const sessionWith = (order: SubscriptionOrder, fields: Record<string, unknown>) => ({
  ...sessionObject(order),
  ...fields,
});

/** An invoice id no other test uses (the ledger's key is global to the file's database). */
const invoiceId = (label: string) => `in_${label}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;

/** The checkout completes, paid, with its first invoice: the order paid, the subscription linked. */
async function subscribe(order: SubscriptionOrder): Promise<void> {
  const first = invoiceObject(order, invoiceId("first"), {
    billing_reason: "subscription_create",
    amount: FIRST_INVOICE_CENTS,
  });
  expect((await send(event("checkout.session.completed", sessionObject(order)))).status).toBe(200);
  expect((await send(event("invoice.paid", first))).status).toBe(200);
  expect((await orderRow(order.sessionId))?.status).toBe("paid");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a checkout's figures must be there and match, or the order waits for the owner", () => {
  const cases: [string, Record<string, unknown>][] = [
    ["amount_total missing", { amount_total: undefined }],
    ["amount_total null, currency kes", { amount_total: null, currency: "kes" }],
    ["currency missing", { currency: undefined }],
    ["currency null", { currency: null }],
    ["amount_total as text", { amount_total: String(FIRST_INVOICE_CENTS) }],
  ];

  it.each(cases)("checkout.session.completed with %s: needs_review, never paid, owner told", async (_name, fields) => {
    const order = await seedSubscriptionOrder();
    expect((await send(event("checkout.session.completed", sessionWith(order, fields)))).status).toBe(200);
    expect(await orderRow(order.sessionId)).toMatchObject({ status: "needs_review", paid_at: null });
    expect((await orderRow(order.sessionId))?.review_reason).toMatch(/Stripe/);
    expect(await kinds(order)).toEqual(["owner-order-review"]);
  });

  it("async_payment_succeeded without an amount, after a correct completion awaiting payment: needs_review", async () => {
    const order = await seedSubscriptionOrder();
    await send(event("checkout.session.completed", sessionObject(order, { payment_status: "unpaid" })));
    expect((await orderRow(order.sessionId))?.status).toBe("awaiting_payment");
    const succeeded = sessionWith(order, { amount_total: undefined, currency: undefined });
    expect((await send(event("checkout.session.async_payment_succeeded", succeeded))).status).toBe(200);
    expect(await orderRow(order.sessionId)).toMatchObject({ status: "needs_review", paid_at: null });
    expect(await kinds(order)).toEqual(["owner-order-review"]);
  });
});

describe("canceled is final, whatever the order and times of the events", () => {
  it("an 'active' update after the deletion, stamped later, leaves it canceled", async () => {
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    await send(
      event("customer.subscription.deleted", subscriptionObject(order, { status: "canceled", canceled_at: tick() })),
    );
    const revived = event("customer.subscription.updated", subscriptionObject(order, { status: "active" }), tick());
    expect((await send(revived)).status).toBe(200);
    expect((await subscriptionRow(order.subscriptionId))?.status).toBe("canceled");
    expect((await kinds(order)).filter((k) => k === "owner-subscription-canceled")).toHaveLength(1);
  });

  it("a deletion stamped before the stored 'active' state still ends the subscription", async () => {
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    const deletedAt = tick();
    const activeAt = tick();
    await send(event("customer.subscription.updated", subscriptionObject(order, { status: "active" }), activeAt));
    const deleted = subscriptionObject(order, { status: "canceled", canceled_at: deletedAt });
    expect((await send(event("customer.subscription.deleted", deleted, deletedAt))).status).toBe(200);
    expect(await subscriptionRow(order.subscriptionId)).toMatchObject({
      status: "canceled",
      canceled_at: new Date(deletedAt * 1000).toISOString(),
    });
    expect((await kinds(order)).filter((k) => k === "owner-subscription-canceled")).toHaveLength(1);
  });
});

describe("a status Stripe sends that we do not know: the last known status kept, the owner told", () => {
  it("an 'active' subscription updated to an unknown status stays active, its dates applied, reviewed once", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    const periodEnd = tick() + 40 * 86_400;
    const odd = subscriptionObject(order, { status: "frozen_by_stripe", periodEnd, cancel_at_period_end: true });
    expect((await send(event("customer.subscription.updated", odd, tick()))).status).toBe(200);
    // A replay under another event id, and a later event with the same status: nothing more to the owner.
    await send(event("customer.subscription.updated", odd, tick()));

    const row = await subscriptionRow(order.subscriptionId);
    expect(row).toMatchObject({
      status: "active",
      cancel_at_period_end: 1,
      current_period_end: new Date(periodEnd * 1000).toISOString(),
    });
    expect(row?.review_reason).toContain('"frozen_by_stripe"');
    expect(row?.review_reason?.match(/frozen_by_stripe/g)).toHaveLength(1);
    expect(await reviewMails(order)).toHaveLength(1);
    const logged = error.mock.calls.map((args) => JSON.parse(String(args[0])) as { message: string });
    expect(logged.some((line) => line.message.includes("frozen_by_stripe"))).toBe(true);

    // A status we know, newer, applies as usual.
    await send(event("customer.subscription.updated", subscriptionObject(order, { status: "past_due" }), tick()));
    expect((await subscriptionRow(order.subscriptionId))?.status).toBe("past_due");
  });

  it("never revives a canceled subscription, and a first event with it records 'incomplete', not billing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const ended = await seedSubscriptionOrder();
    await subscribe(ended);
    await send(
      event("customer.subscription.deleted", subscriptionObject(ended, { status: "canceled", canceled_at: tick() })),
    );
    await send(event("customer.subscription.updated", subscriptionObject(ended, { status: "revived?" }), tick()));
    expect((await subscriptionRow(ended.subscriptionId))?.status).toBe("canceled");

    const fresh = await seedSubscriptionOrder();
    const first = subscriptionObject(fresh, { status: "frozen_by_stripe" });
    expect((await send(event("customer.subscription.created", first, tick()))).status).toBe(200);
    const row = await subscriptionRow(fresh.subscriptionId);
    expect(row?.status).toBe("incomplete");
    expect(row?.review_reason).toContain("frozen_by_stripe");
    expect(await reviewMails(fresh)).toHaveLength(1);
  });
});

describe("impossible dates: answered 200, logged, flagged for review, never 'Invalid time value'", () => {
  /** Each case: the event, given the order (raw text, so a value JSON.stringify cannot write fits too). */
  const cases: [string, string, (order: SubscriptionOrder) => string][] = [
    [
      "cancel_at 1e20",
      "cancel_at",
      (o) => event("customer.subscription.updated", { ...subscriptionObject(o), cancel_at: 1e20 }),
    ],
    [
      "a period end past JavaScript's dates",
      "current_period_end",
      (o) => event("customer.subscription.updated", subscriptionObject(o, { periodEnd: 9e15 })),
    ],
    [
      "a negative cancel_at",
      "cancel_at",
      (o) => event("customer.subscription.updated", { ...subscriptionObject(o), cancel_at: -86_400 }),
    ],
    [
      "canceled_at 'NaN'",
      "canceled_at",
      (o) => event("customer.subscription.updated", { ...subscriptionObject(o), canceled_at: "NaN" }),
    ],
    [
      "cancel_at 1e400 (Infinity once parsed)",
      "cancel_at",
      (o) =>
        event("customer.subscription.updated", { ...subscriptionObject(o), cancel_at: null }).replace(
          '"cancel_at":null',
          '"cancel_at":1e400',
        ),
    ],
  ];

  it.each(cases)("customer.subscription.updated with %s", async (_name, field, make) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    expect((await send(make(order))).status).toBe(200);

    const row = await subscriptionRow(order.subscriptionId);
    expect(row?.status).toBe("active");
    expect(row?.cancel_at).toBeNull();
    expect(row?.review_reason).toContain(field);
    expect(await reviewMails(order)).toHaveLength(1);
    const logged = error.mock.calls.map((args) => JSON.parse(String(args[0])) as { message: string });
    expect(logged.some((line) => line.message.includes(order.subscriptionId))).toBe(true);
  });

  it("a deletion without canceled_at, whose event time is past JavaScript's dates: canceled and flagged", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    const deleted = event("customer.subscription.deleted", subscriptionObject(order, { status: "canceled" }), 9e15);
    expect((await send(deleted)).status).toBe(200);
    const row = await subscriptionRow(order.subscriptionId);
    expect(row).toMatchObject({ status: "canceled", canceled_at: null });
    expect(row?.review_reason).toContain("created");
    expect(await reviewMails(order)).toHaveLength(1);
  });

  it("an event stamped far in the future never freezes the subscription: a later real event still applies", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    const future = Math.floor(Date.now() / 1000) + 10 * 365 * 86_400;
    await send(event("customer.subscription.updated", subscriptionObject(order, { status: "past_due" }), future));
    expect((await subscriptionRow(order.subscriptionId))?.review_reason).toContain("created");
    await send(event("customer.subscription.updated", subscriptionObject(order, { status: "active" })));
    expect((await subscriptionRow(order.subscriptionId))?.status).toBe("active");
  });

  it("an invoice whose period ends in 1e20: recorded without the period, flagged, owner told once", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    const id = invoiceId("far");
    const invoice = invoiceObject(order, id);
    const far = {
      ...invoice,
      lines: { ...invoice.lines, data: [{ ...invoice.lines.data[0], period: { start: tick(), end: 1e20 } }] },
    };
    expect((await send(event("invoice.paid", far))).status).toBe(200);
    expect((await send(event("invoice.paid", far))).status).toBe(200);
    const line = (await ledger(order.sessionId)).find((p) => p.payment_id === id);
    expect(line).toMatchObject({ status: "paid", amount_cents: MONTHLY_CENTS, period_end: null });
    expect(line?.review_reason).toContain("period");
    expect(await reviewMails(order)).toHaveLength(1);
  });
});

describe("an invoice is compared with the plan", () => {
  it("a 0.01 EUR renewal of a $375.00 plan: in the ledger, flagged, the owner e-mailed once", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    const id = invoiceId("cheap");
    const cheap = invoiceObject(order, id, { amount: 1, currency: "eur" });
    for (let i = 0; i < 2; i++) expect((await send(event("invoice.paid", cheap))).status).toBe(200);

    const line = (await ledger(order.sessionId)).find((p) => p.payment_id === id);
    expect(line).toMatchObject({ status: "paid", amount_cents: 1, currency: "eur" });
    expect(line?.review_reason).toContain("0.01 EUR");
    expect(line?.review_reason).toContain("375.00 USD");
    const mails = await reviewMails(order);
    expect(mails).toHaveLength(1);
    expect(JSON.parse(mails[0]?.payload ?? "{}").details).toContainEqual(["Invoice", id]);
    // The order was paid at checkout; a bad renewal does not undo that.
    expect((await orderRow(order.sessionId))?.status).toBe("paid");
  });

  it("a first invoice without the one-time items: flagged (the first invoice is the order's total)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const order = await seedSubscriptionOrder();
    await send(event("checkout.session.completed", sessionObject(order)));
    const id = invoiceId("short");
    await send(event("invoice.paid", invoiceObject(order, id, { billing_reason: "subscription_create" })));
    const line = (await ledger(order.sessionId)).find((p) => p.payment_id === id);
    expect(line?.review_reason).toContain("525.00 USD");
    expect(await reviewMails(order)).toHaveLength(1);
  });

  it("a paid invoice without a currency: in the ledger, flagged", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    const id = invoiceId("nocur");
    expect((await send(event("invoice.paid", { ...invoiceObject(order, id), currency: null }))).status).toBe(200);
    const line = (await ledger(order.sessionId)).find((p) => p.payment_id === id);
    expect(line?.status).toBe("paid");
    expect(line?.review_reason).toMatch(/currency/);
    expect(await reviewMails(order)).toHaveLength(1);
  });

  it("renewals for the plan's amount and currency are not flagged", async () => {
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    await send(event("invoice.paid", invoiceObject(order, invoiceId("ok"), { amount: MONTHLY_CENTS })));
    expect((await ledger(order.sessionId)).map((p) => p.review_reason)).toEqual([null, null]);
    expect(await reviewMails(order)).toEqual([]);
  });
});

describe("a first invoice before the checkout, without order_ref, still enters the ledger", () => {
  /** The invoice as an account without subscription metadata sends it: nothing names our order. */
  function anonymousInvoice(order: SubscriptionOrder, id: string, paid = true) {
    const invoice = invoiceObject(order, id, {
      billing_reason: "subscription_create",
      amount: FIRST_INVOICE_CENTS,
      paid,
    });
    return {
      ...invoice,
      parent: { ...invoice.parent, subscription_details: { subscription: order.subscriptionId, metadata: null } },
    };
  }

  it("entered once the checkout links its subscription; repeats of either add nothing", async () => {
    const order = await seedSubscriptionOrder();
    const id = invoiceId("early");
    const early = event("invoice.paid", anonymousInvoice(order, id));
    expect((await send(early)).status).toBe(200);
    expect(await ledger(order.sessionId)).toEqual([]);

    const checkout = sessionObject(order);
    expect((await send(event("checkout.session.completed", checkout))).status).toBe(200);
    const expected = [[id, "paid", FIRST_INVOICE_CENTS, "usd", "subscription_create"]];
    const rows = async () =>
      (await ledger(order.sessionId)).map((p) => [
        p.payment_id,
        p.status,
        p.amount_cents,
        p.currency,
        p.billing_reason,
      ]);
    expect(await rows()).toEqual(expected);

    await send(event("invoice.paid", anonymousInvoice(order, id)));
    await send(event("checkout.session.completed", checkout));
    await send(early);
    expect(await rows()).toEqual(expected);
    expect((await orderRow(order.sessionId))?.status).toBe("paid");
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM pending_invoices WHERE subscription_id = ?")
      .bind(order.subscriptionId)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("entered when the subscription's own event, carrying order_ref, comes first", async () => {
    const order = await seedSubscriptionOrder();
    const id = invoiceId("early2");
    await send(event("invoice.paid", anonymousInvoice(order, id)));
    await send(event("customer.subscription.created", subscriptionObject(order)));
    expect((await ledger(order.sessionId)).map((p) => [p.payment_id, p.status])).toEqual([[id, "paid"]]);
  });

  it("a failure and then the payment, both early: one line, paid", async () => {
    const order = await seedSubscriptionOrder();
    const id = invoiceId("early3");
    await send(event("invoice.payment_failed", anonymousInvoice(order, id, false)));
    await send(event("invoice.paid", anonymousInvoice(order, id)));
    await send(event("checkout.session.completed", sessionObject(order)));
    expect((await ledger(order.sessionId)).map((p) => [p.payment_id, p.status])).toEqual([[id, "paid"]]);
  });
});

describe("the owner sees what is held for review, and why", () => {
  /** A back-office page's texts of the elements marked as held for review, as the signed-in owner sees it. */
  async function reviewTexts(path: string): Promise<string[]> {
    const res = await exports.default.fetch(
      new Request(`${SITE}${path}`, {
        headers: {
          Authorization: `Basic ${btoa(`admin:${WORKER_ADMIN_PASSWORD}`)}`,
          "CF-Connecting-IP": testClientIp(),
        },
      }),
    );
    expect(res.status).toBe(200);
    return queryAll(parseDocument(await res.text()), "[data-review]").map((el) => textOf(el).replace(/\s+/g, " "));
  }

  it("a subscription with impossible dates and a ledger line not the plan's, on Orders and Subscriptions", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const order = await seedSubscriptionOrder();
    await subscribe(order);
    await send(event("customer.subscription.updated", { ...subscriptionObject(order), cancel_at: 1e20 }));
    await send(event("invoice.paid", invoiceObject(order, invoiceId("cheap"), { amount: 1, currency: "eur" })));

    const q = encodeURIComponent(order.sessionId);
    const onOrders = await reviewTexts(`/admin/orders?q=${q}`);
    expect(onOrders).toEqual([
      expect.stringMatching(
        /^Needs review: Stripe sent dates that cannot be right: cancel_at is 100000000000000000000, not a date$/,
      ),
      expect.stringMatching(/needs review: Stripe's invoice paid 0\.01 EUR; the plan's renewal is 375\.00 USD$/),
    ]);
    const onSubscriptions = await reviewTexts(`/admin/subscriptions?q=${encodeURIComponent(order.orderRef)}`);
    expect(onSubscriptions).toEqual([expect.stringContaining("cancel_at is 100000000000000000000")]);
  });
});
