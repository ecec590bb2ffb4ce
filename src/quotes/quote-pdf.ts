import { PDFDocument } from "pdf-lib";
import type { QuoteLineRow } from "../db/document-tables.ts";
import type { DocumentFonts } from "../documents/fonts.ts";
import {
  BRAND,
  clipped,
  type Drawing,
  drawFooters,
  drawLetterhead,
  drawSection,
  embedFonts,
  HEADER_FILL,
  MARGIN,
  MUTED,
  RIGHT_EDGE,
  right,
  rule,
  setMetadata,
  startDrawing,
  turnPage,
  WIDTH,
} from "../documents/pdf-kit.ts";
import { formatLongDate } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import type { PaymentDetails } from "../lib/payment-ways.ts";
import type { SellerTaxIdentity } from "../tax/seller.ts";
import { sellerRegistration } from "../tax/seller-copy.ts";
import { taxCopy } from "../tax/tax-copy.ts";
import type { VatSplit } from "../tax/vat.ts";
import { quoteDocument as words } from "./quote-document-copy.ts";
import type { Quote } from "./quote-numbers.ts";
import { lineTotalCents, type QuoteVat, quoteVat } from "./quote-vat.ts";

/** Where the document points: the site, and the quote's own page (with its key). */
export type QuoteLinks = { siteUrl: string; quotePageUrl: string };

/** What the "Prepared for" block draws of the client's own words: what the fonts must cover. */
export function clientText(quote: Quote): { name: string; company: string } {
  return { name: clipped(quote.customer_name), company: clipped(quote.customer_company ?? "") };
}

/** Column right edges (numbers are right-aligned) and the service column's left edge. */
const COLUMNS = { service: MARGIN, qty: 350, unit: 450, total: RIGHT_EDGE };
const ROW = 30;

/** The company (with its KRA PIN once one is configured), and which quote this is: its number, date and validity. */
function drawQuoteLetterhead(d: Drawing, quote: Quote, seller: SellerTaxIdentity): void {
  drawLetterhead(d, {
    title: words.title,
    registration: sellerRegistration(seller.kraPin),
    meta: [
      [words.labels.number, quote.number],
      [words.labels.date, formatLongDate(quote.created_at)],
      [words.labels.validUntil, formatLongDate(quote.valid_until)],
    ],
  });
}

/**
 * The client, under "Prepared for": the name in bold, the company, the e-mail. A name the fonts
 * cannot fully draw is printed as far as it can be, and the quote's page (HTML, any script) is named
 * as where it reads as written.
 */
function drawClient(d: Drawing, quote: Quote, links: QuoteLinks): void {
  const { pen, regular, bold } = d;
  let y = pen.y;
  regular.draw(pen.page, words.preparedFor.toUpperCase(), MARGIN, y, 8, MUTED);
  y -= 16;
  const { name, company: clientCompany } = clientText(quote);
  const complete = regular.covers(name) && bold.covers(name) && regular.covers(clientCompany);
  const drawnName = bold.drawable(name);
  // With no letter of the name drawable, the e-mail address stands in for it (and is not repeated).
  bold.draw(pen.page, bold.fit(drawnName || quote.customer_email, 12, WIDTH), MARGIN, y, 12);
  y -= 15;
  const drawnCompany = regular.drawable(clientCompany);
  if (drawnCompany) {
    regular.draw(pen.page, regular.fit(drawnCompany, 10, WIDTH), MARGIN, y, 10);
    y -= 13;
  }
  if (drawnName) {
    regular.draw(pen.page, regular.fit(quote.customer_email, 10, WIDTH), MARGIN, y, 10, MUTED);
    y -= 13;
  }
  if (quote.customer_kra_pin) {
    regular.draw(pen.page, taxCopy.kraPin(quote.customer_kra_pin), MARGIN, y, 10);
    y -= 13;
  }
  if (!complete) {
    regular.draw(pen.page, words.nameAsWritten, MARGIN, y, 8, MUTED);
    regular.draw(pen.page, links.quotePageUrl, MARGIN, y - 11, 8, MUTED);
    y -= 24;
  }
  pen.y = y - 18;
}

/** The table's header row, on the first page of the lines and again on each page they run onto. */
function drawTableHeader(d: Drawing): void {
  const { pen, bold } = d;
  pen.page.drawRectangle({ x: MARGIN, y: pen.y - 7, width: WIDTH, height: 21, color: HEADER_FILL });
  bold.draw(pen.page, words.columns.service, COLUMNS.service + 6, pen.y, 9);
  right(d, bold, words.columns.quantity, COLUMNS.qty, pen.y, 9);
  right(d, bold, words.columns.unitPrice, COLUMNS.unit, pen.y, 9);
  right(d, bold, words.columns.lineTotal, COLUMNS.total - 6, pen.y, 9);
  pen.y -= 25;
}

/**
 * One line of the table: the service and its category, the quantity, the unit price and the line's
 * total; under the total, small, "per month" for a monthly line, then its net and VAT.
 */
function drawLine(d: Drawing, item: QuoteLineRow, currency: string, split: VatSplit | undefined): void {
  if (d.pen.y < MARGIN + 60) {
    turnPage(d);
    drawTableHeader(d);
  }
  const { pen, regular, bold } = d;
  const serviceWidth = COLUMNS.qty - 40 - COLUMNS.service;
  regular.draw(pen.page, regular.fit(item.name, 10, serviceWidth), COLUMNS.service + 6, pen.y, 10);
  regular.draw(pen.page, regular.fit(item.category, 8, serviceWidth), COLUMNS.service + 6, pen.y - 12, 8, MUTED);
  right(d, regular, String(item.quantity), COLUMNS.qty, pen.y, 10);
  right(d, regular, formatMoney(item.unit_amount_cents, currency), COLUMNS.unit, pen.y, 10);
  right(d, bold, formatMoney(lineTotalCents(item), currency), COLUMNS.total - 6, pen.y, 10);
  let under = pen.y - 12;
  if (item.recurring === 1) {
    // Under the amounts, small: the columns stay aligned and the figure is never read as one-off.
    right(d, regular, words.perMonth, COLUMNS.unit, under, 8, MUTED);
    right(d, regular, words.perMonth, COLUMNS.total - 6, under, 8, MUTED);
    if (split) under -= 11;
  }
  if (split) {
    const text = taxCopy.lineSplit(formatMoney(split.netCents, currency), formatMoney(split.vatCents, currency));
    right(d, regular, text, COLUMNS.total - 6, under, 8, MUTED);
  }
  const depth = pen.y - 12 - under;
  rule(d, pen.y - 18 - depth, 0.5);
  pen.y -= ROW + depth;
}

/** The lines, under their header, running over as many pages as they need. */
function drawLines(d: Drawing, quote: Quote, vat: QuoteVat | null): void {
  drawTableHeader(d);
  quote.lines.forEach((item, i) => {
    drawLine(d, item, quote.currency, vat?.lines[i]);
  });
}

/**
 * What is due on acceptance (the net and VAT above it, when prices include VAT), and what recurs
 * after it; then the one note that prices include VAT.
 */
function drawTotals(d: Drawing, quote: Quote, vat: QuoteVat | null): void {
  if (d.pen.y < MARGIN + 200) turnPage(d);
  const { pen, regular, bold } = d;
  pen.y -= 8;
  const LABELS = COLUMNS.total - 150;
  if (vat) {
    for (const [label, cents] of [
      [taxCopy.net, vat.document.netCents],
      [taxCopy.vat, vat.document.vatCents],
    ] as const) {
      right(d, regular, label, LABELS, pen.y, 10);
      right(d, regular, formatMoney(cents, quote.currency), COLUMNS.total - 6, pen.y, 10);
      pen.y -= 17;
    }
  }
  right(d, regular, words.dueOnAcceptance, LABELS, pen.y, 11);
  right(d, bold, formatMoney(quote.due_cents, quote.currency), COLUMNS.total - 6, pen.y, 12);
  if (quote.monthly_cents > 0) {
    pen.y -= 19;
    right(d, regular, words.monthlyThereafter, LABELS, pen.y, 11);
    right(
      d,
      bold,
      `${formatMoney(quote.monthly_cents, quote.currency)} ${words.perMonth}`,
      COLUMNS.total - 6,
      pen.y,
      12,
    );
  }
  if (vat) {
    pen.y -= 18;
    right(d, regular, taxCopy.pricesInclude, COLUMNS.total - 6, pen.y, 8, MUTED);
  }
  pen.y -= 36;
}

/** The payment terms, the ways to pay this quote, and that accepting it is not required. */
function drawTerms(d: Drawing, quote: Quote, links: QuoteLinks, payment: PaymentDetails): void {
  drawSection(d, words.termsHeading, words.terms);
  drawSection(d, words.howToPayHeading, [words.payOnline(links.quotePageUrl), ...words.offline(quote.number, payment)]);
  d.bold.draw(d.pen.page, words.noObligation, MARGIN, d.pen.y, 10, BRAND);
}

/**
 * The quote as a PDF a procurement officer would file: the company and the quote's number, date and
 * validity; the client; the lines (monthly ones marked and totalled apart); payment terms and
 * methods; page numbers when it runs over. The same quote and fonts give the same document (its
 * creation date is the quote's own).
 */
export async function renderQuotePdf(
  quote: Quote,
  fonts: DocumentFonts,
  links: QuoteLinks,
  seller: SellerTaxIdentity,
  payment: PaymentDetails,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const weights = await embedFonts(doc, fonts);
  setMetadata(doc, {
    title: `${words.title} ${quote.number}`,
    subject: `${words.title} for ${weights.regular.drawable(clientText(quote).name) || quote.customer_email}`,
    date: quote.created_at,
  });
  const d = startDrawing(doc, weights);
  const vat = quoteVat(quote.lines, seller.vat);
  drawQuoteLetterhead(d, quote, seller);
  drawClient(d, quote, links);
  drawLines(d, quote, vat);
  drawTotals(d, quote, vat);
  drawTerms(d, quote, links, payment);
  drawFooters(d, (page, pages) => words.page(quote.number, page, pages), links.siteUrl);
  return doc.save();
}
