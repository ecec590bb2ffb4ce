import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuditRow } from "../../src/db/schema.ts";
import { sweepRetention } from "../../src/privacy/retention.ts";
import { storedQuotePdf, storeQuotePdf } from "../../src/quotes/quote-store.ts";
import { storedReceiptPdf, storeReceiptPdf } from "../../src/receipts/receipt-store.ts";
import { makeMail, makeMessage, makeMpesaRequest, makeOrder, makePayment, makeQuoteRow } from "./support/factories.ts";
import { workContext } from "./support/work-context.ts";

// One fixed moment for every run in this file (wrangler.toml: records 7 years, enquiries 24 months).
const NOW = new Date("2026-03-31T04:00:00.000Z");
const RECORD_CUTOFF = Date.parse("2019-03-31T04:00:00.000Z");
const ENQUIRY_CUTOFF = Date.parse("2024-03-31T04:00:00.000Z");
const SECOND = 1000;
const at = (ms: number) => new Date(ms).toISOString();
const LONG_AGO = "2015-06-01T09:00:00.000Z";
const PDF = new TextEncoder().encode("%PDF-1.7 test");

const sweep = () => sweepRetention(workContext(), NOW);

/** A row straight into a table the factories do not cover. */
async function insert(table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  await env.DB.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
    .bind(...Object.values(row))
    .run();
}

/** Rows about one order, table by table, counted the way each table names the order. */
function childQueries(sessionId: string, tag: string): Record<string, [string, string[]]> {
  const order: [string, string[]] = ["order_id = ?", [sessionId]];
  return {
    orders: order,
    order_items: order,
    order_notes: order,
    payments: order,
    receipts: [
      "payment_id IN (SELECT payment_id FROM payments WHERE order_id = ?) OR number = ?",
      [sessionId, `R-${tag}-1`],
    ],
    mpesa_requests: order,
    subscriptions: order,
    pending_invoices: ["subscription_id = ?", [`sub_${tag}`]],
    stripe_events: order,
    outbox: ["order_id = ?", [sessionId]],
    quotes: ["accepted_order = ?", [sessionId]],
    quote_lines: ["number = ?", [`Q-${tag}`]],
  };
}

async function rowsAbout(sessionId: string, tag: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, [where, params]] of Object.entries(childQueries(sessionId, tag))) {
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...params)
      .first<{ n: number }>();
    counts[table] = row?.n ?? -1;
  }
  return counts;
}

/**
 * A client's subscription order with everything that hangs off it: two payments (the newest at
 * `lastPaid`), a receipt with its PDF, an M-Pesa prompt, a held invoice, a note, a Stripe event, an
 * e-mail and the quote it paid (with a line and its PDF). `tag` makes its numbers unique.
 */
async function clientOrder(tag: string, lastPaid: string, subscription: string) {
  const sessionId = await makeOrder({
    mode: "subscription",
    status: "paid",
    customer_email: `client-${tag}@example.com`,
    created_at: LONG_AGO,
    paid_at: LONG_AGO,
  });
  await makePayment({ order_id: sessionId, created_at: LONG_AGO });
  const last = await makePayment({ order_id: sessionId, subscription_id: `sub_${tag}`, created_at: lastPaid });
  await insert("receipts", { number: `R-${tag}-1`, payment_id: last, access_key: "k", stored_at: lastPaid });
  await storeReceiptPdf(env.DOCUMENTS, `R-${tag}-1`, PDF);
  await makeMpesaRequest({ order_id: sessionId, status: "failed", created_at: LONG_AGO });
  await insert("subscriptions", {
    subscription_id: `sub_${tag}`,
    order_id: sessionId,
    status: subscription,
    created_at: LONG_AGO,
    updated_at: LONG_AGO,
  });
  await insert("pending_invoices", {
    event_id: `evt_inv_${tag}`,
    subscription_id: `sub_${tag}`,
    type: "invoice.paid",
    invoice: "{}",
  });
  await insert("order_notes", { order_id: sessionId, actor: "owner", body: "Called the client" });
  await insert("stripe_events", { event_id: `evt_${tag}`, type: "checkout.session.completed", order_id: sessionId });
  await makeMail({ status: "sent", order_id: sessionId, kind: "order-confirmed" });
  await makeQuoteRow({ number: `Q-${tag}`, accepted_at: LONG_AGO, accepted_order: sessionId });
  await insert("quote_lines", {
    number: `Q-${tag}`,
    position: 1,
    item_id: "s1",
    name: "Network Assessment",
    category: "Networking",
    unit_amount_cents: 15000,
    quantity: 1,
  });
  await storeQuotePdf(env.DOCUMENTS, `Q-${tag}`, PDF);
  return sessionId;
}

const ALL_PRESENT = {
  orders: 1,
  order_items: 1,
  order_notes: 1,
  payments: 2,
  receipts: 1,
  mpesa_requests: 1,
  subscriptions: 1,
  pending_invoices: 1,
  stripe_events: 1,
  outbox: 1,
  quotes: 1,
  quote_lines: 1,
};
const ALL_GONE = Object.fromEntries(Object.keys(ALL_PRESENT).map((table) => [table, 0]));

async function retentionAudits(): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM admin_audit WHERE action = 'retention.swept' ORDER BY id",
  ).all<AuditRow>();
  return results;
}

const orderExists = async (sessionId: string) =>
  (await env.DB.prepare("SELECT 1 FROM orders WHERE order_id = ?").bind(sessionId).first()) !== null;

describe("order and payment records: kept 7 years after the last payment, then erased", () => {
  const ids: Record<string, string> = {};

  it("erases an order whose last payment is 7 years and a second old, with every child row and its PDFs", async () => {
    ids.past = await clientOrder("2019A", at(RECORD_CUTOFF - SECOND), "canceled");
    ids.inside = await clientOrder("2019B", at(RECORD_CUTOFF + SECOND), "canceled");
    ids.live = await clientOrder("2015C", LONG_AGO, "active");
    ids.expiredSub = await clientOrder("2015D", LONG_AGO, "incomplete_expired");
    // A one-off order with no payments row: its paid date counts (two clients: a mailbox's orders go together).
    ids.paidAtPast = await makeOrder({
      status: "paid",
      customer_email: "one-off-a@example.com",
      created_at: LONG_AGO,
      paid_at: at(RECORD_CUTOFF - SECOND),
    });
    ids.paidAtInside = await makeOrder({
      status: "paid",
      customer_email: "one-off-b@example.com",
      created_at: LONG_AGO,
      paid_at: at(RECORD_CUTOFF + SECOND),
    });

    const run = await sweep();

    expect(await rowsAbout(ids.past, "2019A")).toEqual(ALL_GONE);
    expect(await storedReceiptPdf(env.DOCUMENTS, "R-2019A-1")).toBeNull();
    expect(await storedQuotePdf(env.DOCUMENTS, "Q-2019A")).toBeNull();
    expect(await rowsAbout(ids.expiredSub, "2015D")).toEqual(ALL_GONE);
    expect(await orderExists(ids.paidAtPast)).toBe(false);

    expect(await rowsAbout(ids.inside, "2019B")).toEqual(ALL_PRESENT);
    expect(await storedReceiptPdf(env.DOCUMENTS, "R-2019B-1")).toEqual(PDF);
    expect(await storedQuotePdf(env.DOCUMENTS, "Q-2019B")).toEqual(PDF);
    expect(await rowsAbout(ids.live, "2015C")).toEqual(ALL_PRESENT);
    expect(await orderExists(ids.paidAtInside)).toBe(true);

    expect(run.counts).toMatchObject({ records: 3, unpaidOrders: 0 });
    const [audit, ...more] = await retentionAudits();
    expect(more).toEqual([]);
    expect(JSON.parse(audit?.detail ?? "")).toMatchObject({ records: 3, unpaidOrders: 0 });
  });

  it("a subscription ended recently keeps the order, however old its last payment", async () => {
    const sessionId = await clientOrder("2015E", LONG_AGO, "canceled");
    await env.DB.prepare("UPDATE subscriptions SET updated_at = ? WHERE order_id = ?")
      .bind(at(RECORD_CUTOFF + SECOND), sessionId)
      .run();
    await sweep();
    expect(await orderExists(sessionId)).toBe(true);
  });

  it("a second run erases nothing more and writes no audit row", async () => {
    const run = await sweep();
    expect(run.counts).toMatchObject({ records: 0, unpaidOrders: 0 });
    expect(await retentionAudits()).toHaveLength(1);
  });

  it("once a client's records are erased, their old enquiry no longer counts as a client's", async () => {
    const sessionId = await makeOrder({
      status: "paid",
      customer_email: "Returning.Client@Example.com",
      created_at: LONG_AGO,
      paid_at: at(RECORD_CUTOFF + SECOND),
    });
    const message = await makeMessage({ email: "returning.client+web@example.com", created_at: LONG_AGO });
    await sweep();
    expect(await env.DB.prepare("SELECT 1 FROM contact_messages WHERE id = ?").bind(message).first()).not.toBeNull();
    await env.DB.prepare("UPDATE orders SET paid_at = ? WHERE order_id = ?")
      .bind(at(RECORD_CUTOFF - SECOND), sessionId)
      .run();
    const run = await sweep();
    expect(run.counts).toMatchObject({ records: 1, enquiries: 1 });
    expect(await env.DB.prepare("SELECT 1 FROM contact_messages WHERE id = ?").bind(message).first()).toBeNull();
  });
});

describe("checkouts never paid: erased 24 months after they were opened", () => {
  it("one second past goes with its lines and prompts; one second inside stays; one with a payment row is a record", async () => {
    const past = await makeOrder({ status: "expired", created_at: at(ENQUIRY_CUTOFF - SECOND) });
    await makeMpesaRequest({ order_id: past, status: "failed", created_at: at(ENQUIRY_CUTOFF - SECOND) });
    const pending = await makeOrder({ status: "awaiting_payment", created_at: at(ENQUIRY_CUTOFF - SECOND) });
    const inside = await makeOrder({ status: "pending", created_at: at(ENQUIRY_CUTOFF + SECOND) });
    const failedRenewal = await makeOrder({ status: "payment_failed", mode: "subscription", created_at: LONG_AGO });
    await makePayment({ order_id: failedRenewal, status: "failed", created_at: at(RECORD_CUTOFF + SECOND) });

    const run = await sweep();
    expect(run.counts.unpaidOrders).toBe(2);
    expect(await orderExists(past)).toBe(false);
    expect(await orderExists(pending)).toBe(false);
    for (const table of ["order_items", "mpesa_requests"]) {
      const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE order_id = ?`)
        .bind(past)
        .first<{ n: number }>();
      expect(row?.n).toBe(0);
    }
    expect(await orderExists(inside)).toBe(true);
    expect(await orderExists(failedRenewal)).toBe(true);
  });
});

/** A paybill payment as Safaricom sends one (what it paid is each row's own). */
const SENT = { trans_type: "Pay Bill", amount_cents: 150000, short_code: "600000", trans_time: "20190301100000" };

/** A refund, a paybill payment naming the order and one naming only its ledger line, and an M-Pesa plan. */
async function afterSale(orderId: string, tag: string): Promise<void> {
  const { results } = await env.DB.prepare("SELECT payment_id FROM payments WHERE order_id = ? ORDER BY created_at")
    .bind(orderId)
    .all<{ payment_id: string }>();
  const [first, last] = results.map((r) => r.payment_id);
  const refund = { refund_id: `rf_${tag}`, payment_id: last, order_id: orderId, amount_cents: 500, currency: "usd" };
  const why = { reason: "Overcharged", channel: "bank", status: "succeeded", idempotency_key: tag, created_by: "o" };
  await insert("refunds", { ...refund, ...why });
  const payer = { ...SENT, bill_ref: `SUB-${tag}PLN`, msisdn: "2547 ***** 126", payer_name: "AMINA W" };
  await insert("c2b_payments", { ...payer, trans_id: `TA${tag}`, status: "matched", order_id: orderId });
  await insert("c2b_payments", { ...payer, trans_id: `TB${tag}`, status: "assigned", payment_id: first });
  const plan = { subscription_id: `sub_${tag}`, reference: `SUB-${tag}PLN`, phone: "254711222333", anchor_day: 1 };
  await insert("mpesa_plans", { ...plan, next_due_on: "2019-04-01" });
  const month = { subscription_id: `sub_${tag}`, period_start: "2019-03-01", period_end: "2019-04-01" };
  const price = { usd_cents: 1500, kes_amount: 1950, kes_rate_x100: 13000, status: "paid", pay_key: `pk_${tag}` };
  await insert("mpesa_plan_months", { ...month, ...price });
}

/** What afterSale made for the order, still there. */
const afterSaleRows = (orderId: string, tag: string) =>
  env.DB.prepare(
    `SELECT (SELECT count(*) FROM refunds WHERE order_id = ?1) AS refunds,
      (SELECT count(*) FROM c2b_payments WHERE trans_id IN ('TA' || ?2, 'TB' || ?2)) AS paybill,
      (SELECT count(*) FROM mpesa_plans WHERE subscription_id = 'sub_' || ?2) AS plans,
      (SELECT count(*) FROM mpesa_plan_months WHERE subscription_id = 'sub_' || ?2) AS months`,
  )
    .bind(orderId, tag)
    .first();

describe("refunds, paybill payments and M-Pesa plans: erased with their order, no one else's", () => {
  it("an order 7 years and a second past takes its own; one inside and an unmatched payment stay", async () => {
    const past = await clientOrder("2018F", at(RECORD_CUTOFF - SECOND), "canceled");
    const inside = await clientOrder("2019G", at(RECORD_CUTOFF + SECOND), "canceled");
    await afterSale(past, "2018F");
    await afterSale(inside, "2019G");
    const unknown = { bill_ref: "2018F", msisdn: "2547 ***** 999", payer_name: "X", status: "unmatched" };
    await insert("c2b_payments", { ...SENT, ...unknown, trans_id: "TUNMATCHED" });

    await sweep();

    expect(await orderExists(past)).toBe(false);
    expect(await afterSaleRows(past, "2018F")).toEqual({ refunds: 0, paybill: 0, plans: 0, months: 0 });
    expect(await afterSaleRows(inside, "2019G")).toEqual({ refunds: 1, paybill: 2, plans: 1, months: 1 });
    expect(await env.DB.prepare("SELECT 1 FROM c2b_payments WHERE trans_id = 'TUNMATCHED'").first()).not.toBeNull();
  });
});
