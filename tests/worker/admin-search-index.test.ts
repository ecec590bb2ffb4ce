// The back office's indexed search (src/admin/admin-search-index-queries.ts, migrations/0027): the rows
// it finds are exactly those the old full-scan search finds, on ordinary and hostile text alike; the
// trigram indexes follow their tables through INSERT, UPDATE, DELETE and a person's erasure; and an
// indexed search never reads its table row by row.
import { env } from "cloudflare:workers";
import { and, asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { idSearch, phoneSearch, textSearch } from "../../src/admin/admin-listing-queries.ts";
import { parseAdminQuery } from "../../src/admin/admin-query.ts";
import {
  messageSearch,
  orderSearch,
  outboxSearch,
  quoteSearch,
  type SearchCondition,
} from "../../src/admin/admin-search-index-queries.ts";
import { database } from "../../src/db/client.ts";
import { quotes } from "../../src/db/document-tables.ts";
import { contactMessages, orders, outbox } from "../../src/db/schema.ts";
import { erasePerson } from "../../src/privacy/person-erasure-queries.ts";
import { personKey } from "../../src/privacy/person-key.ts";
import { makeMail, makeMessage, makeOrders, makePayment, makeQuoteRow } from "./support/factories.ts";

const db = env.DB;
const dz = database(db);

/** The search as it was before the indexes: every searched column read, row by row. */
const before = {
  orders: (q: string) =>
    or(
      textSearch(q, [
        orders.customer_name,
        orders.customer_email,
        orders.customer_company,
        orders.customer_kra_pin,
        orders.customer_phone,
        orders.order_id,
        orders.order_ref,
      ]),
      phoneSearch(q, orders.customer_phone),
    ),
  quotes: (q: string) =>
    textSearch(q, [quotes.number, quotes.customer_name, quotes.customer_email, quotes.customer_company]),
  messages: (q: string) =>
    or(
      textSearch(q, [contactMessages.name, contactMessages.email, contactMessages.company, contactMessages.phone]),
      phoneSearch(q, contactMessages.phone),
      idSearch(q, contactMessages.id),
    ),
  outbox: (q: string) => or(textSearch(q, [outbox.recipient, outbox.subject, outbox.kind]), idSearch(q, outbox.id)),
};

type Section = keyof typeof before;

/** Each section's table, its key, and its indexed search. */
const sections: Record<Section, { table: SQLiteTable; key: SQLiteColumn; now: (q: string) => SearchCondition }> = {
  orders: { table: orders, key: orders.order_id, now: orderSearch },
  quotes: { table: quotes, key: quotes.number, now: quoteSearch },
  messages: { table: contactMessages, key: contactMessages.id, now: messageSearch },
  outbox: { table: outbox, key: outbox.id, now: outboxSearch },
};

async function keysWhere(section: Section, where: SQL | undefined): Promise<string[]> {
  const { table, key } = sections[section];
  const rows = await dz.select({ key }).from(table).where(where).orderBy(asc(key));
  return rows.map((row) => String(row.key));
}

/** The search text as the back office reads it from the URL (controls to spaces, trimmed, clipped). */
const typed = (raw: string): string => parseAdminQuery("orders", { q: raw }).q;

/** What each search finds, today's way and the old way. */
async function both(section: Section, raw: string): Promise<{ now: string[]; old: string[]; indexed: boolean }> {
  const q = typed(raw);
  const { scan, index } = sections[section].now(q);
  return {
    now: await keysWhere(section, index ?? scan),
    old: await keysWhere(section, before[section](q)),
    indexed: index !== undefined,
  };
}

const LONG_NAME = `Nyokabi ${"Wambũi Njeri ".repeat(20)}`.trim();

const NAMES = [
  "Wanjiru Kamau",
  "Ũmbũ Gĩkũyũ wa Njoroge",
  "ŨMBŨ GĨKŨYŨ",
  "محمد علي",
  'Peter "the Rock" O"Brien',
  "Jane * Doe",
  "NEAR AND OR NOT",
  "a-b:c^d (e)",
  "100% off_sale",
  LONG_NAME,
];

/** Text typed into the search: ordinary, hostile, FTS5 syntax, phones, short and long. */
const TYPED = [
  "wanjiru",
  "WANJIRU",
  "Wanjiru.Kamau@Example.COM",
  "kamau@example",
  "amau",
  "ũmbũ",
  "ŨMBŨ",
  "Ũ",
  "gĩk",
  "محمد",
  "علي",
  '"',
  '""',
  'O"Brien',
  '"the Rock"',
  "*",
  "* Doe",
  "Doe*",
  "NEAR",
  "NEAR(a b)",
  "AND OR",
  "and or not",
  "a-b",
  "-",
  ":",
  "b:c",
  "^",
  "c^d",
  "(e)",
  "%",
  "100%",
  "_",
  "off_",
  "_sale",
  "0700 000 001",
  "700000001",
  "+254 700 000 001",
  "(0700) 000-001",
  "0722333444",
  "722 333",
  "333-444",
  "0733",
  "+254",
  "254",
  "ord_",
  "cs_test",
  "P051",
  "Q-2026",
  "contact-ack",
  "Receipt",
  "ab",
  "a",
  "wa",
  "Wanjiru\u0007Kamau",
  "Wanjiru\u0000",
  LONG_NAME,
  `${LONG_NAME} and then some more text past two hundred characters`,
  "nobody-at-all@scale-bench.invalid",
];

describe("indexed search against the old search, on the same rows", () => {
  let orderIds: string[] = [];
  const messageIds: number[] = [];
  beforeAll(async () => {
    orderIds = await makeOrders(
      NAMES.map((name, i) => ({
        customer_name: name,
        customer_email: i === 0 ? "Wanjiru.Kamau@Example.COM" : `buyer${i}-${crypto.randomUUID()}@example.com`,
        customer_phone: ["+254 700-000-001", "0722 333 444", "(0733) 555.666", "+254733555666"][i % 4] ?? "",
        customer_company: i % 2 ? "Acme (Kenya) Ltd." : "شركة النور",
        customer_kra_pin: i % 3 ? null : `P051${i}00000X`,
      })),
    );
    for (const [i, name] of NAMES.entries()) {
      await makeQuoteRow({
        number: `Q-2026-9${String(i).padStart(4, "0")}`,
        customer_name: name,
        customer_company: name,
      });
      messageIds.push(
        await makeMessage({ name, company: i % 2 ? name : null, phone: i % 2 ? "0700 000 001" : "+254 722-333-444" }),
      );
      await makeMail({
        status: "sent",
        recipient: i === 0 ? "Wanjiru.Kamau@Example.COM" : `r${i}@example.com`,
        subject: `Receipt for ${name}`,
      });
    }
  });

  it.each(Object.keys(before) as Section[])("%s: the same rows for every text typed", async (section) => {
    let found = 0;
    for (const raw of TYPED) {
      const { now, old, indexed } = await both(section, raw);
      expect({ raw, now }).toEqual({ raw, now: old });
      // Text of three characters or more goes by the index; shorter text has no trigram.
      expect({ raw, indexed }).toEqual({ raw, indexed: Array.from(typed(raw)).length >= 3 });
      found += now.length;
    }
    expect(found).toBeGreaterThan(TYPED.length);
  });

  it("folds ASCII case only, as before: other scripts are matched as typed", async () => {
    const [wanjiru, lower, upper] = orderIds;
    expect((await both("orders", "WANJIRU")).now).toEqual([wanjiru]);
    expect((await both("orders", "Ũmbũ")).now).toEqual([lower]);
    expect((await both("orders", "ŨMBŨ")).now).toEqual([upper]);
    // The trigram index folds "ũ" and "Ũ" together; the old condition, kept, does not.
    expect((await both("orders", "ũmbũ")).now).toEqual([]);
  });

  it("finds a phone however it is spaced, the national form finding the international", async () => {
    const { now } = await both("orders", "0700 000 001");
    expect(now.length).toBeGreaterThan(0);
    expect(now).toContain(orderIds[0]);
    expect((await both("messages", "(0722) 333-444")).now.length).toBeGreaterThan(0);
  });

  it('takes FTS5 syntax as text: "*", "NEAR", "-", ":", "^", quotes', async () => {
    expect((await both("orders", "* Doe")).now).toEqual([orderIds[5]]);
    expect((await both("orders", "NEAR AND")).now).toEqual([orderIds[6]]);
    expect((await both("orders", "b:c^d")).now).toEqual([orderIds[7]]);
    expect((await both("orders", '"the Rock" O"B')).now).toEqual([orderIds[4]]);
    expect((await both("orders", "0% off_")).now).toEqual([orderIds[8]]);
  });

  it('finds message and e-mail 12 by "#12", and by its text', async () => {
    const id = messageIds[3] ?? 0;
    expect((await both("messages", `#${id}`)).now).toContain(String(id));
    const mail = await makeMail({ status: "queued", subject: "Hello" });
    expect((await both("outbox", `#${mail}`)).now).toEqual([String(mail)]);
  });
});

/** Rows whose index entry differs from what the row holds, or index entries with no row: none when in step. */
async function drift(table: string): Promise<number> {
  const digits = (col: string) =>
    `replace(replace(replace(replace(replace(replace(${col}, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '')`;
  const shapes: Record<string, { source: string; index: string; columns: string }> = {
    orders: {
      source: `rowid, customer_name, customer_email, customer_company, customer_kra_pin, customer_phone, order_id, order_ref, ${digits("customer_phone")}`,
      index: "orders_search",
      columns:
        "rowid, customer_name, customer_email, customer_company, customer_kra_pin, customer_phone, order_id, order_ref, phone_digits",
    },
    quotes: {
      source: "rowid, number, customer_name, customer_email, customer_company",
      index: "quotes_search",
      columns: "rowid, number, customer_name, customer_email, customer_company",
    },
    contact_messages: {
      source: `rowid, name, email, company, phone, ${digits("phone")}`,
      index: "contact_messages_search",
      columns: "rowid, name, email, company, phone, phone_digits",
    },
    outbox: {
      source: "rowid, recipient, subject, kind",
      index: "outbox_search",
      columns: "rowid, recipient, subject, kind",
    },
  };
  const shape = shapes[table];
  if (!shape) throw new Error(`no index for ${table}`);
  const source = `SELECT ${shape.source} FROM ${table}`;
  const index = `SELECT ${shape.columns} FROM ${shape.index}`;
  const row = await db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM (${source} EXCEPT ${index})) + (SELECT COUNT(*) FROM (${index} EXCEPT ${source})) AS n`,
    )
    .first<{ n: number }>();
  return row?.n ?? -1;
}

const TABLES = ["orders", "quotes", "contact_messages", "outbox"];

describe("the indexes follow their rows", () => {
  it("through INSERT, UPDATE and DELETE", async () => {
    const [id = ""] = await makeOrders([{ customer_name: "Kiprono Tanui", customer_phone: "0711 222 333" }]);
    expect((await both("orders", "kiprono")).now).toEqual([id]);
    await db
      .prepare(
        "UPDATE orders SET customer_name = 'Chebet Tanui', customer_phone = '+254 799 888 777' WHERE order_id = ?",
      )
      .bind(id)
      .run();
    expect((await both("orders", "kiprono")).now).toEqual([]);
    expect((await both("orders", "chebet")).now).toEqual([id]);
    expect((await both("orders", "0799888777")).now).toEqual([id]);
    // A change of no searched column leaves the index as it was, and in step.
    await db.prepare("UPDATE orders SET status = 'expired' WHERE order_id = ?").bind(id).run();
    expect(await drift("orders")).toBe(0);

    const message = await makeMessage({ name: "Atieno Were", phone: "0700 123 456" });
    await db.prepare("UPDATE contact_messages SET name = 'Atieno Owino' WHERE id = ?").bind(message).run();
    expect((await both("messages", "owino")).now).toEqual([String(message)]);
    await db.prepare("DELETE FROM contact_messages WHERE id = ?").bind(message).run();
    expect((await both("messages", "owino")).now).toEqual([]);

    await db.batch([
      db.prepare("DELETE FROM order_items WHERE order_id = ?").bind(id),
      db.prepare("DELETE FROM orders WHERE order_id = ?").bind(id),
    ]);
    expect((await both("orders", "chebet")).now).toEqual([]);
    for (const table of TABLES) expect({ table, drift: await drift(table) }).toEqual({ table, drift: 0 });
  });

  it("through a person's erasure, which deletes some rows and anonymises others", async () => {
    const email = `Erased.Person.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await makeOrders([{ customer_name: "Njambi Erased", customer_email: email, customer_phone: "0745 000 111" }]);
    await makeMessage({ name: "Njambi Erased", email });
    await makeQuoteRow({
      number: `Q-2026-8${crypto.randomUUID().slice(0, 4)}`,
      customer_email: email,
      accepted_at: "2026-04-02T00:00:00.000Z",
    });
    await makeMail({ status: "sent", recipient: email, subject: "Your receipt" });
    expect((await both("orders", email)).now).toHaveLength(1);

    const at = new Date().toISOString();
    await erasePerson(db, [personKey(email)], { at, actor: "admin", subject: "test", detail: "test" });
    for (const section of ["orders", "quotes", "messages", "outbox"] as const) {
      expect({ section, found: (await both(section, email)).now }).toEqual({ section, found: [] });
    }
    // The order is kept, under its name, with its contact details replaced.
    expect((await both("orders", "njambi erased")).now).toHaveLength(1);
    for (const table of TABLES) expect({ table, drift: await drift(table) }).toEqual({ table, drift: 0 });
  });
});

describe("an indexed search reads no table row by row", () => {
  const listed = {
    orders: () =>
      dz
        .select()
        .from(orders)
        .where(and(orderSearch("wanjiru@example.com").index, eq(orders.status, "paid")))
        .orderBy(desc(orders.created_at), desc(orders.order_id))
        .limit(50),
    phone: () =>
      dz
        .select()
        .from(orders)
        .where(orderSearch("0700 000 001").index)
        .orderBy(desc(orders.created_at), desc(orders.order_id))
        .limit(50),
    quotes: () =>
      dz
        .select()
        .from(quotes)
        .where(quoteSearch("Q-2026").index)
        .orderBy(desc(quotes.created_at), desc(quotes.number))
        .limit(50),
    messages: () =>
      dz
        .select()
        .from(contactMessages)
        .where(messageSearch("#12").index)
        .orderBy(desc(contactMessages.created_at), desc(contactMessages.id))
        .limit(50),
    outbox: () =>
      dz
        .select()
        .from(outbox)
        .where(outboxSearch("receipt").index)
        .orderBy(desc(outbox.created_at), desc(outbox.id))
        .limit(50),
    count: () => dz.select({ n: sql<number>`count(*)` }).from(orders).where(orderSearch("kamau").index),
  };

  it.each(Object.keys(listed) as (keyof typeof listed)[])("%s", async (name) => {
    const { sql: text, params } = listed[name]().toSQL();
    const { results } = await db
      .prepare(`EXPLAIN QUERY PLAN ${text}`)
      .bind(...params)
      .all<{ detail: string }>();
    const steps = results.map((r) => r.detail);
    expect(steps.some((step) => /VIRTUAL TABLE INDEX/.test(step))).toBe(true);
    const tableScans = steps.filter((step) => step.startsWith("SCAN") && !step.includes("VIRTUAL TABLE"));
    expect({ text, tableScans }).toEqual({ text, tableScans: [] });
  });

  it("a search of one or two characters says it is not indexed, and still finds by the old condition", () => {
    expect(orderSearch("ab").index).toBeUndefined();
    expect(orderSearch("ab").scan).toBeDefined();
    expect(messageSearch("12").index).toBeUndefined();
    expect(orderSearch("").index).toBeUndefined();
    expect(orderSearch("").scan).toBeUndefined();
  });
});

describe("a payment's reference finds its order by index", () => {
  it("an M-Pesa code (any case) or a receipt number finds the order; a part of one does not", async () => {
    const [order] = await makeOrders([{ customer_name: "Reference Buyer" }]);
    const code = `SK${crypto.randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase()}`;
    const paymentId = await makePayment({ order_id: order ?? "", provider: "mpesa_express", reference: code });
    const receipt = `R-2026-${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
    await db
      .prepare("INSERT INTO receipts (number, payment_id, access_key, created_at) VALUES (?, ?, 'k', ?)")
      .bind(receipt, paymentId, new Date().toISOString())
      .run();
    const found = async (q: string) =>
      (await database(db).select({ id: orders.order_id }).from(orders).where(orderSearch(q).index)).map((r) => r.id);
    expect(await found(code.toLowerCase())).toEqual([order]);
    expect(await found(receipt.toLowerCase())).toEqual([order]);
    expect(await found(code.slice(0, 7))).toEqual([]);
    const { sql: text, params } = database(db).select().from(orders).where(orderSearch(code).index).toSQL();
    const { results } = await db
      .prepare(`EXPLAIN QUERY PLAN ${text}`)
      .bind(...params)
      .all<{ detail: string }>();
    expect(results.map((r) => r.detail).filter((d) => /^SCAN (orders|payments|receipts)\b/.test(d))).toEqual([]);
  });
});
