import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import type { company as Company } from "../content/company.ts";
import type { Quote, QuoteLineRow } from "./repository.ts";

/**
 * The font files a quote is drawn with, in order of preference: each character is drawn with the
 * first font that has it (fontsource splits Noto Sans by script: latin, latin-ext, …).
 */
export type QuoteFonts = { regular: Uint8Array[]; bold: Uint8Array[] };

export type QuoteDocumentContent = {
  company: typeof Company;
  /** The site's address, for "pay online" and the quote's own page. */
  siteUrl: string;
  quotePageUrl: string;
  terms: string[];
  bank: { name: string; account: string; branch: string; swift: string };
  mpesa: { paybill: string; account: string };
  noObligation: string;
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.09, 0.11, 0.15);
const MUTED = rgb(0.35, 0.38, 0.43);
const BRAND = rgb(0.09, 0.4, 0.36);
const RULE = rgb(0.82, 0.84, 0.87);

const usd = (cents: number): string =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const day = (iso: string): string =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Nairobi" });

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
    return [...text].every((ch) => this.#indexOf(ch) >= 0);
  }

  #indexOf(ch: string): number {
    const cp = ch.codePointAt(0) ?? 0;
    return this.#sets.findIndex((set) => set.has(cp));
  }

  #runs(text: string): { font: PDFFont; text: string }[] {
    const runs: { font: PDFFont; text: string }[] = [];
    for (const ch of text.replace(/[\u0000-\u001f\u007f]+/g, " ")) {
      const i = this.#indexOf(ch);
      const font = this.#fonts[Math.max(i, 0)] as PDFFont;
      const drawn = i < 0 ? "?" : ch;
      const last = runs.at(-1);
      if (last && last.font === font) last.text += drawn;
      else runs.push({ font, text: drawn });
    }
    return runs;
  }

  width(text: string, size: number): number {
    return this.#runs(text).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
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

/** Column right edges (numbers are right-aligned) and the service column's width. */
const COLUMNS = { service: MARGIN, qty: 350, unit: 450, total: A4[0] - MARGIN };
const ROW = 30;

type Pen = { page: PDFPage; y: number };

/**
 * The quote as a PDF a procurement officer would file: the company and the quote's number, date and
 * validity; the client; the lines (monthly ones marked and totalled apart); payment terms and
 * methods; page numbers when it runs over. Pure: the same quote and fonts give the same document
 * (apart from the PDF's creation date, which is the quote's own).
 */
export async function renderQuotePdf(quote: Quote, fonts: QuoteFonts, content: QuoteDocumentContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const embed = (files: Uint8Array[]) => Promise.all(files.map((bytes) => doc.embedFont(bytes, { subset: true })));
  const regular = new FontFamily(await embed(fonts.regular));
  const bold = new FontFamily(await embed(fonts.bold));
  const { company } = content;
  doc.setTitle(`Quote ${quote.number} – ${company.name}`);
  doc.setAuthor(company.legalName);
  doc.setCreationDate(new Date(quote.created_at));
  doc.setModificationDate(new Date(quote.created_at));

  const newPage = (): Pen => ({ page: doc.addPage(A4), y: A4[1] - MARGIN });
  let pen = newPage();
  const right = (font: FontFamily, text: string, edge: number, y: number, size: number, color = INK) =>
    font.draw(pen.page, text, edge - font.width(text, size), y, size, color);

  // The letterhead: who quotes, and which quote this is.
  bold.draw(pen.page, company.name, MARGIN, pen.y - 18, 18, BRAND);
  const letterhead = [
    ...company.address.lines,
    `${company.address.city} ${company.address.postalCode}, ${company.address.country}`,
    `${company.phone.display} · ${company.emails.general.display}`,
    `Registration No. ${company.registrationNumber}`,
  ];
  letterhead.forEach((line, i) => regular.draw(pen.page, line, MARGIN, pen.y - 38 - i * 13, 9, MUTED));
  right(bold, "QUOTE", COLUMNS.total, pen.y - 20, 22);
  const meta: [string, string][] = [
    ["Number", quote.number],
    ["Date", day(quote.created_at)],
    ["Valid until", day(quote.valid_until)],
  ];
  meta.forEach(([label, value], i) => {
    const y = pen.y - 42 - i * 14;
    right(regular, label, COLUMNS.total - 110, y, 9, MUTED);
    right(bold, value, COLUMNS.total, y, 10);
  });
  pen.y -= 38 + letterhead.length * 13 + 24;

  // The client.
  regular.draw(pen.page, "PREPARED FOR", MARGIN, pen.y, 8, MUTED);
  pen.y -= 16;
  const drawable = regular.covers(quote.customer_name) && bold.covers(quote.customer_name);
  bold.draw(pen.page, bold.fit(quote.customer_name, 12, 300), MARGIN, pen.y, 12);
  pen.y -= 15;
  if (quote.customer_company) {
    regular.draw(pen.page, regular.fit(quote.customer_company, 10, 300), MARGIN, pen.y, 10);
    pen.y -= 13;
  }
  regular.draw(pen.page, regular.fit(quote.customer_email, 10, 300), MARGIN, pen.y, 10, MUTED);
  pen.y -= 13;
  if (!drawable) {
    // The fonts embedded here draw Latin scripts; any other name is shown as typed on the quote's page.
    regular.draw(pen.page, `The name as written: ${content.quotePageUrl}`, MARGIN, pen.y, 8, MUTED);
    pen.y -= 12;
  }
  pen.y -= 18;

  const tableHeader = () => {
    pen.page.drawRectangle({ x: MARGIN, y: pen.y - 6, width: A4[0] - 2 * MARGIN, height: 20, color: rgb(0.95, 0.96, 0.97) });
    bold.draw(pen.page, "Service", COLUMNS.service + 6, pen.y, 9);
    right(bold, "Qty", COLUMNS.qty, pen.y, 9);
    right(bold, "Unit price", COLUMNS.unit, pen.y, 9);
    right(bold, "Line total", COLUMNS.total - 6, pen.y, 9);
    pen.y -= 24;
  };
  tableHeader();

  const line = (item: QuoteLineRow) => {
    if (pen.y < MARGIN + 60) {
      pen = newPage();
      tableHeader();
    }
    const monthly = item.recurring === 1;
    const serviceWidth = COLUMNS.qty - 40 - COLUMNS.service;
    regular.draw(pen.page, regular.fit(item.name, 10, serviceWidth), COLUMNS.service + 6, pen.y, 10);
    regular.draw(pen.page, item.category, COLUMNS.service + 6, pen.y - 12, 8, MUTED);
    right(regular, String(item.quantity), COLUMNS.qty, pen.y, 10);
    right(regular, usd(item.unit_amount_cents), COLUMNS.unit, pen.y, 10);
    right(bold, usd(item.unit_amount_cents * item.quantity), COLUMNS.total - 6, pen.y, 10);
    if (monthly) {
      // Under the amounts, small: the columns stay aligned and the figure is never read as one-off.
      right(regular, "per month", COLUMNS.unit, pen.y - 12, 8, MUTED);
      right(regular, "per month", COLUMNS.total - 6, pen.y - 12, 8, MUTED);
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
  pen.y -= 6;
  const LABELS = COLUMNS.total - 150;
  right(regular, "Due on acceptance", LABELS, pen.y, 11);
  right(bold, usd(quote.due_cents), COLUMNS.total - 6, pen.y, 12);
  if (quote.monthly_cents > 0) {
    pen.y -= 18;
    right(regular, "Monthly thereafter", LABELS, pen.y, 11);
    right(bold, `${usd(quote.monthly_cents)} per month`, COLUMNS.total - 6, pen.y, 12);
  }
  pen.y -= 34;

  const section = (title: string, lines: string[]) => {
    const wrapped = lines.flatMap((text) => regular.wrap(`• ${text}`, 9, A4[0] - 2 * MARGIN));
    if (pen.y - 18 - wrapped.length * 13 < MARGIN + 20) pen = newPage();
    bold.draw(pen.page, title, MARGIN, pen.y, 11);
    pen.y -= 16;
    for (const text of wrapped) {
      regular.draw(pen.page, text, MARGIN, pen.y, 9, INK);
      pen.y -= 13;
    }
    pen.y -= 12;
  };
  section("Payment terms", content.terms);
  section("How to pay", [
    `Online by card: ${content.quotePageUrl} ("Pay online").`,
    `Bank transfer: ${content.bank.name}, account ${content.bank.account}, branch ${content.bank.branch}, SWIFT ${content.bank.swift}. Reference: ${quote.number}.`,
    `M-Pesa: Paybill ${content.mpesa.paybill}, account ${content.mpesa.account || quote.number}.`,
  ]);
  bold.draw(pen.page, content.noObligation, MARGIN, pen.y, 10, BRAND);

  // Page numbers, once the number of pages is known.
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const label = `${quote.number} · Page ${i + 1} of ${pages.length}`;
    regular.draw(page, label, A4[0] - MARGIN - regular.width(label, 8), MARGIN / 2, 8, MUTED);
    regular.draw(page, content.siteUrl, MARGIN, MARGIN / 2, 8, MUTED);
  });
  return doc.save();
}
