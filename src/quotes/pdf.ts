import fontkit from "@pdf-lib/fontkit";
import { LineCapStyle, PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { logoMark } from "../content/brand.ts";
import { company } from "../content/company.ts";
import { quoteDocument as words } from "../content/quote-document.ts";
import { formatLongDate } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import { FontFamily, INK } from "./font-family.ts";
import type { QuoteFonts } from "./fonts.ts";
import type { Quote, QuoteLineRow } from "./repository.ts";

/** Where the document points: the site, and the quote's own page (with its key). */
export type QuoteLinks = { siteUrl: string; quotePageUrl: string };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const MUTED = rgb(0.35, 0.38, 0.43);
const BRAND = rgb(0.09, 0.4, 0.36);
const RULE = rgb(0.82, 0.84, 0.87);
const HEADER_FILL = rgb(0.95, 0.96, 0.97);

/**
 * Ligatures off: "fi" drawn as one glyph is read back (copied, searched, parsed) as another letter,
 * and a quote's text must survive being copied into a purchase order.
 */
const NO_LIGATURES = { liga: false, clig: false, dlig: false, rlig: false, ccmp: false };

/**
 * The most of a name or a company the document draws: more than one line of the narrowest letters
 * holds, so only what would be cut anyway is left out (the quote's page shows all of it). It also
 * bounds the work: no input costs more layout, or more fonts, than this many characters.
 */
const CLIENT_TEXT_MAX = 100;

const clipped = (text: string): string => {
  const chars = [...text];
  return chars.length > CLIENT_TEXT_MAX ? `${chars.slice(0, CLIENT_TEXT_MAX).join("")}…` : text;
};

/** What the "Prepared for" block draws of the client's own words: what the fonts must cover. */
export function clientText(quote: Quote): { name: string; company: string } {
  return { name: clipped(quote.customer_name), company: clipped(quote.customer_company ?? "") };
}

/** Column right edges (numbers are right-aligned) and the service column's width. */
const COLUMNS = { service: MARGIN, qty: 350, unit: 450, total: A4[0] - MARGIN };
const ROW = 30;
const WIDTH = A4[0] - 2 * MARGIN;

/**
 * What every part of the document draws with: the document, its two weights, and the pen (the page
 * being drawn and the height reached on it), which a part moves on, to a new page when one is full.
 */
type Drawing = { doc: PDFDocument; regular: FontFamily; bold: FontFamily; pen: { page: PDFPage; y: number } };

function turnPage(d: Drawing): void {
  d.pen = { page: d.doc.addPage(A4), y: A4[1] - MARGIN };
}

/** Text whose right end is at `edge`: figures and their labels line up on the right. */
function right(d: Drawing, font: FontFamily, text: string, edge: number, y: number, size: number, color = INK): void {
  font.draw(d.pen.page, text, edge - font.width(text, size), y, size, color);
}

/** A rule across the page, between the margins. */
function rule(d: Drawing, y: number, thickness?: number): void {
  d.pen.page.drawLine({
    start: { x: MARGIN, y },
    end: { x: A4[0] - MARGIN, y },
    ...(thickness === undefined ? {} : { thickness }),
    color: RULE,
  });
}

/** The logo's mark and the name, who quotes (the company's details), and which quote this is. */
function drawLetterhead(d: Drawing, quote: Quote): void {
  const { pen, regular, bold } = d;
  const mark = 30;
  const top = pen.y;
  pen.page.drawRectangle({ x: MARGIN, y: top - mark, width: mark, height: mark, color: BRAND });
  pen.page.drawSvgPath(logoMark.path, {
    x: MARGIN,
    y: top,
    scale: mark / logoMark.size,
    borderColor: rgb(1, 1, 1),
    borderWidth: logoMark.strokeWidth,
    borderLineCap: LineCapStyle.Round,
  });
  bold.draw(pen.page, company.name, MARGIN + mark + 10, top - 21, 18, BRAND);
  const letterhead = [
    company.legalName,
    ...company.address.lines,
    `${company.address.city} ${company.address.postalCode}, ${company.address.country}`,
    `${company.phone.display} · ${company.emails.general.display}`,
    words.registration,
  ];
  letterhead.forEach((line, i) => {
    regular.draw(pen.page, line, MARGIN, top - 50 - i * 13, 9, MUTED);
  });
  right(d, bold, words.title.toUpperCase(), COLUMNS.total, top - 22, 22);
  const meta: [string, string][] = [
    [words.labels.number, quote.number],
    [words.labels.date, formatLongDate(quote.created_at)],
    [words.labels.validUntil, formatLongDate(quote.valid_until)],
  ];
  meta.forEach(([label, value], i) => {
    const y = top - 50 - i * 15;
    right(d, regular, label, COLUMNS.total - 112, y, 9, MUTED);
    right(d, bold, value, COLUMNS.total, y, 10);
  });
  pen.y = top - 50 - letterhead.length * 13 - 22;
  rule(d, pen.y + 10);
  pen.y -= 12;
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

/** One line of the table: the service and its category, the quantity, the unit price and the line's total. */
function drawLine(d: Drawing, item: QuoteLineRow, currency: string): void {
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
  right(d, bold, formatMoney(item.unit_amount_cents * item.quantity, currency), COLUMNS.total - 6, pen.y, 10);
  if (item.recurring === 1) {
    // Under the amounts, small: the columns stay aligned and the figure is never read as one-off.
    right(d, regular, words.perMonth, COLUMNS.unit, pen.y - 12, 8, MUTED);
    right(d, regular, words.perMonth, COLUMNS.total - 6, pen.y - 12, 8, MUTED);
  }
  rule(d, pen.y - 18, 0.5);
  pen.y -= ROW;
}

/** The lines, under their header, running over as many pages as they need. */
function drawLines(d: Drawing, quote: Quote): void {
  drawTableHeader(d);
  for (const item of quote.lines) drawLine(d, item, quote.currency);
}

/** What is due on acceptance, and what recurs after it. */
function drawTotals(d: Drawing, quote: Quote): void {
  if (d.pen.y < MARGIN + 200) turnPage(d);
  const { pen, regular, bold } = d;
  pen.y -= 8;
  const LABELS = COLUMNS.total - 150;
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
  pen.y -= 36;
}

/** A titled list of bullets, on a new page unless it fits whole on this one. */
function drawSection(d: Drawing, title: string, items: string[]): void {
  // A hanging indent: a wrapped item's later lines start under its text, not under its bullet.
  const INDENT = 10;
  const wrapped = items.map((text) => d.regular.wrap(text, 9, WIDTH - INDENT));
  const height = 16 + wrapped.flat().length * 13;
  if (d.pen.y - height < MARGIN + 20) turnPage(d);
  const { pen, regular, bold } = d;
  bold.draw(pen.page, title, MARGIN, pen.y, 11);
  pen.y -= 16;
  for (const lines of wrapped) {
    regular.draw(pen.page, "•", MARGIN, pen.y, 9, INK);
    for (const text of lines) {
      regular.draw(pen.page, text, MARGIN + INDENT, pen.y, 9, INK);
      pen.y -= 13;
    }
  }
  pen.y -= 12;
}

/** The payment terms, the ways to pay this quote, and that accepting it is not required. */
function drawTerms(d: Drawing, quote: Quote, links: QuoteLinks): void {
  drawSection(d, words.termsHeading, words.terms);
  drawSection(d, words.howToPayHeading, [
    words.payOnline(links.quotePageUrl),
    words.bankTransfer(quote.number),
    words.mpesa(quote.number),
  ]);
  d.bold.draw(d.pen.page, words.noObligation, MARGIN, d.pen.y, 10, BRAND);
}

/** Each page's number (once the number of pages is known) and the site's address. */
function drawFooter(d: Drawing, quote: Quote, links: QuoteLinks): void {
  const { regular } = d;
  const pages = d.doc.getPages();
  pages.forEach((page, i) => {
    const label = words.page(quote.number, i + 1, pages.length);
    regular.draw(page, label, A4[0] - MARGIN - regular.width(label, 8), MARGIN / 2, 8, MUTED);
    regular.draw(page, links.siteUrl, MARGIN, MARGIN / 2, 8, MUTED);
  });
}

/**
 * The document's two weights, each a family of the scripts the quote needs. A file both weights
 * use (a script with no bold, see fonts.ts) is embedded once and drawn by both.
 */
async function embedFonts(doc: PDFDocument, fonts: QuoteFonts): Promise<{ regular: FontFamily; bold: FontFamily }> {
  doc.registerFontkit(fontkit);
  const embedded = new Map<Uint8Array, Promise<PDFFont>>();
  // Whole fonts, not subsets: fontkit's subsetter encodes through a bundled Node stream shim whose
  // one module-wide tick queue lets one request's work resolve another's, which the Workers runtime
  // refuses (concurrent quotes failed). fonts.ts embeds only the scripts a quote uses.
  const embedOnce = (bytes: Uint8Array): Promise<PDFFont> => {
    let font = embedded.get(bytes);
    if (!font) {
      font = doc.embedFont(bytes, { subset: false, features: NO_LIGATURES });
      embedded.set(bytes, font);
    }
    return font;
  };
  const embed = (files: Uint8Array[]) => Promise.all(files.map(embedOnce));
  const [regularFonts, boldFonts] = await Promise.all([embed(fonts.regular), embed(fonts.bold)]);
  return { regular: new FontFamily(regularFonts), bold: new FontFamily(boldFonts) };
}

/** Title, author, subject and dates: the quote's own creation date, so the same quote gives the same file. */
function setMetadata(doc: PDFDocument, quote: Quote, regular: FontFamily): void {
  doc.setTitle(`${words.title} ${quote.number} – ${company.name}`);
  doc.setAuthor(company.legalName);
  doc.setSubject(`${words.title} for ${regular.drawable(clientText(quote).name) || quote.customer_email}`);
  doc.setCreator(company.name);
  doc.setProducer(company.name);
  doc.setCreationDate(new Date(quote.created_at));
  doc.setModificationDate(new Date(quote.created_at));
}

/**
 * The quote as a PDF a procurement officer would file: the company and the quote's number, date and
 * validity; the client; the lines (monthly ones marked and totalled apart); payment terms and
 * methods; page numbers when it runs over. The same quote and fonts give the same document (its
 * creation date is the quote's own).
 */
export async function renderQuotePdf(quote: Quote, fonts: QuoteFonts, links: QuoteLinks): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const { regular, bold } = await embedFonts(doc, fonts);
  setMetadata(doc, quote, regular);
  const d: Drawing = { doc, regular, bold, pen: { page: doc.addPage(A4), y: A4[1] - MARGIN } };
  drawLetterhead(d, quote);
  drawClient(d, quote, links);
  drawLines(d, quote);
  drawTotals(d, quote);
  drawTerms(d, quote, links);
  drawFooter(d, quote, links);
  return doc.save();
}
