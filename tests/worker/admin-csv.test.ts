// CSV exports of the back office (src/admin/admin-csv.ts): RFC 4180, CRLF, a UTF-8 BOM, formula
// injection neutralised (OWASP), the current filter over every page, and the row cap.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  csvCell,
  csvFilename,
  messagesCsv as messagesStream,
  ordersCsv as ordersStream,
  outboxCsv as outboxStream,
} from "../../src/admin/admin-csv.ts";
import { parseAdminQuery } from "../../src/admin/admin-query.ts";
import type { OrderStatus } from "../../src/orders/order-status.ts";
import { WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { makeMail, makeMessage, makeOrders, type OrderInput } from "./support/factories.ts";
import { fakeSessionId } from "./support/orders.ts";
import { testClientIp } from "./support/payment.ts";

/** The exports as the owner's browser saves them: the streamed file read to its end, byte order mark kept. */
const whole = async (stream: ReadableStream<Uint8Array>) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
const ordersCsv = (...args: Parameters<typeof ordersStream>) => whole(ordersStream(...args));
const messagesCsv = (...args: Parameters<typeof messagesStream>) => whole(messagesStream(...args));
const outboxCsv = (...args: Parameters<typeof outboxStream>) => whole(outboxStream(...args));

const ownerHeaders = () => ({
  Authorization: `Basic ${btoa(`admin:${WORKER_ADMIN_PASSWORD}`)}`,
  "CF-Connecting-IP": testClientIp(),
});

const db = env.DB;

const marker = () => `mk${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;

/**
 * An RFC 4180 reader, strict: every record ends in CRLF, a quoted field's quotes are doubled, and a
 * bare CR or LF outside quotes is an error. Written here, not shared with the code under test.
 */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && field === "") {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
      if (i < text.length && text[i] !== "," && text[i] !== "\r") throw new Error(`text after a closing quote at ${i}`);
      continue;
    }
    const ch = text[i]!;
    if (ch === ",") {
      record.push(field);
      field = "";
      i++;
    } else if (ch === "\r") {
      if (text[i + 1] !== "\n") throw new Error(`bare CR at ${i}`);
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 2;
    } else if (ch === "\n") {
      throw new Error(`bare LF at ${i}`);
    } else if (ch === '"') {
      throw new Error(`quote inside an unquoted field at ${i}`);
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== "" || record.length > 0) throw new Error("the last record does not end in CRLF");
  return records;
}

/** A CSV document: the BOM checked and stripped, then read. */
function parse(csv: string): string[][] {
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return readCsv(csv.slice(1));
}

type OrderSeed = {
  name: string;
  email?: string;
  phone?: string;
  company?: string | null;
  address?: string;
  status?: OrderStatus;
  createdAt?: string;
};

/**
 * An order as this file's assertions expect it: paid, from buyer@example.com on 0700 000 001, two
 * lines (one monthly) making 150.50, created a second after the one before from 10:00 on 1 May 2026.
 */
function csvOrder(seed: OrderSeed, i: number): OrderInput {
  const sessionId = fakeSessionId();
  return {
    order_id: sessionId,
    order_ref: `ord_${sessionId}`,
    status: seed.status ?? "paid",
    customer_name: seed.name,
    customer_email: seed.email ?? "buyer@example.com",
    customer_phone: seed.phone ?? "0700 000 001",
    customer_company: seed.company ?? null,
    address: seed.address ?? "1 Test Road",
    total_cents: 15050,
    created_at: seed.createdAt ?? `2026-05-01T10:00:${String(i).padStart(2, "0")}.000Z`,
    items: [
      { item_id: "s1", name: "Network Assessment", category: "Networking", unit_amount_cents: 5000, quantity: 1 },
      { item_id: "b2", name: 'Backup, "Pro"', category: "Backup", unit_amount_cents: 5025, quantity: 2, recurring: 1 },
    ],
  };
}

const csvOrders = (seeds: OrderSeed[]): OrderInput[] => seeds.map(csvOrder);

describe("a CSV cell", () => {
  it("quotes commas, quotes, CR and LF (quotes doubled), and nothing else", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("Kamau, Njoroge")).toBe('"Kamau, Njoroge"');
    expect(csvCell('The "best"')).toBe('"The ""best"""');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("line 1\r\nline 2")).toBe('"line 1\r\nline 2"');
    expect(csvCell("Wanjirũ فاطمة")).toBe("Wanjirũ فاطمة");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  it("neutralises every OWASP formula start with a leading single quote", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+254 700 000 000")).toBe("'+254 700 000 000");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(1)")).toBe("'@SUM(1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    // CR also needs quoting: neutralised first, then quoted.
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell(-2)).toBe("'-2");
    // A trigger after visible text is no formula.
    expect(csvCell("a=1")).toBe("a=1");
    expect(csvCell("Kamau -2")).toBe("Kamau -2");
  });

  // Each cell is judged by its first visible character after NFKC, as a spreadsheet may read it;
  // the cell itself goes out as typed, with the quote in front.
  it.each([
    ["a full-width equals sign", "\uFF1D1+1"],
    ["a full-width plus sign", "\uFF0B254 700 000 000"],
    ["a full-width hyphen-minus", "\uFF0D2"],
    ["a full-width commercial at", "\uFF20SUM(1)"],
    ["a small equals sign", "\uFE661+1"],
    ["a superscript plus sign", "\u207A1"],
    ["a zero-width space, then =", "\u200B=1+1"],
    ["a byte order mark, then +", "\uFEFF+254 700 000 000"],
    ["a word joiner, then -", "\u2060-2"],
    ["a left-to-right mark, then @", "\u200E@SUM(1)"],
    ["a right-to-left override, then =", "\u202E=1"],
    ["a soft hyphen and a zero-width joiner, then =", "\u00AD\u200D=1"],
    ["a combining grapheme joiner, then =", "\u034F=1"],
    ["a Hangul filler, then =", "\u3164=1"],
    ["a space, then =", " =1"],
    ["spaces and a no-break space, then +", "  \u00A0+1"],
    ["an ideographic space, then @", "\u3000@SUM(1)"],
    ["a zero-width space, then a full-width equals sign", "\u200B\uFF1D1"],
    ["a space, then TAB", " \t1"],
    ["a zero-width space, then TAB", "\u200B\t=1"],
  ])("neutralises a cell that starts with %s", (_name, value) => {
    expect(csvCell(value)).toBe(`'${value}`);
  });

  it.each([
    ["a zero-width space, then CR", "\u200B\r=1"],
    ["a line feed, then =", "\n=1"],
  ])("neutralises, then quotes, a cell that starts with %s", (_name, value) => {
    expect(csvCell(value)).toBe(`"'${value}"`);
  });

  it.each([
    ["a zero-width space before a name", "\u200BWanjiru"],
    ["a space before a name", " Kamau"],
    ["full-width digits", "\uFF11\uFF12\uFF13"],
    ["a right-to-left mark before Arabic", "\u200F\u0644\u064A\u0644\u0649"],
    ["nothing visible at all", "\u200B\u00A0 "],
    ["a minus sign (U+2212: no trigger, and NFKC keeps it)", "\u22122"],
  ])("leaves alone a cell that starts with %s", (_name, value) => {
    expect(csvCell(value)).toBe(value);
  });
});

describe("the orders CSV", () => {
  it("has a BOM, a header, CRLF records, and survives commas, quotes and newlines", async () => {
    const tok = marker();
    const [id] = await makeOrders(
      csvOrders([
        {
          name: `Kamau, "JK" Njoroge ${tok}`,
          company: "Njoroge & Sons, Ltd",
          address: "Plot 7\nNgong Road\r\nNairobi",
        },
      ]),
    );
    const csv = await ordersCsv(db, parseAdminQuery("orders", { q: tok }));
    const [header, row, ...rest] = parse(csv);
    expect(rest).toEqual([]);
    expect(header).toEqual([
      "Created (UTC)",
      "Order reference",
      "Order id",
      "Stripe session",
      "Status",
      "Kind",
      "Name",
      "E-mail",
      "Phone",
      "Company",
      "KRA PIN",
      "Address",
      "City",
      "State",
      "Postal code",
      "Country",
      "Currency",
      "Total",
      "Paid (UTC)",
      "Items",
      "Subscription",
      "Review reason",
      "Paid through",
      "KES amount",
      "KES per USD",
    ]);
    expect(row).toEqual([
      "2026-05-01T10:00:00.000Z",
      `ord_${id}`,
      id,
      id,
      "paid",
      "payment",
      `Kamau, "JK" Njoroge ${tok}`,
      "buyer@example.com",
      "0700 000 001",
      "Njoroge & Sons, Ltd",
      "",
      "Plot 7\nNgong Road\r\nNairobi",
      "Nairobi",
      "Nairobi County",
      "00100",
      "Kenya",
      "USD",
      "150.50",
      "",
      'Network Assessment × 1; Backup, "Pro" × 2',
      "",
      "",
      "Card via Stripe",
      "",
      "",
    ]);
  });

  it("neutralises =, +, -, @, TAB and CR at the start of any cell", async () => {
    const tok = marker();
    await makeOrders(
      csvOrders([
        { name: `=1+1 ${tok}`, phone: "+254 700 000 000", company: "-2", createdAt: "2026-05-01T10:00:05.000Z" },
        { name: `@SUM(1) ${tok}`, company: "\t=1", email: "\r=1@example.com", createdAt: "2026-05-01T10:00:04.000Z" },
      ]),
    );
    const [, first, second] = parse(await ordersCsv(db, parseAdminQuery("orders", { q: tok })));
    expect(first?.slice(6, 10)).toEqual([`'=1+1 ${tok}`, "buyer@example.com", "'+254 700 000 000", "'-2"]);
    expect(second?.slice(6, 10)).toEqual([`'@SUM(1) ${tok}`, "'\r=1@example.com", "0700 000 001", "'\t=1"]);
    // No cell of either row starts like a formula once read back.
    for (const cell of [...(first ?? []), ...(second ?? [])]) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("neutralises full-width and hidden formula starts in an exported order", async () => {
    const tok = marker();
    await makeOrders(
      csvOrders([
        {
          name: `\uFF1DHYPERLINK("http://evil.example","x") ${tok}`,
          phone: "\u200B+254 700 000 000",
          company: "\u2060\uFF20SUM(1)",
          address: " =1",
        },
      ]),
    );
    const [, row] = parse(await ordersCsv(db, parseAdminQuery("orders", { q: tok })));
    expect(row?.[6]).toBe(`'\uFF1DHYPERLINK("http://evil.example","x") ${tok}`);
    expect(row?.slice(8, 12)).toEqual(["'\u200B+254 700 000 000", "'\u2060\uFF20SUM(1)", "", "' =1"]);
  });

  it("exports every page of the current filter, and only it", async () => {
    const tok = marker();
    const paid = await makeOrders(
      csvOrders(
        Array.from({ length: 120 }, (_, i) => ({
          name: `Filter ${tok}`,
          status: i % 4 === 0 ? "pending" : "paid",
          createdAt: `2026-0${i % 2 === 0 ? 3 : 4}-10T${String(i % 24).padStart(2, "0")}:00:${String(i % 60).padStart(2, "0")}.000Z`,
        })),
      ),
    );
    const rows = (input: Record<string, string>) =>
      ordersCsv(db, parseAdminQuery("orders", { q: tok, ...input })).then((csv) => parse(csv).slice(1));

    const all = await rows({ after: "2026-03-10T05:00:05.000Z~x" }); // a position is for pages, not exports
    expect(all).toHaveLength(120);
    expect(new Set(all.map((r) => r[2]))).toEqual(new Set(paid));
    const dates = all.map((r) => r[0] ?? "");
    expect(dates).toEqual([...dates].sort().reverse());

    expect(await rows({ status: "pending" })).toHaveLength(30);
    expect((await rows({ status: "pending" })).every((r) => r[4] === "pending")).toBe(true);
    expect(await rows({ from: "2026-04-01" })).toHaveLength(60);
    expect(await rows({ status: "paid", to: "2026-03-31" })).toHaveLength(30);
    expect(await rows({ status: "expired" })).toEqual([]);
  });

  it("holds every order, read in batches that meet exactly, ties included", async () => {
    const tok = marker();
    // Eleven orders, four of them at one time: batches of 3 split that run of ties.
    const made = await makeOrders(
      csvOrders(
        Array.from({ length: 11 }, (_, i) => ({
          name: `Batch ${tok}`,
          createdAt: i < 4 ? "2026-05-01T08:00:00.000Z" : `2026-05-0${Math.min(9, i)}T09:00:00.000Z`,
        })),
      ),
    );
    const batched = parse(await ordersCsv(db, parseAdminQuery("orders", { q: tok }), 3));
    const whole = parse(await ordersCsv(db, parseAdminQuery("orders", { q: tok })));
    expect(batched).toHaveLength(1 + 11);
    expect(new Set(batched.slice(1).map((r) => r[2]))).toEqual(new Set(made));
    expect(batched).toEqual(whole);
  });

  it("streams: no Content-Length, the header first, every row after", async () => {
    const tok = marker();
    await makeOrders(csvOrders(Array.from({ length: 3 }, () => ({ name: `Stream ${tok}` }))));
    const res = await exports.default.fetch(`http://example.com/admin/orders.csv?q=${tok}`, {
      headers: ownerHeaders(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Length")).toBeNull();
    expect(parse(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer()))).toHaveLength(1 + 3);
    // The file's first request in this runtime loads the whole back office: more than 5 s on a busy machine.
  }, 30_000);

  it("exports the e-mails too: what was sent to whom, neutralised, never the body", async () => {
    const tok = marker();
    const id = await makeMail({ status: "sent", recipient: `${tok}@example.com`, subject: `=HYPERLINK("x") ${tok}` });
    const [header, row] = parse(await outboxCsv(db, parseAdminQuery("outbox", { q: tok })));
    expect(header?.slice(0, 5)).toEqual(["Created (UTC)", "Id", "Kind", "Recipient", "Subject"]);
    expect(row?.[1]).toBe(String(id));
    expect(row?.[3]).toBe(`${tok}@example.com`);
    expect(row?.[4]).toBe(`'=HYPERLINK("x") ${tok}`);
    const res = await exports.default.fetch(`http://example.com/admin/outbox.csv?q=${tok}`, {
      headers: ownerHeaders(),
    });
    expect(res.headers.get("Content-Disposition")).toMatch(/filename="acacia-emails-\d{4}-\d{2}-\d{2}\.csv"/);
  });
});

describe("the messages CSV", () => {
  it("exports the filter's messages with the answered columns, quoted and neutralised", async () => {
    const tok = marker();
    const insert = async (name: string, message: string, phone: string | null, createdAt: string) => ({
      id: await makeMessage({
        name,
        email: "sender@example.com",
        phone,
        message,
        created_at: createdAt,
        answered_at: name.startsWith("ليلى") ? "2026-05-03T00:00:00.000Z" : null,
        answered_by: name.startsWith("ليلى") ? "owner@example.com" : null,
      }),
    });
    const a = await insert(`ليلى ${tok}`, 'Hello,\r\nwe need "help"', "+254 711 000 000", "2026-05-02T00:00:00.000Z");
    const b = await insert(`Mũthoni ${tok}`, "=cmd|' /C calc'!A0", null, "2026-05-01T00:00:00.000Z");

    const [header, ...rows] = parse(await messagesCsv(db, parseAdminQuery("messages", { q: tok })));
    expect(header).toEqual([
      "Received (UTC)",
      "Id",
      "Name",
      "E-mail",
      "Phone",
      "Company",
      "Message",
      "Answered (UTC)",
      "Answered by",
    ]);
    expect(rows).toEqual([
      [
        "2026-05-02T00:00:00.000Z",
        String(a?.id),
        `ليلى ${tok}`,
        "sender@example.com",
        "'+254 711 000 000",
        "",
        'Hello,\r\nwe need "help"',
        "2026-05-03T00:00:00.000Z",
        "owner@example.com",
      ],
      [
        "2026-05-01T00:00:00.000Z",
        String(b?.id),
        `Mũthoni ${tok}`,
        "sender@example.com",
        "",
        "",
        "'=cmd|' /C calc'!A0",
        "",
        "",
      ],
    ]);
    const unanswered = parse(await messagesCsv(db, parseAdminQuery("messages", { q: tok, status: "unanswered" })));
    expect(unanswered.slice(1).map((r) => r[1])).toEqual([String(b?.id)]);
  });

  it("holds every message past the old 10,000-row cap, newest first", async () => {
    const tok = marker();
    const many = 10_003;
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO contact_messages (name, email, message, created_at)
         SELECT 'Many ' || ?2, 'many' || i || '@example.com', 'Message ' || i,
           strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' seconds')
         FROM n`,
      )
      .bind(many, tok)
      .run();
    const records = parse(await messagesCsv(db, parseAdminQuery("messages", { q: `Many ${tok}` })));
    expect(records).toHaveLength(1 + many);
    expect(records[1]?.[3]).toBe(`many${many}@example.com`);
    expect(records.at(-1)?.[3]).toBe("many1@example.com");
  });

  it("names its file by section and day", () => {
    expect(csvFilename("orders", new Date("2026-11-23T17:00:00Z"))).toBe("acacia-orders-2026-11-23.csv");
    expect(csvFilename("messages", new Date("2026-01-02T00:00:00Z"))).toBe("acacia-messages-2026-01-02.csv");
    expect(csvFilename("outbox", new Date("2026-01-02T00:00:00Z"))).toBe("acacia-emails-2026-01-02.csv");
  });
});
