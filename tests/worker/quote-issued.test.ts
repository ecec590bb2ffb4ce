import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { quoteApiMessages } from "../../src/quotes/quote-api-copy.ts";
import { WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { htmlToText } from "./support/html.ts";
import { SITE } from "./support/orders.ts";
import { cartItem, testClientIp } from "./support/payment.ts";
import { pdfPages, postQuote, postQuoteForm, quoteCustomer, storedQuote } from "./support/quotes.ts";

vi.setConfig({ testTimeout: 30_000 });

const YEAR = new Date().getUTCFullYear();

async function makeQuote(name = "Amina Otieno") {
  const res = await postQuote({ services: [cartItem("e1"), cartItem("m3")], customer: quoteCustomer({ name }) });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { quote: await storedQuote(res), bytes, number: res.headers.get("X-Quote-Number") ?? "" };
}

const view = (path: string) =>
  exports.default.fetch(`${SITE}${path}`, { headers: { "CF-Connecting-IP": testClientIp() } });

describe("an issued quote is a document, drawn once", () => {
  it("the download, the page's PDF link and every later download are the same bytes, kept in R2", async () => {
    const { quote, bytes } = await makeQuote();
    const stored = await env.DOCUMENTS.get(`quotes/${quote.number}.pdf`);
    expect(new Uint8Array(await (stored as R2ObjectBody).arrayBuffer())).toEqual(bytes);
    for (let i = 0; i < 2; i++) {
      const again = await view(`/quote/${quote.number}/pdf?k=${quote.access_key}`);
      expect(again.status).toBe(200);
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    }
  });

  it("a later change to the stored row (a price, a name) never alters the document already issued", async () => {
    const { quote, bytes } = await makeQuote();
    await env.DB.batch([
      env.DB.prepare("UPDATE quotes SET customer_name = 'Someone Else', due_cents = 1 WHERE number = ?").bind(
        quote.number,
      ),
      env.DB.prepare("UPDATE quote_lines SET unit_amount_cents = 1 WHERE number = ?").bind(quote.number),
    ]);
    const again = await view(`/quote/${quote.number}/pdf?k=${quote.access_key}`);
    const text = (await pdfPages(await again.arrayBuffer())).join("\n");
    expect(text).toContain("Amina Otieno");
    expect(text).not.toContain("Someone Else");
    expect(text).toBe((await pdfPages(bytes)).join("\n"));
  });

  it("a quote issued before documents were kept is drawn once from its row, then kept", async () => {
    const { quote } = await makeQuote();
    await env.DOCUMENTS.delete(`quotes/${quote.number}.pdf`);
    const first = await view(`/quote/${quote.number}/pdf?k=${quote.access_key}`);
    expect(first.status).toBe(200);
    const drawn = new Uint8Array(await first.arrayBuffer());
    expect(await env.DOCUMENTS.head(`quotes/${quote.number}.pdf`)).not.toBeNull();
    const second = await view(`/quote/${quote.number}/pdf?k=${quote.access_key}`);
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(drawn);
  });
});

describe("quote numbers of any length", () => {
  for (const last of [99_998, 99_999, 999_999]) {
    const number = `Q-${YEAR}-${last + 1}`;
    it(`${number}: its page, its PDF, the links in its e-mail and the back office's search all work`, async () => {
      await env.DB.prepare(
        "INSERT INTO quote_counters (year, last_number) VALUES (?1, ?2) ON CONFLICT (year) DO UPDATE SET last_number = ?2",
      )
        .bind(YEAR, last)
        .run();
      const { quote } = await makeQuote();
      expect(quote.number).toBe(number);

      const page = await view(`/quote/${number}?k=${quote.access_key}`);
      expect(page.status).toBe(200);
      expect(htmlToText(await page.text())).toContain(number);
      const pdf = await view(`/quote/${number}/pdf?k=${quote.access_key}`);
      expect(pdf.status).toBe(200);
      expect((await pdfPages(await pdf.arrayBuffer())).join("\n")).toContain(`Number ${number}`);

      const mail = await env.DB.prepare("SELECT payload FROM outbox WHERE kind = 'quote' AND instr(payload, ?) > 0")
        .bind(number)
        .first<{ payload: string }>();
      const link = new URL(JSON.parse(mail?.payload ?? "{}").quoteUrl);
      expect((await view(`${link.pathname}${link.search}`)).status).toBe(200);

      const search = await exports.default.fetch(`${SITE}/admin/quotes?q=${number}`, {
        headers: {
          Authorization: `Basic ${btoa(`admin:${WORKER_ADMIN_PASSWORD}`)}`,
          "CF-Connecting-IP": testClientIp(),
        },
      });
      expect(search.status).toBe(200);
      expect(htmlToText(await search.text())).toContain(number);
    });
  }

  it("a number of thirteen digits or a wrong key: the same 404 as any unknown quote", async () => {
    const { quote } = await makeQuote();
    expect((await view(`/quote/Q-${YEAR}-1234567890123?k=${quote.access_key}`)).status).toBe(404);
    expect((await view(`/quote/${quote.number}/pdf?k=${quote.access_key}x`)).status).toBe(404);
  });
});

describe("the plain quote form refuses bytes that are not UTF-8", () => {
  it("a name sent as Latin-1 bytes: 400 with a sentence, no quote stored", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM quotes").first<{ n: number }>();
    const res = await exports.default.fetch(`${SITE}/quote`, {
      method: "POST",
      body: "services=e1&name=Jos%E9+Mar%EDa&email=jose%40example.com",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: SITE,
        "Sec-Fetch-Site": "same-origin",
        "CF-Connecting-IP": testClientIp(),
      },
    });
    expect(res.status).toBe(400);
    expect(htmlToText(await res.text())).toContain(quoteApiMessages.notText);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM quotes").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
    // The same name in UTF-8 is a quote like any other.
    const ok = await postQuoteForm([
      ["services", "e1"],
      ["name", "José María"],
      ["email", "jose@example.com"],
    ]);
    expect(ok.status).toBe(200);
  });
});
