/**
 * What the company's PDF documents (quotes, receipts) draw with: the A4 page and its margins, the
 * colours, the fonts embedded as two weights, right-aligned text, rules, the letterhead, titled
 * bullet lists, page footers and metadata. Each document lays out its own parts with these, so they
 * look like one company's papers. Loaded only with the documents (pdf-lib is a dynamic import away).
 */
import fontkit from "@pdf-lib/fontkit";
import { LineCapStyle, type PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from "pdf-lib";
import { clipped as clipText } from "../lib/clip.ts";
import { logoMark } from "../site/brand-copy.ts";
import { company } from "../site/company-copy.ts";
import { FontFamily, INK } from "./font-family.ts";
import type { DocumentFonts } from "./fonts.ts";

export { FontFamily };

const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 50;
/** The width between the margins. */
export const WIDTH = A4[0] - 2 * MARGIN;
/** The right margin: where right-aligned figures end. */
export const RIGHT_EDGE = A4[0] - MARGIN;
export const MUTED = rgb(0.35, 0.38, 0.43);
export const BRAND = rgb(0.09, 0.4, 0.36);
const RULE = rgb(0.82, 0.84, 0.87);
export const HEADER_FILL = rgb(0.95, 0.96, 0.97);

/**
 * Ligatures off: "fi" drawn as one glyph is read back (copied, searched, parsed) as another letter,
 * and a document's text must survive being copied into a purchase order or a ledger.
 */
const NO_LIGATURES = { liga: false, clig: false, dlig: false, rlig: false, ccmp: false };

/**
 * The most of a name or a company a document draws: more than one line of the narrowest letters
 * holds, so only what would be cut anyway is left out (the document's page shows all of it). It also
 * bounds the work: no input costs more layout, or more fonts, than this many characters.
 */
const CLIENT_TEXT_MAX = 100;

/** A visitor's or the owner's words, cut to `max` characters (never mid-character) with an ellipsis. */
export const clipped = (text: string, max = CLIENT_TEXT_MAX): string => clipText(text, max);

/**
 * What every part of a document draws with: the document, its two weights, and the pen (the page
 * being drawn and the height reached on it), which a part moves on, to a new page when one is full.
 */
export type Drawing = { doc: PDFDocument; regular: FontFamily; bold: FontFamily; pen: { page: PDFPage; y: number } };

/** A document's first page, with the pen at its top margin. */
export function startDrawing(doc: PDFDocument, fonts: { regular: FontFamily; bold: FontFamily }): Drawing {
  return { doc, ...fonts, pen: { page: doc.addPage(A4), y: A4[1] - MARGIN } };
}

export function turnPage(d: Drawing): void {
  d.pen = { page: d.doc.addPage(A4), y: A4[1] - MARGIN };
}

/** Text whose right end is at `edge`: figures and their labels line up on the right. */
export function right(
  d: Drawing,
  font: FontFamily,
  text: string,
  edge: number,
  y: number,
  size: number,
  color: RGB = INK,
): void {
  font.draw(d.pen.page, text, edge - font.width(text, size), y, size, color);
}

/** A rule across the page, between the margins. */
export function rule(d: Drawing, y: number, thickness?: number): void {
  d.pen.page.drawLine({
    start: { x: MARGIN, y },
    end: { x: A4[0] - MARGIN, y },
    ...(thickness === undefined ? {} : { thickness }),
    color: RULE,
  });
}

/** What a letterhead names besides the company: the document's title, registration line(s) and facts. */
export type LetterheadFacts = {
  title: string;
  registration: string | readonly string[];
  meta: [label: string, value: string][];
};

/** The logo's mark and the name, who issues it (the company's details), and which document this is. */
export function drawLetterhead(d: Drawing, facts: LetterheadFacts): void {
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
    ...[facts.registration].flat(),
  ];
  letterhead.forEach((line, i) => {
    regular.draw(pen.page, line, MARGIN, top - 50 - i * 13, 9, MUTED);
  });
  right(d, bold, facts.title.toUpperCase(), RIGHT_EDGE, top - 22, 22);
  facts.meta.forEach(([label, value], i) => {
    const y = top - 50 - i * 15;
    right(d, regular, label, RIGHT_EDGE - 112, y, 9, MUTED);
    right(d, bold, value, RIGHT_EDGE, y, 10);
  });
  pen.y = top - 50 - letterhead.length * 13 - 22;
  rule(d, pen.y + 10);
  pen.y -= 12;
}

/** A titled list of bullets, on a new page unless it fits whole on this one. */
export function drawSection(d: Drawing, title: string, items: string[]): void {
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

/** Each page's label (once the number of pages is known), bottom right, and the site's address, bottom left. */
export function drawFooters(d: Drawing, label: (page: number, pages: number) => string, siteUrl: string): void {
  const { regular } = d;
  const pages = d.doc.getPages();
  pages.forEach((page, i) => {
    const text = label(i + 1, pages.length);
    regular.draw(page, text, A4[0] - MARGIN - regular.width(text, 8), MARGIN / 2, 8, MUTED);
    regular.draw(page, siteUrl, MARGIN, MARGIN / 2, 8, MUTED);
  });
}

/**
 * The document's two weights, each a family of the scripts it needs. A file both weights use (a
 * script with no bold, see fonts.ts) is embedded once and drawn by both.
 */
export async function embedFonts(
  doc: PDFDocument,
  fonts: DocumentFonts,
): Promise<{ regular: FontFamily; bold: FontFamily }> {
  doc.registerFontkit(fontkit);
  const embedded = new Map<Uint8Array, Promise<PDFFont>>();
  // Whole fonts, not subsets: fontkit's subsetter encodes through a bundled Node stream shim whose
  // one module-wide tick queue lets one request's work resolve another's, which the Workers runtime
  // refuses (concurrent documents failed). fonts.ts embeds only the scripts a document uses.
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

/**
 * Title, author, subject and dates: the document's own date, never the time it is drawn, so the same
 * document drawn again gives the same file.
 */
export function setMetadata(doc: PDFDocument, facts: { title: string; subject: string; date: string }): void {
  doc.setTitle(`${facts.title} – ${company.name}`);
  doc.setAuthor(company.legalName);
  doc.setSubject(facts.subject);
  doc.setCreator(company.name);
  doc.setProducer(company.name);
  doc.setCreationDate(new Date(facts.date));
  doc.setModificationDate(new Date(facts.date));
}
