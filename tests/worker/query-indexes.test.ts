// Indexes that match the queries (issue 37, migrations/0028): the lookups a visitor, a webhook or
// the owner's order list sends find their rows through an index, and find the same rows as before:
// an address typed in another case, a credit note KRA accepted, a payment intent's refunds.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reportedOrderIds } from "../../src/admin/admin-action-queries.ts";
import { customerForEmail } from "../../src/billing/billing-links.ts";
import { orderHasReportedSale } from "../../src/etims/sale-queries.ts";
import { refundsOfPaymentIntent } from "../../src/refunds/refund-queries.ts";
import { makeOrder, makePayment } from "./support/factories.ts";

const db = env.DB;

/**
 * Runs `lookup` on a D1 that notes each statement it prepares and binds, and returns what the
 * lookup answered with every plan line of those statements (EXPLAIN QUERY PLAN, same bindings).
 */
async function withPlans<T>(lookup: (d1: D1Database) => Promise<T>): Promise<{ answer: T; plan: string[] }> {
  const sent: { sql: string; params: unknown[] }[] = [];
  const noting = new Proxy(db, {
    get(target, property) {
      if (property !== "prepare") {
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (sql: string) => {
        const statement = target.prepare(sql);
        return new Proxy(statement, {
          get(inner, name) {
            if (name !== "bind") {
              const value = Reflect.get(inner, name, inner);
              return typeof value === "function" ? value.bind(inner) : value;
            }
            return (...params: unknown[]) => {
              sent.push({ sql, params });
              return inner.bind(...params);
            };
          },
        });
      };
    },
  });
  const answer = await lookup(noting);
  const plan: string[] = [];
  for (const { sql, params } of sent) {
    const { results } = await db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    plan.push(...results.map((r) => r.detail));
  }
  expect(sent.length).toBeGreaterThan(0);
  return { answer, plan };
}

const scansOf = (plan: string[], table: string) => plan.filter((step) => step.startsWith(`SCAN ${table}`));

describe("an address typed in another case", () => {
  it("finds the subscriber's Stripe customer through orders_by_email, and no one else", async () => {
    const order = await makeOrder({
      mode: "subscription",
      customer_email: "Wanjiru.Kamau@Example.co.ke",
      stripe_customer_id: "cus_wanjiru",
    });
    await db
      .prepare("INSERT INTO subscriptions (subscription_id, order_id, status) VALUES (?, ?, 'active')")
      .bind(`sub_${crypto.randomUUID()}`, order)
      .run();
    // A neighbour whose address differs by one letter is not found for her.
    await makeOrder({ customer_email: "wanjiru.kamaa@example.co.ke", stripe_customer_id: "cus_other" });

    const { answer, plan } = await withPlans((d1) => customerForEmail(d1, "  wanjiru.kamau@EXAMPLE.CO.KE "));
    // The link goes to the address as the order holds it, not as it was typed.
    expect(answer).toEqual({ customerId: "cus_wanjiru", email: "Wanjiru.Kamau@Example.co.ke" });
    expect(plan.join("\n")).toContain("USING INDEX orders_by_email (customer_email=?)");
    expect(scansOf(plan, "orders")).toEqual([]);

    expect(await customerForEmail(db, "wanjiru@example.co.ke")).toBeNull();
  });
});

describe("whether KRA accepted a sale of an order", () => {
  /** A row of etims_sales for the payment: a sale ('S') or a credit note of it ('R'). */
  async function sale(paymentId: string, type: "S" | "R", status: "pending" | "accepted") {
    const now = new Date().toISOString();
    await db
      .prepare(
        `INSERT INTO etims_sales (branch_id, invc_no, receipt_type, payment_id, trader_invoice_no, sold_at, status,
           next_attempt_at, created_at) VALUES ('00', ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(Math.floor(Math.random() * 1e9) + 1, type, paymentId, `INV-${crypto.randomUUID()}`, now, status, now, now)
      .run();
  }

  it("counts an accepted sale or credit note, not a waiting one, through the index by payment", async () => {
    const [waiting, sold, credited, none] = [
      await makeOrder(),
      await makeOrder(),
      await makeOrder(),
      await makeOrder(),
    ];
    await sale(await makePayment({ order_id: waiting }), "S", "pending");
    await sale(await makePayment({ order_id: sold }), "S", "accepted");
    const refunded = await makePayment({ order_id: credited });
    await sale(refunded, "S", "pending");
    // etims_sales_by_payment holds sales alone: a credit note is found only by the new index.
    await sale(refunded, "R", "accepted");

    const single = await withPlans((d1) => orderHasReportedSale(d1, credited));
    expect(single.answer).toBe(true);
    expect(await orderHasReportedSale(db, waiting)).toBe(false);
    expect(await orderHasReportedSale(db, sold)).toBe(true);
    expect(await orderHasReportedSale(db, none)).toBe(false);

    const page = await withPlans((d1) => reportedOrderIds(d1, [waiting, sold, credited, none]));
    expect([...page.answer].sort()).toEqual([sold, credited].sort());
    for (const { plan } of [single, page]) {
      expect(plan.join("\n")).toContain("etims_sales_by_payment_status (payment_id=? AND status=?)");
      expect(scansOf(plan, "etims_sales")).toEqual([]);
    }
  });
});

describe("a payment intent's refunds (Stripe's refund events)", () => {
  it("are found by refunds_by_payment_intent, newest first, and only that intent's", async () => {
    const order = await makeOrder();
    const payment = await makePayment({ order_id: order });
    const refund = (intent: string | null, channel: string, at: string) =>
      db
        .prepare(
          `INSERT INTO refunds (refund_id, payment_id, order_id, amount_cents, currency, reason, channel, status,
             payment_intent, idempotency_key, created_by, created_at)
           VALUES (?, ?, ?, 100, 'usd', 'Asked for', ?, 'succeeded', ?, ?, 'admin', ?)`,
        )
        .bind(`rf_${crypto.randomUUID()}`, payment, order, channel, intent, crypto.randomUUID(), at)
        .run();
    await refund("pi_wanted", "card", "2026-01-01T10:00:00.000Z");
    await refund("pi_wanted", "card", "2026-01-02T10:00:00.000Z");
    await refund("pi_other", "card", "2026-01-03T10:00:00.000Z");
    await refund(null, "bank", "2026-01-04T10:00:00.000Z");

    const { answer, plan } = await withPlans((d1) => refundsOfPaymentIntent(d1, "pi_wanted"));
    expect(answer.map((r) => [r.payment_intent, r.created_at])).toEqual([
      ["pi_wanted", "2026-01-02T10:00:00.000Z"],
      ["pi_wanted", "2026-01-01T10:00:00.000Z"],
    ]);
    expect(plan.join("\n")).toContain("USING INDEX refunds_by_payment_intent (payment_intent=?)");
    expect(scansOf(plan, "refunds")).toEqual([]);
  });
});
