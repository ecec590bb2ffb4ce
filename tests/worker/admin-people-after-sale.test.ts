// What a person's orders gathered after their sale (issue 35): refunds, paybill payments and an M-Pesa
// plan are listed on the People page and exported with their order, without the providers' ids, the
// idempotency keys or a month's pay link; another buyer's are not.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { makeOrder, makePayment } from "./support/factories.ts";
import { seedPerson } from "./support/person.ts";

async function insert(table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  await env.DB.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
    .bind(...Object.values(row))
    .run();
}

/** A paybill payment as Safaricom sends one: what it paid and who paid are each row's own. */
const SENT = { trans_type: "Pay Bill", short_code: "600000", msisdn: "2547 ***** 126", trans_time: "20260301100000" };

const SECRETS = [
  "re_secret_refund",
  "ws_conversation_secret",
  "idem-secret-key",
  "paykey-secret",
  "refunder@acacia.example",
];

/** The person's order with a refund, two paybill payments (one named only by its ledger line) and a plan. */
async function afterSale(orderId: string, payment: string, tag: string) {
  await insert("refunds", {
    refund_id: `rf_${tag}`,
    payment_id: payment,
    order_id: orderId,
    amount_cents: 250000,
    currency: "kes",
    reason: "Visit <b>cancelled</b>",
    channel: "mpesa",
    status: "succeeded",
    stripe_refund_id: SECRETS[0],
    conversation_id: SECRETS[1],
    idempotency_key: SECRETS[2],
    created_by: SECRETS[4],
    settled_at: "2026-03-05T09:00:00.000Z",
  });
  const planPayment = await makePayment({ order_id: orderId, provider: "mpesa_paybill", currency: "kes" });
  const paid = { ...SENT, payer_name: "JANE W WANJIRU", amount_cents: 195000 };
  await insert("c2b_payments", {
    ...paid,
    trans_id: `TA${tag}`,
    bill_ref: "ORD-1",
    status: "matched",
    order_id: orderId,
  });
  await insert("c2b_payments", {
    ...paid,
    trans_id: `TB${tag}`,
    bill_ref: `SUB-${tag}`,
    status: "assigned",
    payment_id: planPayment,
  });
  await insert("subscriptions", { subscription_id: `sub_${tag}`, order_id: orderId, status: "canceled" });
  await insert("mpesa_plans", {
    subscription_id: `sub_${tag}`,
    reference: `SUB-${tag}`,
    phone: "254711222333",
    anchor_day: 1,
    next_due_on: "2026-04-01",
  });
  for (const [start, end, status, key] of [
    ["2026-02-01", "2026-03-01", "paid", SECRETS[3]],
    ["2026-03-01", "2026-04-01", "void", `pk-${tag}`],
  ] as const) {
    const month = { subscription_id: `sub_${tag}`, period_start: start, period_end: end, status, pay_key: key };
    await insert("mpesa_plan_months", { ...month, usd_cents: 1500, kes_amount: 1950, kes_rate_x100: 13000 });
  }
}

describe("a person's refunds, paybill payments and M-Pesa plan", () => {
  it("are listed and exported with their order, with no secret, and nobody else's", async () => {
    const p = await seedPerson();
    const tag = crypto.randomUUID().slice(0, 8).toUpperCase();
    await afterSale(p.order, p.payment, tag);
    const plain = await makeOrder({ status: "paid", customer_email: `${p.local}@gmail.com` });
    // Another buyer's, paid with the same name: never theirs.
    const other = await makeOrder({ status: "paid", customer_email: `someone-${tag}@example.com` });
    const theirs = { payer_name: "JANE W WANJIRU", amount_cents: 100, bill_ref: "ORD-2", order_id: other };
    await insert("c2b_payments", { ...SENT, ...theirs, trans_id: `TC${tag}`, status: "matched" });

    const page = await openAsOwner(`/admin/people?email=${encodeURIComponent(`${p.local}@gmail.com`)}`);
    const countOf = (kind: string) => page.document.querySelector(`[data-count="${kind}"]`)?.textContent;
    expect([countOf("paybillPayments"), countOf("refunds"), countOf("mpesaPlans")]).toEqual(["(2)", "(1)", "(1)"]);
    expect(page.text).toContain(`SUB-${tag}`);

    const { status, body } = await postAsOwner("/admin/people/export", { email: `${p.local}@gmail.com` });
    expect(status).toBe(200);
    const data = JSON.parse(body);
    expect(data.version).toBe(5);
    const order = data.orders.find((o: { reference: string }) => o.reference === p.order);
    expect(order.refunds).toEqual([
      {
        payment_id: p.payment,
        amount_cents: 250000,
        currency: "kes",
        reason: "Visit <b>cancelled</b>",
        status: "succeeded",
        channel: "mpesa",
        reference: null,
        created_at: expect.any(String),
        settled_at: "2026-03-05T09:00:00.000Z",
      },
    ]);
    const paybill = order.paybill_payments.map((c: { trans_id: string }) => c.trans_id).sort();
    expect(paybill).toEqual([`TA${tag}`, `TB${tag}`]);
    expect(order.paybill_payments[0]).toMatchObject({
      amount_cents: 195000,
      msisdn: "2547 ***** 126",
      payer_name: "JANE W WANJIRU",
      trans_time: "20260301100000",
    });
    expect(order.mpesa_plan).toMatchObject({
      subscription_id: `sub_${tag}`,
      reference: `SUB-${tag}`,
      phone: "254711222333",
      status: "canceled",
      next_due_on: "2026-04-01",
      months: [
        { period_start: "2026-02-01", period_end: "2026-03-01", amount_kes: 1950, usd_cents: 1500, status: "paid" },
        { period_start: "2026-03-01", period_end: "2026-04-01", amount_kes: 1950, usd_cents: 1500, status: "void" },
      ],
    });
    const without = data.orders.find((o: { reference: string }) => o.reference === plain);
    expect(without).toMatchObject({ refunds: [], paybill_payments: [], mpesa_plan: null });
    expect(body).not.toContain(`TC${tag}`);
    expect(SECRETS.filter((secret) => body.includes(secret))).toEqual([]);
  }, 30_000);
});
