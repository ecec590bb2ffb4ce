import { PDFDocument, PDFPage, type RGB } from "pdf-lib";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReceiptRow } from "../../src/db/document-tables.ts";
import type { OrderItemRow, OrderRow, PaymentRow } from "../../src/db/schema.ts";
import { drawQrCode, QR_QUIET_ZONE, qrModules } from "../../src/documents/qr-code.ts";
import type { DocumentTax, KraSignature } from "../../src/etims/document-tax.ts";
import { saleAmounts } from "../../src/etims/sale-amounts.ts";
import { renderReceiptPdf } from "../../src/receipts/receipt-pdf.ts";
import type { ReceiptFacts } from "../../src/receipts/receipt-queries.ts";
import type { VatStatus } from "../../src/tax/vat.ts";
import { pdfPages } from "./support/quotes.ts";
import { money } from "./support/receipts.ts";

// The first drawing of the file decodes the fonts.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const SITE = "https://acacia-it.example";
const REGISTERED: VatStatus = { registered: true, taxType: "B", ratePercent: 16 };
const NOT_REGISTERED: VatStatus = { registered: false, taxType: "D", ratePercent: 0 };
const kes = (cents: number) => money(cents, "kes");

const line = (item: Partial<OrderItemRow>): OrderItemRow => ({
  order_id: "cs_test_invoice",
  item_id: "s1",
  name: "Network Assessment",
  category: "Networking",
  unit_amount_cents: 6000,
  quantity: 1,
  recurring: 0,
  ...item,
});

/** A $100 card payment for two lines ($60 and $40), receipted on 28 November 2026. */
function facts(payment: Partial<PaymentRow> = {}, lines?: OrderItemRow[], name = "Wanjiru Kamau"): ReceiptFacts {
  const order = {
    order_id: "cs_test_invoice",
    mode: "payment",
    status: "paid",
    customer_name: name,
    customer_email: "wanjiru@example.co.ke",
    customer_company: "Kamau Hardware Ltd",
    currency: "usd",
    total_cents: 10000,
    order_ref: "ORD-7731",
    quote_number: null,
    provider: "stripe",
  } as OrderRow;
  return {
    receipt: { number: "R-2026-00042", created_at: "2026-11-28T11:06:00.000Z" } as ReceiptRow,
    payment: {
      payment_id: "pi_3QxYzAbCdEfGh",
      order_id: order.order_id,
      subscription_id: null,
      status: "paid",
      amount_cents: 10000,
      currency: "usd",
      billing_reason: "checkout",
      created_at: "2026-11-28T11:05:09.000Z",
      provider: "stripe",
      reference: null,
      paid_on: null,
      note: null,
      usd_cents: null,
      ...payment,
    } as PaymentRow,
    order,
    lines: lines ?? [
      line({}),
      line({ item_id: "s2", name: "Managed IT Support", category: "Support", unit_amount_cents: 4000, recurring: 1 }),
    ],
  };
}

const SIGNATURE: KraSignature = {
  traderInvoiceNo: "INV-2026-00017",
  invcNo: 17,
  curRcptNo: 17,
  totRcptNo: 52,
  intrlData: "HHM6SRRPJYJ4HVTZVSXFF7IQLM",
  rcptSign: "RQYSHQWV3ZFRTGFA",
  sdcDateTime: "20261128140509",
  cuSerial: "KRACU0100000001",
  verifyUrl:
    "https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00RQYSHQWV3ZFRTGFA",
};

/** KES 116.00 to the dollar: the $100 payment is KES 11,600.00, KES 10,000.00 and 16% VAT. */
const RATE_X100 = 11600;

/** The tax invoice's facts, or a receipt's (no KRA answer) with `invoice: null`. */
function taxOf(f: ReceiptFacts, overrides: Partial<DocumentTax> = {}, vat = REGISTERED): DocumentTax {
  const invoice = overrides.invoice === undefined ? SIGNATURE : overrides.invoice;
  return {
    seller: { kraPin: "P051234567X", vat },
    buyerPin: "A012345678Z",
    amounts: saleAmounts(f.payment, f.lines, vat, invoice ? RATE_X100 : null),
    invoice,
    usdPaidCents: invoice ? f.payment.amount_cents : null,
    ...overrides,
  };
}

async function textOf(bytes: Uint8Array): Promise<{ pages: string[]; text: string }> {
  const pages = await pdfPages(bytes);
  return { pages, text: pages.join("\n").replace(/\s+/g, " ") };
}

const isBlack = (color: unknown) => {
  const c = color as RGB;
  return c.red === 0 && c.green === 0 && c.blue === 0;
};

/** How many rectangles drawQrCode fills for the code: one per run of dark modules in a row. */
const darkRuns = (modules: boolean[][]) =>
  modules.reduce((sum, row) => sum + row.filter((dark, i) => dark && !row[i - 1]).length, 0);

describe("the tax invoice, once KRA has accepted the sale", () => {
  it("shows both PINs, each line and the document in net, VAT 16% and total, and KRA's answer", async () => {
    const f = facts();
    const { pages, text } = await textOf(await renderReceiptPdf(f, SITE, taxOf(f)));
    expect(pages).toHaveLength(1);
    for (const expected of [
      "TAX INVOICE",
      "Registration No. PVT-EY13PPMZ · KRA PIN P051234567X",
      "Number R-2026-00042 Invoice number INV-2026-00017",
      "RECEIVED FROM Wanjiru Kamau Kamau Hardware Ltd wanjiru@example.co.ke KRA PIN A012345678Z",
      `Amount received ${money(10000)}`,
      "Service Qty Net VAT 16% Total",
      `Network Assessment Networking 1 ${kes(600_000)} ${kes(96_000)} ${kes(696_000)}`,
      `Managed IT Support Support 1 ${kes(400_000)} ${kes(64_000)} ${kes(464_000)} per month`,
      `Net ${kes(1_000_000)} VAT 16% ${kes(160_000)} Total ${kes(1_160_000)}`,
      "Paid US$100.00 at KES 116.00 per US dollar",
      "KRA eTIMS",
      "Invoice number INV-2026-00017",
      "KRA receipt number 17/52",
      "CU serial number KRACU0100000001",
      "CU invoice number KRACU0100000001/17",
      "CU date and time 28/11/2026 14:05:09",
      "Internal data HHM6SRRPJYJ4HVTZVSXFF7IQLM",
      "Receipt signature RQYSHQWV3ZFRTGFA",
      `Verify this invoice with KRA: scan the code or open ${SIGNATURE.verifyUrl}`,
      "This tax invoice is registered with KRA through eTIMS.",
      "Questions about this invoice:",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("It is not a KRA eTIMS tax invoice");
  });

  it("draws KRA's verification link as a QR code; a receipt draws none", async () => {
    const rectangles = vi.spyOn(PDFPage.prototype, "drawRectangle");
    const f = facts();
    await renderReceiptPdf(f, SITE, taxOf(f));
    const dark = rectangles.mock.calls.filter(([options]) => isBlack(options?.color));
    expect(dark).toHaveLength(darkRuns(qrModules(SIGNATURE.verifyUrl)));

    rectangles.mockClear();
    await renderReceiptPdf(f, SITE, taxOf(f, { invoice: null }));
    expect(rectangles.mock.calls.filter(([options]) => isBlack(options?.color))).toHaveLength(0);
  });

  it("a long link and long codes wrap with every character kept; a missing serial is left out", async () => {
    const f = facts();
    const invoice = {
      ...SIGNATURE,
      verifyUrl: `${SIGNATURE.verifyUrl}${"7".repeat(140)}`,
      intrlData: "I".repeat(70),
      cuSerial: "",
    };
    const { pages, text } = await textOf(await renderReceiptPdf(f, SITE, taxOf(f, { invoice })));
    const joined = text.replace(/\s/g, "");
    expect(joined).toContain(invoice.verifyUrl);
    expect(joined).toContain(`Internaldata${invoice.intrlData}Receiptsignature`);
    expect(text).not.toContain("CU serial number");
    expect(text).not.toContain("CU invoice number");
    expect(pages.length).toBeLessThanOrEqual(2);
  });

  it("a seller not registered for VAT (type D): no VAT anywhere, line totals and the total only", async () => {
    const f = facts();
    const { text } = await textOf(await renderReceiptPdf(f, SITE, taxOf(f, {}, NOT_REGISTERED)));
    expect(text).not.toMatch(/VAT/);
    expect(text).toContain("Service Qty Amount");
    expect(text).toContain(`Network Assessment Networking 1 ${kes(696_000)}`);
    expect(text).toContain(`Total ${kes(1_160_000)}`);
    expect(text).toContain("Receipt signature RQYSHQWV3ZFRTGFA");
  });

  it("the same facts draw the same bytes", async () => {
    const f = facts();
    const first = await renderReceiptPdf(f, SITE, taxOf(f));
    const again = await renderReceiptPdf(facts(), SITE, taxOf(facts()));
    expect(again).toEqual(first);
  });
});

describe("a receipt, before KRA has answered or without eTIMS", () => {
  it("keeps today's title and sentence and has no KRA block; VAT shows when the seller is registered", async () => {
    const f = facts({ currency: "kes", amount_cents: 1_160_000, provider: "mpesa_express", usd_cents: 10000 });
    const { text } = await textOf(await renderReceiptPdf(f, SITE, taxOf(f, { invoice: null })));
    expect(text).toContain("RECEIPT");
    expect(text).not.toContain("TAX INVOICE");
    expect(text).toContain("This is a payment receipt. It is not a KRA eTIMS tax invoice.");
    expect(text).toContain(`Equivalent to ${money(10000)} (US dollars)`);
    expect(text).toContain(`Net ${kes(1_000_000)} VAT 16% ${kes(160_000)} Total ${kes(1_160_000)}`);
    for (const absent of [
      "Invoice number",
      "CU serial",
      "Receipt signature",
      "Verify this invoice",
      "Paid US$",
      "registered with KRA",
    ]) {
      expect(text).not.toContain(absent);
    }
  });

  it("without the seller's PIN or the buyer's, no PIN is printed", async () => {
    const f = facts();
    const tax = taxOf(f, { invoice: null, buyerPin: null }, NOT_REGISTERED);
    const { text } = await textOf(await renderReceiptPdf(f, SITE, { ...tax, seller: { ...tax.seller, kraPin: null } }));
    expect(text).not.toContain("KRA PIN");
    expect(text).toContain(`Total ${money(10000)}`);
  });

  it("many lines run onto further pages with the header on each; names the fonts cannot draw still draw", async () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      line({ item_id: `s${i}`, name: `${i % 2 ? "مرحبا 名前" : "Huduma ya mtandao ".repeat(12)} ${i}`, quantity: 3 }),
    );
    const f = facts({}, lines, "名前 مرحبا");
    const { pages, text } = await textOf(await renderReceiptPdf(f, SITE, taxOf(f)));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.slice(0, -1)) expect(page.replace(/\s+/g, " ")).toContain("Service Qty Net VAT 16% Total");
    expect(text).toContain("Some characters of the name cannot be shown in this document.");
    expect(text).toContain(`Total ${kes(1_160_000)}`);
    expect(text).toContain("Receipt signature RQYSHQWV3ZFRTGFA");
    expect(text).toContain(`R-2026-00042 · Page ${pages.length} of ${pages.length}`);
  });
});

describe("drawQrCode", () => {
  it("fills exactly the code's dark modules, inside a quiet zone, in a square of the given size", async () => {
    const page = (await PDFDocument.create()).addPage();
    const rectangles = vi.spyOn(page, "drawRectangle");
    const [x, y, size] = [100, 200, 96];
    drawQrCode(page, SIGNATURE.verifyUrl, x, y, size);
    const modules = qrModules(SIGNATURE.verifyUrl);
    const cell = size / (modules.length + 2 * QR_QUIET_ZONE);
    const [background, ...dark] = rectangles.mock.calls.map(([options]) => options ?? {});
    expect(background).toMatchObject({ x, y, width: size, height: size });
    const drawn = modules.map((row) => row.map(() => false));
    for (const r of dark) {
      const row = Math.round((y + size - QR_QUIET_ZONE * cell - (r.y ?? 0)) / cell) - 1;
      const from = Math.round(((r.x ?? 0) - x - QR_QUIET_ZONE * cell) / cell);
      const to = from + Math.round((r.width ?? 0) / cell);
      expect(r.height).toBeCloseTo(cell);
      for (let c = from; c < to; c += 1) {
        const cells = drawn[row] ?? [];
        expect(cells[c]).toBe(false);
        cells[c] = true;
      }
    }
    expect(drawn).toEqual(modules);
    expect(dark).toHaveLength(darkRuns(modules));
  });
});
