import { createMessageBatch } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { catalogue } from "../../src/catalogue/catalogue.ts";
import { paymentTerms } from "../../src/catalogue/pricing-extras-copy.ts";
import { formatMoney } from "../../src/lib/money.ts";
import { deliverMail } from "../../src/mail/deliver.ts";
import type { MailJob } from "../../src/mail/enqueue.ts";
import { MAIL_QUEUE_NAME } from "../../src/mail/mail-queues.ts";
import type { OutboxRow } from "../../src/mail/outbox.ts";
import type { Mailer, OutgoingMail } from "../../src/providers/email.ts";
import { company } from "../../src/site/company-copy.ts";
import { TEST_OWNER_EMAIL } from "../support/secrets.ts";
import { nearlyTheKey } from "./support/keys.ts";
import { cartItem } from "./support/payment.ts";
import { SAMPLE_DETAILS, setPaymentDetails } from "./support/payment-details.ts";
import { pdfPages, postQuote, quoteCustomer, storedQuote } from "./support/quotes.ts";

// Quotes are issued with the owner's bank account and paybill set (payment-details.test.ts tries them unset).
beforeAll(() => setPaymentDetails());

// Every quote's two e-mails draw its PDF again in the queue's consumer, alongside the requests.
vi.setConfig({ testTimeout: 30_000 });

const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Nairobi",
  });

/** Makes a quote and reads its PDF back as a reader would: the text of each page. */
async function quoteFor(ids: string[], customer = quoteCustomer(), quantities: Record<string, number> = {}) {
  const res = await postQuote(
    { services: ids.map((id) => cartItem(id, { quantity: quantities[id] ?? 1 })), customer },
    {},
  );
  expect(res.status).toBe(200);
  const pages = await pdfPages(await res.clone().arrayBuffer());
  return { quote: await storedQuote(res), pages, text: pages.join("\n") };
}

/** The text with its line breaks as spaces: a phrase the PDF wraps still reads whole. */
const flat = (text: string) => text.replace(/\s+/g, " ");

const TERMS = ["Project deposit", "Late payments", "Monthly billing"].map(
  (title) => paymentTerms.find((term) => term.title === title)?.text ?? "missing",
);

describe("the quote PDF, read back", () => {
  it("a payment-only cart: letterhead, number, dates, client, every line, total, terms and ways to pay", async () => {
    const customer = quoteCustomer({ name: "Amina Otieno", company: "Otieno Logistics" });
    const { quote, pages, text } = await quoteFor(["e1", "m3", "s2"], customer, { e1: 3 });
    expect(pages).toHaveLength(1);
    for (const expected of [
      company.name,
      company.legalName,
      ...company.address.lines,
      `${company.address.city} ${company.address.postalCode}, ${company.address.country}`,
      company.phone.display,
      company.emails.general.display,
      "Registration No. PVT-EY13PPMZ",
      "QUOTE",
      `Number ${quote.number}`,
      `Date ${day(quote.created_at)}`,
      `Valid until ${day(quote.valid_until)}`,
      "PREPARED FOR",
      "Amina Otieno",
      "Otieno Logistics",
      customer.email,
      "Service Qty Unit price Line total",
      `Due on acceptance ${formatMoney(quote.due_cents)}`,
      "Payment terms",
      "How to pay",
      "This quote is free and places you under no obligation.",
      `${quote.number} · Page 1 of 1`,
    ]) {
      expect(text).toContain(expected);
    }
    for (const line of quote.lines) {
      const entry = catalogue.get(line.item_id);
      expect(text).toContain(
        `${entry?.name}\n${entry?.category}\n${line.quantity} ${formatMoney(line.unit_amount_cents)} ${formatMoney(line.unit_amount_cents * line.quantity)}`,
      );
    }
    for (const term of TERMS) expect(flat(text)).toContain(term);
    expect(flat(text)).toContain(`/quote/${quote.number}?k=${quote.access_key}`);
    expect(flat(text)).toContain(`Reference: ${quote.number}`);
    expect(flat(text)).toContain("M-Pesa");
    expect(flat(text)).toContain(`SWIFT ${SAMPLE_DETAILS.swift}`);
    expect(text).not.toContain("Monthly thereafter");
    expect(text).not.toContain("per month");
  });

  it("a cart with a monthly plan: its line marked per month, and what recurs totalled apart", async () => {
    const { quote, text } = await quoteFor(["pricing-business", "m3"]);
    const business = catalogue.get("pricing-business");
    const m3 = catalogue.get("m3");
    const price = formatMoney(business?.unitAmount ?? 0);
    expect(text).toContain(`Business\nMonthly Subscription\n1 ${price} ${price}\nper month per month`);
    expect(quote.due_cents).toBe((business?.unitAmount ?? 0) + (m3?.unitAmount ?? 0));
    expect(text).toContain(`Due on acceptance ${formatMoney(quote.due_cents)}`);
    expect(text).toContain(`Monthly thereafter ${price} per month`);
  });

  it("40 lines run over several pages, each numbered, with the table's header repeated", async () => {
    const ids = [...catalogue.values()].filter((e) => !e.recurring).map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(40);
    const { quote, pages, text } = await quoteFor(ids.slice(0, 40));
    expect(quote.lines).toHaveLength(40);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`${quote.number} · Page ${i + 1} of ${pages.length}`);
      if (page.includes("Line total")) expect(page).toContain("Service Qty Unit price Line total");
    });
    expect(pages.filter((page) => page.includes("Service Qty Unit price Line total")).length).toBeGreaterThanOrEqual(2);
    for (const line of quote.lines) expect(text).toContain(`${line.name}\n${line.category}\n1 `);
    expect(pages.at(-1)).toContain(`Due on acceptance ${formatMoney(quote.due_cents)}`);
    expect(pages.at(-1)).toContain("This quote is free and places you under no obligation.");
  });
});

describe("any name gets a readable PDF", () => {
  const FALLBACK = "The name as written is shown on this quote's page:";

  it.each([
    ["Zoë Ńjoroge-Wanjikũ 🚀", "Zoë Ńjoroge-Wanjikũ"],
    ["Nguyễn Thị Hương", "Nguyễn Thị Hương"],
    ["Γιώργος Παπαδόπουλος", "Γιώργος Παπαδόπουλος"],
    ["Дмитрий Иванов", "Дмитрий Иванов"],
    ["Łukasz Żółć", "Łukasz Żółć"],
    // Bidirectional overrides are dropped: the PDF shows the letters in the order they were typed.
    ["Amina \u202Egnp.exe", "Amina gnp.exe"],
    // Zero-width and other format characters are drawn as nothing, never as spaces.
    ["A\u200Bm\u200Ci\u200Dn\u2060a O\u00ADtieno\uFEFF", "Amina Otieno"],
    ['<script>alert("x")</script>', '<script>alert("x")</script>'],
  ])("%s is drawn as %s", async (name, drawn) => {
    const { text } = await quoteFor(["e1"], quoteCustomer({ name }));
    expect(text).toContain(`PREPARED FOR\n${drawn}\n`);
    expect(text).not.toContain(FALLBACK);
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u{1F680}]/u);
  });

  it.each([
    ["Arabic", "محمد عبد الله", undefined],
    ["Chinese", "王小明", "北京科技有限公司"],
    ["Chinese with a Latin part", "José 王", undefined],
    // Two scripts beyond Latin at most: a name cannot make every quote embed every font.
    ["four scripts", "Łukasz Nguyễn Γιώργος Дмитрий", undefined],
  ])(
    "a name in %s: what can be drawn, the e-mail, and where the name reads as written",
    async (_script, name, companyName) => {
      const customer = quoteCustomer({ name, ...(companyName ? { company: companyName } : {}) });
      const { quote, text } = await quoteFor(["e1"], customer);
      expect(quote.customer_name).toBe(name);
      expect(text).toContain(FALLBACK);
      expect(flat(text)).toContain(`/quote/${quote.number}?k=${quote.access_key}`);
      expect(text).toContain(customer.email);
      expect(text).not.toContain("?\n");
      if (name.startsWith("José")) expect(text).toContain("PREPARED FOR\nJosé\n");
      else if (name.startsWith("Łukasz")) expect(text).toContain("PREPARED FOR\nŁukasz Nguyễn\n");
      else expect(text).toContain(`PREPARED FOR\n${customer.email}\n`);
    },
  );
});

describe("the quote's PDF from its link", () => {
  it("answers the same document for the right key, and the 404 page for any other", async () => {
    const { quote, text } = await quoteFor(["e1"]);
    const url = `http://example.com/quote/${quote.number}/pdf`;
    const res = await exports.default.fetch(`${url}?k=${quote.access_key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="${quote.number}.pdf"`);
    expect((await pdfPages(await res.arrayBuffer())).join("\n")).toBe(text);
    const wrong = await Promise.all(
      [
        `${url}?k=${nearlyTheKey(quote.access_key)}`,
        url,
        `${url}?k=`,
        "http://example.com/quote/Q-1999-99999/pdf?k=x",
      ].map((u) => exports.default.fetch(u)),
    );
    expect(wrong.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    const bodies = await Promise.all(wrong.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
  });
});

/** The outbox rows of a kind whose recipient is, or whose subject contains, the value. */
async function outboxRows(kind: string, column: "recipient" | "subject", value: string): Promise<OutboxRow[]> {
  const match = column === "recipient" ? "recipient = ?2" : "instr(subject, ?2) > 0";
  const { results } = await env.DB.prepare(`SELECT * FROM outbox WHERE kind = ?1 AND ${match} ORDER BY id`)
    .bind(kind, value)
    .all<OutboxRow>();
  return results;
}

describe("the quote's e-mails", () => {
  it("the owner gets the issued PDF attached; the buyer a fixed-text e-mail with the quote's link", async () => {
    const customer = quoteCustomer({ name: "Amina Otieno" });
    const res = await postQuote({ services: ["e1", "pricing-business"].map((id) => cartItem(id)), customer });
    expect(res.status).toBe(200);
    const downloaded = new Uint8Array(await res.arrayBuffer());
    const quote = await storedQuote(res);
    const [buyer] = await outboxRows("quote", "recipient", customer.email);
    const [owner] = await outboxRows("owner-quote", "subject", quote.number);
    expect(buyer?.subject).toBe(`Your quote ${quote.number} from ${company.name}`);
    expect(owner?.recipient).toBe(TEST_OWNER_EMAIL);
    expect(owner?.subject).toBe(`New quote ${quote.number}: Amina Otieno`);

    // Sent again through the consumer with a recording mailer: what Email Service would receive.
    const ids = [buyer?.id, owner?.id] as number[];
    await env.DB.prepare(`UPDATE outbox SET status = 'queued' WHERE id IN (?, ?)`)
      .bind(...ids)
      .run();
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { send: async (mail) => void sent.push(mail) };
    const batch = createMessageBatch<MailJob>(
      MAIL_QUEUE_NAME,
      ids.map((outboxId, i) => ({
        id: `quote-${i}-${outboxId}`,
        timestamp: new Date(),
        attempts: 1,
        body: { outboxId },
      })),
    );
    await deliverMail(batch, env, mailer);
    expect(sent.map((mail) => mail.to)).toEqual([customer.email, TEST_OWNER_EMAIL]);
    const [toBuyer, toOwner] = sent;
    expect(toBuyer?.attachments).toBeUndefined();
    expect(toBuyer?.text).toContain(`/quote/${quote.number}?k=${quote.access_key}`);
    expect(toBuyer?.text).toContain(
      `Your quote ${quote.number} is ready. Its prices hold until ${day(quote.valid_until)}.`,
    );
    for (const typed of [customer.name, "Amina", customer.company]) {
      expect(`${toBuyer?.subject}${toBuyer?.text}${toBuyer?.html}`).not.toContain(typed);
    }
    expect(toOwner?.replyTo).toBe(customer.email);
    expect(toOwner?.text).toContain("Due on acceptance");
    expect(toOwner?.text).toContain("Then $375.00 per month");
    const file = toOwner?.attachments?.[0];
    expect(toOwner?.attachments).toHaveLength(1);
    expect(file?.filename).toBe(`${quote.number}.pdf`);
    expect(file?.type).toBe("application/pdf");
    // The very bytes the buyer downloaded: the issued document, not a new drawing.
    expect(file?.content).toEqual(downloaded);
  });

  it("one mailbox gets at most 3 quotes an hour, and the answer never says which were e-mailed", async () => {
    const email = quoteCustomer().email;
    const numbers: string[] = [];
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await postQuote({ services: [cartItem("e1")], customer: quoteCustomer({ email }) });
      expect(res.status).toBe(200);
      expect(res.headers.has("X-Quote-Emailed")).toBe(false);
      answers.add([...res.headers.keys()].sort().join(","));
      numbers.push((await storedQuote(res)).number);
    }
    expect(answers.size).toBe(1);
    expect(await outboxRows("quote", "recipient", email)).toHaveLength(3);
    for (const number of numbers) expect(await outboxRows("owner-quote", "subject", number)).toHaveLength(1);
  });
});
