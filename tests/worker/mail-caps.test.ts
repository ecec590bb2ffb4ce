import { createScheduledController } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../src/index.ts";
import { mailKinds } from "../../src/mail/mail-kinds.ts";
import { mailboxKey } from "../../src/mail/mailbox.ts";
import type { OutboxRow } from "../../src/mail/outbox.ts";
import { type Budget, mailboxBudgets, spendBudget } from "../../src/security/budget.ts";
import { company } from "../../src/site/company-copy.ts";
import { SITE, sitePost } from "./support/orders.ts";
import { cartItem } from "./support/payment.ts";
import { postQuote, quoteCustomer } from "./support/quotes.ts";

// Many quotes at once, each drawing its PDF.
vi.setConfig({ testTimeout: 60_000 });

const letters = () =>
  crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8) || "abc";

async function outbox(kind: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM outbox WHERE kind = ? ORDER BY id")
    .bind(kind)
    .all<OutboxRow>();
  return results;
}

const toMailbox = (rows: OutboxRow[], address: string) =>
  rows.filter((row) => mailboxKey(row.recipient) === mailboxKey(address));

function contact(email: string, overrides: Record<string, string> = {}) {
  const body = {
    name: "Amina Otieno",
    email,
    company: "Savannah Logistics",
    phone: "+254 711 222 333",
    message: "We need help moving our dispatch system to the cloud.",
    website: "",
    ...overrides,
  };
  return exports.default.fetch(`${SITE}/api/contact`, sitePost(JSON.stringify(body), "application/json"));
}

describe("the mailbox an address delivers to", () => {
  it.each([
    ["  Victim@Example.COM ", "victim@example.com"],
    ["victim+quotes@example.com", "victim@example.com"],
    ["vic.tim@example.com", "vic.tim@example.com"],
    ["Vic.Tim+1@gmail.com", "victim@gmail.com"],
    ["v.i.c.t.i.m@googlemail.com", "victim@gmail.com"],
    ["+tag@example.com", "+tag@example.com"],
  ])("%s counts as %s", (address, mailbox) => {
    expect(mailboxKey(address)).toBe(mailboxKey(mailbox));
    expect(mailboxKey(address)).toBe(mailbox);
  });
});

describe("a budget is decided and recorded in one statement", () => {
  const budget = (): Budget => ({ scope: `t:${crypto.randomUUID().slice(0, 8)}`, perHour: 3, perDay: 5 });

  it("25 takes at the same moment: exactly the hour's 3 succeed", async () => {
    const b = budget();
    const taken = await Promise.all(Array.from({ length: 25 }, () => spendBudget(env.DB, b, "someone")));
    expect(taken.filter(Boolean)).toHaveLength(3);
  });

  it("a new hour starts again, within the day's budget; a new day starts both again", async () => {
    const b = budget();
    const at = (iso: string) => new Date(iso);
    const take = (iso: string) => spendBudget(env.DB, b, "someone", at(iso));
    expect([await take("2026-11-25T10:00:00Z"), await take("2026-11-25T10:10:00Z")]).toEqual([true, true]);
    expect([await take("2026-11-25T10:20:00Z"), await take("2026-11-25T10:59:59Z")]).toEqual([true, false]);
    // Refusals were not counted: the day has 2 of its 5 left.
    const nextHour = [];
    for (let i = 0; i < 4; i++) nextHour.push(await take("2026-11-25T11:05:00Z"));
    expect(nextHour).toEqual([true, true, false, false]);
    expect(await take("2026-11-25T12:00:00Z")).toBe(false);
    expect(await take("2026-11-26T00:00:01Z")).toBe(true);
  });

  it("the cron's sweep forgets the days gone by", async () => {
    const b = budget();
    await spendBudget(env.DB, b, "someone", new Date("2020-11-20T10:00:00Z"));
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM budgets WHERE scope = ?")
      .bind(b.scope)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

describe("per-mailbox caps hold under concurrent requests and however the address is written", () => {
  it(`25 quotes at once for one address: at most ${mailboxBudgets.quote.perHour} e-mails to it`, async () => {
    const email = `race-${letters()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => postQuote({ services: [cartItem("e1")], customer: quoteCustomer({ email }) })),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect(toMailbox(await outbox("quote"), email)).toHaveLength(mailboxBudgets.quote.perHour);
    expect(
      (await outbox("owner-quote")).filter((row) =>
        answers.some((r) => row.subject.includes(r.headers.get("X-Quote-Number") ?? "-")),
      ),
    ).toHaveLength(25);
  });

  it("six ways of writing one Gmail mailbox share its cap", async () => {
    const local = letters();
    const variants = [
      `${local}@gmail.com`,
      `${local}+1@gmail.com`,
      `${local.slice(0, 2)}.${local.slice(2)}@gmail.com`,
      `${local.toUpperCase()}@GMAIL.com`,
      `${local}+x@googlemail.com`,
      `${local.slice(0, 1)}.${local.slice(1)}+offer@gmail.com`,
    ];
    for (const email of variants) {
      const res = await postQuote({ services: [cartItem("e1")], customer: quoteCustomer({ email }) });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const sent = toMailbox(await outbox("quote"), `${local}@gmail.com`);
    expect(sent).toHaveLength(mailboxBudgets.quote.perHour);
    // Mail still goes to the address as it was typed.
    expect(sent.map((row) => row.recipient)).toEqual(variants.slice(0, 3));
  });

  it(`10 contact messages at once from one address: ${mailboxBudgets.contactAck.perHour} acknowledgement`, async () => {
    const email = `race-${letters()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => contact(i % 2 ? email : email.toUpperCase())),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(201));
    expect(toMailbox(await outbox("contact-ack"), email)).toHaveLength(mailboxBudgets.contactAck.perHour);
  });
});

/** Text meant to deceive whoever receives it, typed into every field a visitor controls. */
const LURE = "URGENT refund $4,950 pending: confirm at http://evil.example/claim";

describe("e-mail to an address nobody verified carries none of the visitor's text", () => {
  it("the quote, the contact acknowledgement: rendered as sent, no typed word appears", async () => {
    const email = `lure-${letters()}@example.com`;
    const quote = await postQuote({
      services: [cartItem("e1")],
      customer: { name: `Dear friend, ${LURE}`, email, company: `${LURE} Ltd` },
    });
    expect(quote.status).toBe(200);
    await quote.arrayBuffer();
    expect((await contact(email, { name: LURE, company: LURE, message: LURE })).status).toBe(201);

    const toVisitor = [...(await outbox("quote")), ...(await outbox("contact-ack"))].filter(
      (r) => r.recipient === email,
    );
    expect(toVisitor.map((row) => row.kind).sort()).toEqual(["contact-ack", "quote"]);
    for (const row of toVisitor) {
      const kind = row.kind as "quote" | "contact-ack";
      const template = mailKinds[kind];
      // biome-ignore lint/suspicious/noExplicitAny: the payload is this kind's own data
      const mail = template.render(JSON.parse(row.payload) as any, { company });
      const everything = `${row.subject}\n${row.payload}\n${mail.subject}\n${mail.text}\n${mail.html}`;
      for (const word of ["URGENT", "refund", "4,950", "evil.example", "Dear friend"]) {
        expect(everything, `${row.kind} holds "${word}"`).not.toContain(word);
      }
      expect("attachments" in template).toBe(false);
    }
  });
});
