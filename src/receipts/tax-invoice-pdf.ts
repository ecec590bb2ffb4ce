/**
 * The block that makes a receipt a tax invoice: KRA's answer to the sale as eTIMS asks an invoice to
 * print it (its numbers, the control unit's serial, time, internal data and signature) and the QR
 * code of KRA's verification page, with the page's address written out for those who cannot scan.
 */
import { BRAND, type Drawing, type FontFamily, MARGIN, MUTED, RIGHT_EDGE, turnPage } from "../documents/pdf-kit.ts";
import { drawQrCode } from "../documents/qr-code.ts";
import type { KraSignature } from "../etims/document-tax.ts";
import { nairobiStampParts } from "../lib/dates.ts";
import { receiptDocument as words } from "./receipt-document-copy.ts";

/** About 3.4 cm: a phone reads the code from a printed page at arm's length. */
const QR_SIZE = 96;
const ROW = 14;
/** Where the values start: the longest label ("KRA receipt number") and a gap. */
const VALUES = MARGIN + 110;
/** KRA's values are codes, not words: one that outgrows its column takes a second line, never more. */
const VALUE_LINES = 2;

/** The control unit's YYYYMMDDhhmmss as a Kenyan reader writes it ("28/11/2026 14:05:09"); anything else as it came. */
function cuDateTime(value: string): string {
  const t = nairobiStampParts(value);
  return t ? `${t.day}/${t.month}/${t.year} ${t.hours}:${t.minutes}:${t.seconds}` : value;
}

/**
 * Text with no spaces to break at (an address, a signature) in lines of at most `width`, cut anywhere:
 * every character is kept, as a reader must type it back. Up to `max` lines; the last is cut with an
 * ellipsis if more is left.
 */
export function breakAnywhere(font: FontFamily, text: string, size: number, width: number, max: number): string[] {
  const drawable = font.drawable(text);
  if (font.width(drawable, size) <= width) return drawable ? [drawable] : [];
  const lines: string[] = [];
  let line = "";
  for (const ch of drawable) {
    if (line && font.width(line + ch, size) > width) {
      lines.push(line);
      line = "";
    }
    line += ch;
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), font.fit(lines.slice(max - 1).join(""), size, width)];
}

/**
 * The rows KRA's answer prints: label and value, in the order of a KRA receipt's control unit
 * section. A value we do not hold (no serial when the configuration could not be read) is left out
 * rather than printed empty; KRA's signature and internal data are always there.
 */
function rowsOf(invoice: KraSignature): [string, string][] {
  const { cuSerial } = invoice;
  const rows: [string, string][] = [
    [words.kra.invoiceNumber, invoice.traderInvoiceNo],
    // KRA's pair: this receipt's number among the branch's sales, over all the receipts it has issued.
    [words.kra.receiptNumber, `${invoice.curRcptNo}/${invoice.totRcptNo}`],
    [words.kra.cuSerial, cuSerial],
    // As KRA's own receipts print it: the control unit that signed the sale, and the sale's number on it.
    [words.kra.cuInvoice, cuSerial ? `${cuSerial}/${invoice.curRcptNo}` : ""],
    [words.kra.cuDateTime, cuDateTime(invoice.sdcDateTime)],
    [words.kra.internalData, invoice.intrlData],
    [words.kra.signature, invoice.rcptSign],
  ];
  return rows.filter(([, value]) => value !== "");
}

/**
 * The "KRA eTIMS" block: the rows on the left, the QR code on the right, and under both the
 * verification address in full. It is drawn whole on one page: a code split from its numbers would
 * verify a page that does not show them.
 */
export function drawKraBlock(d: Drawing, invoice: KraSignature): void {
  const valueWidth = RIGHT_EDGE - QR_SIZE - 16 - VALUES;
  const rows = rowsOf(invoice).map(([label, value]) => ({
    label,
    lines: breakAnywhere(d.bold, value, 10, valueWidth, VALUE_LINES),
  }));
  const rowsHeight = rows.reduce((sum, row) => sum + ROW + (row.lines.length - 1) * 12, 0);
  const url = breakAnywhere(d.regular, invoice.verifyUrl, 8, RIGHT_EDGE - MARGIN, 3);
  const height = 20 + Math.max(rowsHeight, QR_SIZE + 4) + 14 + url.length * 11;
  if (d.pen.y - height < MARGIN + 20) turnPage(d);
  const { pen, regular, bold } = d;
  bold.draw(pen.page, words.kra.heading, MARGIN, pen.y, 11, BRAND);
  pen.y -= 20;
  const top = pen.y;
  drawQrCode(pen.page, invoice.verifyUrl, RIGHT_EDGE - QR_SIZE, top + 10 - QR_SIZE, QR_SIZE);
  for (const row of rows) {
    regular.draw(pen.page, row.label, MARGIN, pen.y, 9, MUTED);
    row.lines.forEach((line, i) => {
      bold.draw(pen.page, line, VALUES, pen.y - i * 12, 10);
    });
    pen.y -= ROW + (row.lines.length - 1) * 12;
  }
  pen.y = Math.min(pen.y, top - QR_SIZE - 4);
  regular.draw(pen.page, words.kra.verify, MARGIN, pen.y, 8, MUTED);
  pen.y -= 11;
  for (const line of url) {
    regular.draw(pen.page, line, MARGIN, pen.y, 8, BRAND);
    pen.y -= 11;
  }
  pen.y -= 14;
}
