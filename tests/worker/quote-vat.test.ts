import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app.ts";
import { catalogue } from "../../src/catalogue/catalogue.ts";
import type { CartItem } from "../../src/checkout/cart-item-schema.ts";
import type { QuoteLineRow } from "../../src/db/document-tables.ts";
import { quotePagePath, quotePdfPath } from "../../src/paths.ts";
import { quotePdf } from "../../src/quotes/quote-document.ts";
import type { Quote } from "../../src/quotes/quote-numbers.ts";
import { quoteVat } from "../../src/quotes/quote-vat.ts";
import { sellerTaxIdentity } from "../../src/tax/seller.ts";
import { type VatSplit, vatStatus } from "../../src/tax/vat.ts";
import { envWith } from "./support/env.ts";
import { makeQuote } from "./support/factories.ts";
import { parseDocument, queryAll, textOf } from "./support/html.ts";
import { SITE } from "./support/orders.ts";
import { cartItem, testClientIp } from "./support/payment.ts";
import { pdfPages, postQuote, quoteCustomer, storedQuote } from "./support/quotes.ts";

// A quote drawn in a test is a PDF with its fonts: seconds, not milliseconds.
vi.setConfig({ testTimeout: 30_000 });

const NOTE = "prices include 16% VAT";
const SELLER_PIN = "P051234567X";
const BUYER_PIN = "A012345678Z";
const NOT_REGISTERED = { VAT_REGISTERED: "false" };
const NO_PAYMENT_DETAILS = { bank: null, paybill: null, till: null, whatsapp: null };

/**
 * Software Installation ×3 ($225) and Custom Automation Script ($500), two totals no net rounds up
 * to exactly (the split's second rule), and the Business plan ($375 a month), one that does.
 */
const UNEVEN_CART = (): CartItem[] => [
  cartItem("pricing-software-installation", { quantity: 3 }),
  cartItem("pricing-custom-automation-script"),
  cartItem("pricing-business"),
];

/** Each line's split as the page and PDF print it, worked out by hand from 16% of the net. */
const LINE_SPLITS = ["Net $193.97 · VAT 16% $31.03", "Net $431.03 · VAT 16% $68.97", "Net $323.28 · VAT 16% $51.72"];

/** "$1,100.00" → 110000. */
const cents = (money: string): number => Math.round(Number(money.replace(/[$,]/g, "")) * 100);

/** Opens a quote's page on a worker with these bindings replaced. */
async function openQuote(quote: Quote, overrides: Record<string, unknown> = {}) {
  const req = new Request(`${SITE}${quotePagePath(quote.number, quote.access_key)}`, {
    headers: { "CF-Connecting-IP": testClientIp() },
  });
  const res = await createApp().fetch(req, envWith(overrides));
  expect(res.status).toBe(200);
  const document = parseDocument(await res.text());
  const article = document.querySelector("article[data-quote]");
  return { text: textOf(article), query: (selector: string) => document.querySelector(selector), document };
}

async function setBuyerPin(quote: Quote, pin: string): Promise<Quote> {
  await env.DB.prepare("UPDATE quotes SET customer_kra_pin = ? WHERE number = ?").bind(pin, quote.number).run();
  return { ...quote, customer_kra_pin: pin };
}

describe("the quote page's VAT", () => {
  it("each line's net and VAT under its total, and the document's the sums of the lines'", async () => {
    const quote = await makeQuote(UNEVEN_CART());
    const page = await openQuote(quote);
    const lines = queryAll(page.document, "[data-line-vat]").map((el) => textOf(el));
    expect(lines).toEqual(LINE_SPLITS);

    const total = (key: string) => textOf(page.query(`[data-total="${key}"] dd`));
    expect([total("net"), total("vat"), total("due")]).toEqual(["$948.28", "$151.72", "$1,100.00"]);
    const pairs = lines.map((line) => (line.match(/\$[\d,.]+/g) ?? []).map(cents));
    expect(cents(total("net"))).toBe(pairs.reduce((sum, [net = 0]) => sum + net, 0));
    expect(cents(total("vat"))).toBe(pairs.reduce((sum, [, vat = 0]) => sum + vat, 0));
    expect(cents(total("net")) + cents(total("vat"))).toBe(quote.due_cents);

    expect(page.text.split(NOTE)).toHaveLength(2);
    expect(page.text).toContain("All prices include 16% VAT.");
  });

  it("not VAT-registered: today's layout, with no VAT anywhere", async () => {
    const quote = await makeQuote(UNEVEN_CART());
    const page = await openQuote(quote, NOT_REGISTERED);
    expect(page.text).not.toContain("VAT");
    expect(page.text).not.toContain("Net ");
    expect(page.query("[data-line-vat]")).toBeNull();
    expect(page.query('[data-total="net"]')).toBeNull();
    expect(textOf(page.query('[data-total="due"]'))).toBe("Due on acceptance $1,100.00");
  });

  it("our KRA PIN beside the registration number, only once ETIMS_TIN is set", async () => {
    const quote = await makeQuote();
    const without = await openQuote(quote);
    expect(without.query("[data-seller-tax]")).toBeNull();
    expect(without.text).not.toContain("KRA PIN");

    const withPin = await openQuote(quote, { ETIMS_TIN: SELLER_PIN });
    expect(textOf(withPin.query("[data-seller-tax]"))).toBe(`Registration No. PVT-EY13PPMZ · KRA PIN ${SELLER_PIN}`);
    expect(withPin.text.split(SELLER_PIN)).toHaveLength(2);
  });

  it("the buyer's KRA PIN under the buyer, when the quote has one", async () => {
    const plain = await makeQuote();
    expect((await openQuote(plain)).query("[data-customer-kra-pin]")).toBeNull();

    const quote = await setBuyerPin(await makeQuote(), BUYER_PIN);
    const page = await openQuote(quote);
    expect(textOf(page.query("[data-quote-client] [data-customer-kra-pin]"))).toBe(`KRA PIN ${BUYER_PIN}`);
  });
});

describe("the quote PDF's VAT", () => {
  it("each line's net and VAT, the document's net, VAT and total, and the note once", async () => {
    const res = await postQuote({ services: UNEVEN_CART(), customer: quoteCustomer() });
    expect(res.status).toBe(200);
    const quote = await storedQuote(res);
    const text = (await pdfPages(await res.arrayBuffer())).join("\n");
    for (const line of LINE_SPLITS) expect(text).toContain(line);
    expect(text).toContain("Net $948.28\nVAT 16% $151.72\nDue on acceptance $1,100.00");
    expect(quote.due_cents).toBe(110_000);
    expect(text.split(NOTE)).toHaveLength(2);
    // ETIMS_TIN is not set in the tests: no PIN is printed, not even an empty one.
    expect(text).not.toContain("KRA PIN");
  });

  it("not VAT-registered, with both PINs: no VAT anywhere, our PIN in the letterhead, the buyer's under the buyer", async () => {
    const quote = await setBuyerPin(await makeQuote(UNEVEN_CART()), BUYER_PIN);
    const seller = sellerTaxIdentity(envWith({ ...NOT_REGISTERED, ETIMS_TIN: SELLER_PIN }));
    const text = (await pdfPages(await quotePdf(quote, SITE, seller, NO_PAYMENT_DETAILS))).join("\n");
    expect(text).not.toContain("VAT");
    expect(text).not.toContain("Net ");
    expect(text).toContain(`Registration No. PVT-EY13PPMZ · KRA PIN ${SELLER_PIN}`);
    expect(text).toContain(`${quote.customer_email}\nKRA PIN ${BUYER_PIN}\n`);
    expect(text).toContain("Due on acceptance $1,100.00");
  });

  it("an issued PDF stays as issued: a PIN configured later is not drawn into it", async () => {
    const res = await postQuote({ services: UNEVEN_CART(), customer: quoteCustomer() });
    const issued = new Uint8Array(await res.arrayBuffer());
    const quote = await storedQuote(res);
    const req = new Request(`${SITE}${quotePdfPath(quote.number, quote.access_key)}`, {
      headers: { "CF-Connecting-IP": testClientIp() },
    });
    const again = await createApp().fetch(req, envWith({ ETIMS_TIN: SELLER_PIN }));
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(issued);
  });
});

describe("the lines' splits add up", () => {
  it("for every catalogue item at 1 to 5: net + VAT = the line's total, and the document's sums match", () => {
    const status = vatStatus(env);
    expect(status.registered).toBe(true);
    const lines = [...catalogue.values()].flatMap((entry) =>
      [1, 2, 3, 4, 5].map((quantity) => ({ unit_amount_cents: entry.unitAmount, quantity }) as QuoteLineRow),
    );
    const vat = quoteVat(lines, status);
    if (!vat) throw new Error("no VAT for a VAT-registered seller");
    vat.lines.forEach((split, i) => {
      const line = lines[i] as QuoteLineRow;
      expect(split.netCents + split.vatCents).toBe(line.unit_amount_cents * line.quantity);
      // Within a cent of 16% of the net, whichever rule split it.
      expect(Math.abs(split.vatCents - split.netCents * 0.16)).toBeLessThan(1);
    });
    const { lines: splits } = vat;
    const sum = (pick: (s: VatSplit) => number) => splits.reduce((t, s) => t + pick(s), 0);
    expect(vat.document).toEqual({
      netCents: sum((s) => s.netCents),
      vatCents: sum((s) => s.vatCents),
      totalCents: sum((s) => s.totalCents),
    });
    expect(quoteVat(lines, vatStatus(envWith(NOT_REGISTERED)))).toBeNull();
  });
});
