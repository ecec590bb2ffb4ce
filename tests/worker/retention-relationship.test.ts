import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { OutboxRow } from "../../src/db/schema.ts";
import { sweepRetention } from "../../src/privacy/retention.ts";
import { makeMail, makeMessage, makeOrder, makePayment, makeQuoteRow } from "./support/factories.ts";
import { workContext } from "./support/work-context.ts";

// One fixed moment for every run in this file (wrangler.toml: records 7 years, enquiries 24 months).
const NOW = new Date("2026-03-31T04:00:00.000Z");
const RECORD_CUTOFF = Date.parse("2019-03-31T04:00:00.000Z");
const SECOND = 1000;
const at = (ms: number) => new Date(ms).toISOString();
const inside = at(RECORD_CUTOFF + SECOND);
const past = at(RECORD_CUTOFF - SECOND);
const LONG_AGO = "2015-06-01T09:00:00.000Z";
const A_YEAR_AGO = "2025-03-31T04:00:00.000Z";

const sweep = (limits?: Parameters<typeof sweepRetention>[2]) => sweepRetention(workContext(), NOW, limits);

const orderExists = async (sessionId: string) =>
  (await env.DB.prepare("SELECT 1 FROM orders WHERE order_id = ?").bind(sessionId).first()) !== null;
const messageExists = async (id: number) =>
  (await env.DB.prepare("SELECT 1 FROM contact_messages WHERE id = ?").bind(id).first()) !== null;

/** A paid one-off order made long ago whose newest payment was recorded at `lastPaid`. */
async function paidOrder(email: string, lastPaid: string): Promise<string> {
  const sessionId = await makeOrder({ status: "paid", customer_email: email, created_at: LONG_AGO, paid_at: LONG_AGO });
  await makePayment({ order_id: sessionId, created_at: lastPaid });
  return sessionId;
}

async function subscription(sessionId: string, status: string, updatedAt: string): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO subscriptions (subscription_id, order_id, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?)`,
  )
    .bind(`sub_${crypto.randomUUID()}`, sessionId, status, LONG_AGO, updatedAt)
    .run();
}

describe("the client relationship is the mailbox's, not one order's", () => {
  it("a returning client's old order is kept while a newer order of the same mailbox is inside the period", async () => {
    const cases = {
      // The newer order written another way (case, dots at Gmail, a +tag, googlemail.com).
      aYearAgo: [await paidOrder("Jane.Doe+x@GMAIL.com", past), await paidOrder("janedoe@gmail.com", A_YEAR_AGO)],
      oneSecondInside: [
        await paidOrder("Kip.Rono@gmail.com", past),
        await paidOrder("kiprono+2@googlemail.com", inside),
      ],
      bothPast: [await paidOrder("Mary.Wambui@GMAIL.com", past), await paidOrder("marywambui+re@gmail.com", past)],
      // Another mailbox at the same domain is another person: dots count outside Gmail.
      otherPerson: [await paidOrder("amina@example.com", past), await paidOrder("a.mina@example.com", inside)],
    };

    const run = await sweep();

    for (const id of [...cases.aYearAgo, ...cases.oneSecondInside, cases.otherPerson[1] ?? ""]) {
      expect(await orderExists(id)).toBe(true);
    }
    for (const id of [...cases.bothPast, cases.otherPerson[0] ?? ""]) expect(await orderExists(id)).toBe(false);
    expect(run.counts.records).toBe(3);
  });

  it("once the newer order is past too, both go", async () => {
    const old = await paidOrder("Wanjiku.Njeri+old@gmail.com", past);
    const newer = await paidOrder("wanjikunjeri@gmail.com", A_YEAR_AGO);
    await sweep();
    expect(await orderExists(old)).toBe(true);
    await env.DB.prepare("UPDATE payments SET created_at = ? WHERE order_id = ?").bind(past, newer).run();
    const run = await sweep();
    expect(await orderExists(old)).toBe(false);
    expect(await orderExists(newer)).toBe(false);
    expect(run.counts.records).toBe(2);
  });

  it("a live subscription, a recent change of an ended one, or a recent paid day on another order keeps the mailbox's old orders", async () => {
    const live = await paidOrder("live@example.net", past);
    await subscription(await paidOrder("Live+sub@example.net", past), "active", LONG_AGO);
    const changed = await paidOrder("changed@example.net", past);
    await subscription(await paidOrder("CHANGED@example.net", past), "canceled", inside);
    const paidOn = await paidOrder("paid-on@example.net", past);
    const other = await paidOrder("paid-on+bank@example.net", past);
    // Recorded long ago, but the day it says it was paid ends inside the period.
    await makePayment({ order_id: other, created_at: past, paid_on: inside.slice(0, 10) });
    await sweep();
    for (const id of [live, changed, paidOn, other]) expect(await orderExists(id)).toBe(true);
  });

  it("an order whose address was erased stands alone: another erased order's activity does not keep it", async () => {
    const old = await paidOrder("[erased]", past);
    const recent = await paidOrder("[erased]", A_YEAR_AGO);
    await sweep();
    expect(await orderExists(old)).toBe(false);
    expect(await orderExists(recent)).toBe(true);
  });

  it("a page full of kept returning clients does not stop the run from reaching the records after it", async () => {
    const kept = [];
    for (let i = 0; i < 3; i++) kept.push(await paidOrder(`returning${i}@example.org`, past));
    for (let i = 0; i < 3; i++) await paidOrder(`Returning${i}+new@example.org`, inside);
    const after = await makeOrder({
      status: "paid",
      customer_email: "gone@example.org",
      created_at: "2016-01-01T00:00:00.000Z",
      paid_at: past,
    });
    const limits = { orders: 2, enquiries: { page: 200, pages: 5 }, mailBodies: 10, records: 10, billingLinks: 10 };
    const run = await sweep(limits);
    for (const id of kept) expect(await orderExists(id)).toBe(true);
    expect(await orderExists(after)).toBe(false);
    expect(run.counts.records).toBe(1);
  });
});

describe("a client's correspondence lasts the relationship plus 7 years", () => {
  it("a client's message 7 years and a second old goes once the mailbox has nothing newer; its e-mails are anonymised", async () => {
    // Engaged for good (an accepted quote), so the enquiry rule keeps these; only the record period ends them.
    await makeQuoteRow({ number: "Q-2018-00001", customer_email: "Baraka@Example.com", accepted_at: LONG_AGO });
    const pastMessage = await makeMessage({ email: "baraka+site@example.com", created_at: past });
    const insideMessage = await makeMessage({ email: "baraka@example.com", created_at: inside });
    const ack = await makeMail({ status: "sent", message_id: pastMessage, recipient: "baraka+site@example.com" });
    const ownerCopy = await makeMail({
      status: "sent",
      kind: "owner-contact",
      message_id: pastMessage,
      recipient: "owner@example.com",
      body_cleared_at: "2020-01-01T00:00:00.000Z",
    });
    const unrelated = await makeMail({ status: "sent", message_id: insideMessage, recipient: "baraka@example.com" });
    // A mailbox still in a relationship keeps its oldest messages.
    await paidOrder("Otieno@example.com", inside);
    const client = await makeMessage({ email: "otieno+help@example.com", created_at: LONG_AGO });

    const run = await sweep();

    expect(run.counts.clientMessages).toBe(1);
    expect(await messageExists(pastMessage)).toBe(false);
    expect(await messageExists(insideMessage)).toBe(true);
    expect(await messageExists(client)).toBe(true);
    const mail = async (id: number) => env.DB.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<OutboxRow>();
    expect(await mail(ack)).toMatchObject({
      recipient: "[erased]",
      subject: "[erased]",
      payload: "null",
      body_cleared_at: NOW.toISOString(),
    });
    expect(await mail(ownerCopy)).toMatchObject({
      recipient: "owner@example.com",
      subject: "[erased]",
      payload: "null",
      body_cleared_at: "2020-01-01T00:00:00.000Z",
    });
    expect(await mail(unrelated)).toMatchObject({ recipient: "baraka@example.com", subject: "Hello", payload: "{}" });
  });
});
