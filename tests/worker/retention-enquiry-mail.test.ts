import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuditRow, OutboxRow } from "../../src/db/schema.ts";
import { sweepRetention } from "../../src/privacy/retention.ts";
import { storedQuotePdf, storeQuotePdf } from "../../src/quotes/quote-store.ts";
import { makeMail, makeMessage, makeOrder, makeQuoteRow } from "./support/factories.ts";
import { workContext } from "./support/work-context.ts";

// One fixed moment for every run in this file (wrangler.toml: records 7 years, enquiries 24 months).
const NOW = new Date("2026-03-31T04:00:00.000Z");
const RECORD_CUTOFF = Date.parse("2019-03-31T04:00:00.000Z");
const ENQUIRY_CUTOFF = Date.parse("2024-03-31T04:00:00.000Z");
const SECOND = 1000;
const at = (ms: number) => new Date(ms).toISOString();
const PDF = new TextEncoder().encode("%PDF-1.7 test");
const OWNER = "owner@example.com";

const sweep = () => sweepRetention(workContext(), NOW);

async function mail(id: number): Promise<OutboxRow | null> {
  return env.DB.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<OutboxRow>();
}
async function count(table: string, where: string, value: unknown): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where} = ?`)
    .bind(value)
    .first<{ n: number }>();
  return row?.n ?? -1;
}

/** A quote never accepted, made at `createdAt`, with a line, its PDF and its two e-mails. */
async function quote(number: string, email: string, createdAt: string) {
  await makeQuoteRow({ number, customer_email: email, created_at: createdAt });
  await env.DB.prepare(
    `INSERT INTO quote_lines (number, position, item_id, name, category, unit_amount_cents, quantity)
     VALUES (?, 1, 's1', 'Network Assessment', 'Networking', 15000, 1)`,
  )
    .bind(number)
    .run();
  await storeQuotePdf(env.DOCUMENTS, number, PDF);
  const buyer = await makeMail({
    status: "sent",
    kind: "quote",
    dedupe_key: `quote:${number}`,
    recipient: email,
    payload: '{"name":"Zawadi"}',
  });
  const owner = await makeMail({
    status: "sent",
    kind: "owner-quote",
    dedupe_key: `owner-quote:${number}`,
    recipient: OWNER,
    payload: '{"name":"Zawadi"}',
  });
  return { buyer, owner };
}

const ANONYMISED = { subject: "[erased]", payload: "null", body_cleared_at: NOW.toISOString() };

describe("quotes never accepted are enquiries", () => {
  it("one a second past 24 months goes with its lines, PDF and e-mails' contents; one a second inside stays", async () => {
    const gone = await quote("Q-2024-00001", "Zawadi@Example.com", at(ENQUIRY_CUTOFF - SECOND));
    const kept = await quote("Q-2024-00002", "zawadi@example.com", at(ENQUIRY_CUTOFF + SECOND));
    // A mailbox that engaged keeps its old quotes, as it keeps its enquiries.
    await makeOrder({ status: "paid", customer_email: "Client+orders@example.com" });
    const client = await quote("Q-2023-00003", "client@example.com", at(ENQUIRY_CUTOFF - SECOND));

    const run = await sweep();

    expect(run.counts.quotes).toBe(1);
    expect(await count("quotes", "number", "Q-2024-00001")).toBe(0);
    expect(await count("quote_lines", "number", "Q-2024-00001")).toBe(0);
    expect(await storedQuotePdf(env.DOCUMENTS, "Q-2024-00001")).toBeNull();
    expect(await mail(gone.buyer)).toMatchObject({ ...ANONYMISED, recipient: "[erased]" });
    expect(await mail(gone.owner)).toMatchObject({ ...ANONYMISED, recipient: OWNER });

    for (const [number, mails] of [
      ["Q-2024-00002", kept],
      ["Q-2023-00003", client],
    ] as const) {
      expect(await count("quote_lines", "number", number)).toBe(1);
      expect(await storedQuotePdf(env.DOCUMENTS, number)).toEqual(PDF);
      expect(await mail(mails.buyer)).toMatchObject({ subject: "Hello", payload: '{"name":"Zawadi"}' });
    }
    const audit = await env.DB.prepare(
      "SELECT * FROM admin_audit WHERE action = 'retention.swept' ORDER BY id DESC",
    ).first<AuditRow>();
    expect(JSON.parse(audit?.detail ?? "")).toMatchObject({ quotes: 1 });
  });
});

describe("e-mails about an erased enquiry are anonymised", () => {
  it("the acknowledgement loses its recipient and subject, the owner's copy its subject; others are untouched", async () => {
    const email = "Stranger+web@example.net";
    const message = await makeMessage({ email, created_at: at(ENQUIRY_CUTOFF - SECOND) });
    const ack = await makeMail({ status: "sent", message_id: message, recipient: email });
    const owner = await makeMail({ status: "failed", kind: "owner-contact", message_id: message, recipient: OWNER });
    const other = await makeMail({ status: "sent", recipient: email });

    const run = await sweep();

    expect(run.counts.enquiries).toBe(1);
    expect(await count("contact_messages", "id", message)).toBe(0);
    expect(await mail(ack)).toMatchObject({ ...ANONYMISED, recipient: "[erased]" });
    expect(await mail(owner)).toMatchObject({ ...ANONYMISED, recipient: OWNER, status: "failed" });
    expect(await mail(other)).toMatchObject({ subject: "Hello", recipient: email, payload: "{}" });
  });
});

describe("records of e-mails and audit rows end 7 years on", () => {
  it("a second past goes, a second inside stays, and e-mails of what is still kept stay with it", async () => {
    const pastAt = at(RECORD_CUTOFF - SECOND);
    const insideAt = at(RECORD_CUTOFF + SECOND);
    const order = await makeOrder({ status: "paid", customer_email: "kept@example.org" });
    const message = await makeMessage({ email: "kept@example.org" });
    await makeQuoteRow({ number: "Q-2018-00009", accepted_at: pastAt, accepted_order: order });
    const mails = {
      pastLoose: await makeMail({ status: "sent", created_at: pastAt }),
      insideLoose: await makeMail({ status: "sent", created_at: insideAt }),
      pastOrderGone: await makeMail({ status: "sent", created_at: pastAt, order_id: "cs_test_gone" }),
      pastOrderKept: await makeMail({ status: "sent", created_at: pastAt, order_id: order }),
      pastMessageKept: await makeMail({ status: "sent", created_at: pastAt, message_id: message }),
      pastQuoteKept: await makeMail({
        status: "sent",
        kind: "quote",
        dedupe_key: "quote:Q-2018-00009",
        created_at: pastAt,
      }),
    };
    const audit = async (when: string) =>
      (
        await env.DB.prepare(
          `INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
           VALUES (?, 'owner@example.com', 'order.note', 'order', 'cs_x', 'Called Achieng') RETURNING id`,
        )
          .bind(when)
          .first<{ id: number }>()
      )?.id;
    const pastAudit = await audit(pastAt);
    const insideAudit = await audit(insideAt);

    const run = await sweep();

    expect(run.counts).toMatchObject({ mailRecords: 2, auditRows: 1 });
    expect(await mail(mails.pastLoose)).toBeNull();
    expect(await mail(mails.pastOrderGone)).toBeNull();
    for (const id of [mails.insideLoose, mails.pastOrderKept, mails.pastMessageKept, mails.pastQuoteKept]) {
      expect(await mail(id)).not.toBeNull();
    }
    expect(await count("admin_audit", "id", pastAudit)).toBe(0);
    expect(await count("admin_audit", "id", insideAudit)).toBe(1);
  });
});
