import fontkit from "@pdf-lib/fontkit";
import { LineCapStyle, PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { logoMark } from "../content/brand.ts";
import { company } from "../content/company.ts";
import { quoteDocument as words } from "../content/quote-document.ts";
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

const usd = (cents: number): string =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const day = (iso: string): string =>
  new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Nairobi",
  });

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

/**
 * The client, under "Prepared for": the name in bold, the company, the e-mail. A name the fonts
 * cannot fully draw is printed as far as it can be, and the quote's page (HTML, any script) is named
 * as where it reads as written. Returns the pen's height after it.
 */
function drawClient(
  page: PDFPage,
  top: number,
  quote: Quote,
  { regular, bold }: { regular: FontFamily; bold: FontFamily },
  links: QuoteLinks,
): number {
  let y = top;
  regular.draw(page, words.preparedFor.toUpperCase(), MARGIN, y, 8, MUTED);
  y -= 16;
  const { name, company: clientCompany } = clientText(quote);
  const complete = regular.covers(name) && bold.covers(name) && regular.covers(clientCompany);
  const WIDTH = A4[0] - 2 * MARGIN;
  const drawnName = bold.drawable(name);
  // With no letter of the name drawable, the e-mail address stands in for it (and is not repeated).
  bold.draw(page, bold.fit(drawnName || quote.customer_email, 12, WIDTH), MARGIN, y, 12);
  y -= 15;
  const drawnCompany = regular.drawable(clientCompany);
  if (drawnCompany) {
    regular.draw(page, regular.fit(drawnCompany, 10, WIDTH), MARGIN, y, 10);
    y -= 13;
  }
  if (drawnName) {
    regular.draw(page, regular.fit(quote.customer_email, 10, WIDTH), MARGIN, y, 10, MUTED);
    y -= 13;
  }
  if (!complete) {
    regular.draw(page, words.nameAsWritten, MARGIN, y, 8, MUTED);
    regular.draw(page, links.quotePageUrl, MARGIN, y - 11, 8, MUTED);
    y -= 24;
  }
  return y - 18;
}

/** Column right edges (numbers are right-aligned) and the service column's width. */
const COLUMNS = { service: MARGIN, qty: 350, unit: 450, total: A4[0] - MARGIN };
const ROW = 30;

type Pen = { page: PDFPage; y: number };

/**
 * The quote as a PDF a procurement officer would file: the company and the quote's number, date and
 * validity; the client; the lines (monthly ones marked and totalled apart); payment terms and
 * methods; page numbers when it runs over. The same quote and fonts give the same document (its
 * creation date is the quote's own).
 */
export async function renderQuotePdf(quote: Quote, fonts: QuoteFonts, links: QuoteLinks): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  // Whole fonts, not subsets: fontkit's subsetter encodes through a bundled Node stream shim whose
  // one module-wide tick queue lets one request's work resolve another's, which the Workers runtime
  // refuses (concurrent quotes failed). fonts.ts embeds only the scripts a quote uses.
  const embed = (files: Uint8Array[]) =>
    Promise.all(files.map((bytes) => doc.embedFont(bytes, { subset: false, features: NO_LIGATURES })));
  const [regularFonts, boldFonts] = await Promise.all([embed(fonts.regular), embed(fonts.bold)]);
  const regular = new FontFamily(regularFonts);
  const bold = new FontFamily(boldFonts);
  doc.setTitle(`${words.title} ${quote.number} – ${company.name}`);
  doc.setAuthor(company.legalName);
  doc.setSubject(`${words.title} for ${regular.drawable(clientText(quote).name) || quote.customer_email}`);
  doc.setCreator(company.name);
  doc.setProducer(company.name);
  doc.setCreationDate(new Date(quote.created_at));
  doc.setModificationDate(new Date(quote.created_at));

  const newPage = (): Pen => ({ page: doc.addPage(A4), y: A4[1] - MARGIN });
  let pen = newPage();
  const right = (font: FontFamily, text: string, edge: number, y: number, size: number, color = INK) =>
    font.draw(pen.page, text, edge - font.width(text, size), y, size, color);

  // The letterhead: the logo's mark and the name, who quotes, and which quote this is.
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
  right(bold, words.title.toUpperCase(), COLUMNS.total, top - 22, 22);
  const meta: [string, string][] = [
    [words.labels.number, quote.number],
    [words.labels.date, day(quote.created_at)],
    [words.labels.validUntil, day(quote.valid_until)],
  ];
  meta.forEach(([label, value], i) => {
    const y = top - 50 - i * 15;
    right(regular, label, COLUMNS.total - 112, y, 9, MUTED);
    right(bold, value, COLUMNS.total, y, 10);
  });
  pen.y = top - 50 - letterhead.length * 13 - 22;
  pen.page.drawLine({ start: { x: MARGIN, y: pen.y + 10 }, end: { x: A4[0] - MARGIN, y: pen.y + 10 }, color: RULE });
  pen.y -= 12;

  pen.y = drawClient(pen.page, pen.y, quote, { regular, bold }, links);

  const tableHeader = () => {
    pen.page.drawRectangle({ x: MARGIN, y: pen.y - 7, width: A4[0] - 2 * MARGIN, height: 21, color: HEADER_FILL });
    bold.draw(pen.page, words.columns.service, COLUMNS.service + 6, pen.y, 9);
    right(bold, words.columns.quantity, COLUMNS.qty, pen.y, 9);
    right(bold, words.columns.unitPrice, COLUMNS.unit, pen.y, 9);
    right(bold, words.columns.lineTotal, COLUMNS.total - 6, pen.y, 9);
    pen.y -= 25;
  };
  tableHeader();

  const line = (item: QuoteLineRow) => {
    if (pen.y < MARGIN + 60) {
      pen = newPage();
      tableHeader();
    }
    const serviceWidth = COLUMNS.qty - 40 - COLUMNS.service;
    regular.draw(pen.page, regular.fit(item.name, 10, serviceWidth), COLUMNS.service + 6, pen.y, 10);
    regular.draw(pen.page, regular.fit(item.category, 8, serviceWidth), COLUMNS.service + 6, pen.y - 12, 8, MUTED);
    right(regular, String(item.quantity), COLUMNS.qty, pen.y, 10);
    right(regular, usd(item.unit_amount_cents), COLUMNS.unit, pen.y, 10);
    right(bold, usd(item.unit_amount_cents * item.quantity), COLUMNS.total - 6, pen.y, 10);
    if (item.recurring === 1) {
      // Under the amounts, small: the columns stay aligned and the figure is never read as one-off.
      right(regular, words.perMonth, COLUMNS.unit, pen.y - 12, 8, MUTED);
      right(regular, words.perMonth, COLUMNS.total - 6, pen.y - 12, 8, MUTED);
    }
    pen.page.drawLine({
      start: { x: MARGIN, y: pen.y - 18 },
      end: { x: A4[0] - MARGIN, y: pen.y - 18 },
      thickness: 0.5,
      color: RULE,
    });
    pen.y -= ROW;
  };
  quote.lines.forEach(line);

  // Totals: what is due on acceptance, and what recurs after it.
  if (pen.y < MARGIN + 200) pen = newPage();
  pen.y -= 8;
  const LABELS = COLUMNS.total - 150;
  right(regular, words.dueOnAcceptance, LABELS, pen.y, 11);
  right(bold, usd(quote.due_cents), COLUMNS.total - 6, pen.y, 12);
  if (quote.monthly_cents > 0) {
    pen.y -= 19;
    right(regular, words.monthlyThereafter, LABELS, pen.y, 11);
    right(bold, `${usd(quote.monthly_cents)} ${words.perMonth}`, COLUMNS.total - 6, pen.y, 12);
  }
  pen.y -= 36;

  const section = (title: string, items: string[]) => {
    // A hanging indent: a wrapped item's later lines start under its text, not under its bullet.
    const INDENT = 10;
    const wrapped = items.map((text) => regular.wrap(text, 9, A4[0] - 2 * MARGIN - INDENT));
    const height = 16 + wrapped.flat().length * 13;
    if (pen.y - height < MARGIN + 20) pen = newPage();
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
  };
  section(words.termsHeading, words.terms);
  section(words.howToPayHeading, [
    words.payOnline(links.quotePageUrl),
    words.bankTransfer(quote.number),
    words.mpesa(quote.number),
  ]);
  bold.draw(pen.page, words.noObligation, MARGIN, pen.y, 10, BRAND);

  // Page numbers, once the number of pages is known.
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const label = words.page(quote.number, i + 1, pages.length);
    regular.draw(page, label, A4[0] - MARGIN - regular.width(label, 8), MARGIN / 2, 8, MUTED);
    regular.draw(page, links.siteUrl, MARGIN, MARGIN / 2, 8, MUTED);
  });
  return doc.save();
}
