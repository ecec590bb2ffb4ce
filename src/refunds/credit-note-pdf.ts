/**
 * A refund's credit note as a PDF, drawn like the tax invoice it credits (receipts/receipt-pdf.ts):
 * the company and its KRA PIN, the credit note's and the invoice's numbers, the buyer (and PIN), the
 * amount refunded, the lines it credits with their VAT in shillings, and KRA's answer with its
 * verification code. Drawn only once KRA accepted the credit note; the same facts give the same file.
 */
import { PDFDocument } from "pdf-lib";
import type { RefundRow } from "../db/refund-tables.ts";
import type { OrderRow, PaymentRow } from "../db/schema.ts";
import { documentFontsFor } from "../documents/fonts.ts";
import {
  BRAND,
  clipped,
  type Drawing,
  drawFooters,
  drawLetterhead,
  embedFonts,
  HEADER_FILL,
  MARGIN,
  MUTED,
  RIGHT_EDGE,
  right,
  setMetadata,
  startDrawing,
  WIDTH,
} from "../documents/pdf-kit.ts";
import type { DocumentTax, KraSignature } from "../etims/document-tax.ts";
import { formatLongDate } from "../lib/dates.ts";
import { formatKesRate } from "../lib/kes.ts";
import { formatMoney } from "../lib/money.ts";
import { receiptDocument } from "../receipts/receipt-document-copy.ts";
import { drawLines } from "../receipts/receipt-lines-pdf.ts";
import { drawKraBlock } from "../receipts/tax-invoice-pdf.ts";
import { taxCopy } from "../tax/tax-copy.ts";
import { creditNoteCopy as words } from "./credit-note-copy.ts";

export type CreditNoteFacts = {
  refund: RefundRow;
  payment: PaymentRow;
  order: OrderRow | null;
  /** The invoice it credits (our number) and KRA's answer to the credit note. */
  invoiceNumber: string;
  signature: KraSignature;
  tax: DocumentTax;
};

/** The buyer on the left, the refund's details on the right. */
function drawParties(d: Drawing, facts: CreditNoteFacts): void {
  const { pen, regular, bold } = d;
  const { order, payment, refund } = facts;
  const top = pen.y;
  regular.draw(pen.page, words.issuedTo.toUpperCase(), MARGIN, top, 8, MUTED);
  const buyer = [order?.customer_company ?? "", order?.customer_email ?? ""].map((t) => regular.drawable(clipped(t)));
  bold.draw(pen.page, bold.fit(bold.drawable(clipped(order?.customer_name ?? "")), 12, 240), MARGIN, top - 16, 12);
  const lines = [...buyer.filter(Boolean), ...(facts.tax.buyerPin ? [taxCopy.kraPin(facts.tax.buyerPin)] : [])];
  lines.forEach((line, i) => {
    regular.draw(pen.page, regular.fit(line, 10, 240), MARGIN, top - 31 - i * 13, 10);
  });
  const rows: [string, string][] = [
    [words.details.way, words.ways[refund.channel]],
    [words.details.payment, clipped(payment.reference ?? payment.payment_id, 40)],
    ...(order?.order_ref ? [[words.details.order, order.order_ref] as [string, string]] : []),
  ];
  regular.draw(pen.page, words.refundHeading.toUpperCase(), MARGIN + 250, top, 8, MUTED);
  rows.forEach(([label, value], i) => {
    regular.draw(pen.page, label, MARGIN + 250, top - 16 - i * 15, 9, MUTED);
    bold.draw(
      pen.page,
      bold.fit(bold.drawable(value), 10, RIGHT_EDGE - MARGIN - 330),
      MARGIN + 330,
      top - 16 - i * 15,
      10,
    );
  });
  pen.y = top - 31 - Math.max(lines.length * 13, rows.length * 15) - 14;
}

/** The amount refunded in the payment's currency, large; a dollar refund's shillings at the invoice's rate. */
function drawAmount(d: Drawing, facts: CreditNoteFacts): void {
  const { pen, regular, bold } = d;
  const { refund, tax } = facts;
  pen.page.drawRectangle({ x: MARGIN, y: pen.y - 14, width: WIDTH, height: 34, color: HEADER_FILL });
  regular.draw(pen.page, words.amountRefunded, MARGIN + 8, pen.y - 2, 11);
  right(d, bold, formatMoney(refund.amount_cents, refund.currency), RIGHT_EDGE - 8, pen.y - 3, 16, BRAND);
  pen.y -= 32;
  if (tax.amounts.rateX100 !== null) {
    const usd = formatMoney(refund.amount_cents, "usd");
    right(d, regular, words.usdRefunded(usd, formatKesRate(tax.amounts.rateX100)), RIGHT_EDGE - 8, pen.y, 9, MUTED);
    pen.y -= 14;
  }
  pen.y -= 10;
}

export async function renderCreditNotePdf(facts: CreditNoteFacts, siteUrl: string): Promise<Uint8Array> {
  const { signature, tax, order, refund } = facts;
  const text = [
    order?.customer_name,
    order?.customer_company,
    order?.customer_email,
    ...tax.amounts.lines.map((l) => l.name),
  ];
  const fonts = await documentFontsFor(text.map((t) => clipped(t ?? "")).join(""));
  const doc = await PDFDocument.create();
  const weights = await embedFonts(doc, fonts);
  const issued = refund.settled_at ?? refund.created_at;
  setMetadata(doc, {
    title: `${words.title} ${signature.traderInvoiceNo}`,
    subject: `${words.title} for ${weights.regular.drawable(clipped(order?.customer_name ?? "")) || order?.customer_email || ""}`,
    date: issued,
  });
  const d = startDrawing(doc, weights);
  drawLetterhead(d, {
    title: words.title,
    registration: receiptDocument.registration(tax.seller.kraPin),
    meta: [
      [words.labels.number, signature.traderInvoiceNo],
      [words.labels.credits, facts.invoiceNumber],
      [words.labels.issued, formatLongDate(issued)],
    ],
  });
  drawParties(d, facts);
  drawAmount(d, facts);
  drawLines(d, tax);
  drawKraBlock(d, signature);
  d.bold.draw(d.pen.page, words.registered, MARGIN, d.pen.y, 10, BRAND);
  drawFooters(d, (page, pages) => words.page(signature.traderInvoiceNo, page, pages), siteUrl);
  return doc.save();
}
