import fontkit from "@pdf-lib/fontkit";
import { LineCapStyle, PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { logoMark } from "../content/brand.ts";
import { company } from "../content/company.ts";
import { quoteDocument as words } from "../content/quote-document.ts";
import type { QuoteFonts } from "./fonts.ts";
import type { Quote, QuoteLineRow } from "./repository.ts";

/** Where the document points: the site, and the quote's own page (with its key). */
export type QuoteLinks = { siteUrl: string; quotePageUrl: string };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.09, 0.11, 0.15);
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
 * Text as the PDF can hold it: no control or bidirectional formatting characters (a PDF has no
 * bidi algorithm, so they would only garble), and no emoji (no colour glyphs in these fonts; a
 * name keeps its letters).
 */
function printable(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\p{Cc}\u200b-\u200f\u2028-\u202e\u2066-\u2069]+/gu, " ")
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Variation_Selector}|[\u{E0020}-\u{E007F}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A family of embedded fonts that draws text in runs, each run in the first font that has its characters. */
class FontFamily {
  readonly #fonts: PDFFont[];
  readonly #sets: Set<number>[];
  constructor(fonts: PDFFont[]) {
    this.#fonts = fonts;
    this.#sets = fonts.map((font) => new Set(font.getCharacterSet()));
  }

  /** Whether every character can be drawn (else it is replaced by "?" and the caller may say so). */
  covers(text: string): boolean {
    return [...printable(text)].every((ch) => this.#indexOf(ch) >= 0);
  }

  #indexOf(ch: string): number {
    const cp = ch.codePointAt(0) ?? 0;
    return this.#sets.findIndex((set) => set.has(cp));
  }

  /** Characters no embedded font has are left out (covers() lets the caller say so). */
  #runs(text: string): { font: PDFFont; text: string }[] {
    const runs: { font: PDFFont; text: string }[] = [];
    for (const ch of printable(text)) {
      const font = this.#fonts[this.#indexOf(ch)];
      if (!font) continue;
      const last = runs.at(-1);
      if (last && last.font === font) last.text += ch;
      else runs.push({ font, text: ch });
    }
    return runs;
  }

  /** What of the text can be drawn. */
  drawable(text: string): string {
    return this.#runs(text)
      .map((run) => run.text)
      .join("")
      .replace(/\s+/g, " ")
      .trim();
  }

  /** Widths at size 1, by text: laying text out (OpenType shaping) is most of a quote's CPU time. */
  readonly #widths = new Map<string, number>();

  width(text: string, size: number): number {
    let unit = this.#widths.get(text);
    if (unit === undefined) {
      unit = this.#runs(text).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, 1), 0);
      this.#widths.set(text, unit);
    }
    return unit * size;
  }

  draw(page: PDFPage, text: string, x: number, y: number, size: number, color = INK): void {
    let at = x;
    for (const run of this.#runs(text)) {
      page.drawText(run.text, { x: at, y, size, font: run.font, color });
      at += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  /** Cuts text to fit a width, with an ellipsis: a table cell never runs into the next column. */
  fit(text: string, size: number, maxWidth: number): string {
    if (this.width(text, size) <= maxWidth) return text;
    const chars = [...text];
    while (chars.length > 1 && this.width(`${chars.join("")}…`, size) > maxWidth) chars.pop();
    return `${chars.join("")}…`;
  }

  /** Splits text into lines of at most maxWidth. */
  wrap(text: string, size: number, maxWidth: number): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (this.width(next, size) <= maxWidth || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines;
  }
}

/**
 * Ligatures off: "fi" drawn as one glyph is read back (copied, searched, parsed) as another letter,
 * and a quote's text must survive being copied into a purchase order.
 */
const NO_LIGATURES = { liga: false, clig: false, dlig: false, rlig: false, ccmp: false };

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
  doc.setSubject(`${words.title} for ${regular.drawable(quote.customer_name) || quote.customer_email}`);
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

  // The client. A name the fonts cannot fully draw is printed as far as it can be, and the quote's
  // page (HTML, any script) is named as where it reads as written.
  regular.draw(pen.page, words.preparedFor.toUpperCase(), MARGIN, pen.y, 8, MUTED);
  pen.y -= 16;
  const company_ = quote.customer_company ?? "";
  const complete = regular.covers(quote.customer_name) && bold.covers(quote.customer_name) && regular.covers(company_);
  const CLIENT_WIDTH = A4[0] - 2 * MARGIN;
  const drawnName = bold.drawable(quote.customer_name);
  // With no letter of the name drawable, the e-mail address stands in for it (and is not repeated).
  bold.draw(pen.page, bold.fit(drawnName || quote.customer_email, 12, CLIENT_WIDTH), MARGIN, pen.y, 12);
  pen.y -= 15;
  const clientCompany = regular.drawable(company_);
  if (clientCompany) {
    regular.draw(pen.page, regular.fit(clientCompany, 10, CLIENT_WIDTH), MARGIN, pen.y, 10);
    pen.y -= 13;
  }
  if (drawnName) {
    regular.draw(pen.page, regular.fit(quote.customer_email, 10, CLIENT_WIDTH), MARGIN, pen.y, 10, MUTED);
    pen.y -= 13;
  }
  if (!complete) {
    regular.draw(pen.page, words.nameAsWritten, MARGIN, pen.y, 8, MUTED);
    regular.draw(pen.page, links.quotePageUrl, MARGIN, pen.y - 11, 8, MUTED);
    pen.y -= 24;
  }
  pen.y -= 18;

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
