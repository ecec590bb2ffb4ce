/**
 * What a receipt or tax invoice paid for: the table of its lines and the totals under it, in the
 * document's currency, from the sale's own figures (etims/sale-amounts.ts), so the PDF and what KRA
 * was told agree to the cent. A VAT-registered seller's table splits each line into net, VAT and
 * total; an unregistered seller's shows no VAT anywhere.
 */
import {
  clipped,
  type Drawing,
  type FontFamily,
  HEADER_FILL,
  MARGIN,
  MUTED,
  RIGHT_EDGE,
  right,
  rule,
  turnPage,
} from "../documents/pdf-kit.ts";
import type { DocumentTax } from "../etims/document-tax.ts";
import type { SaleLine } from "../etims/sale-amounts.ts";
import { formatKesRate } from "../lib/kes.ts";
import { formatMoney } from "../lib/money.ts";
import type { VatSplit } from "../tax/vat.ts";
import { receiptDocument as words } from "./receipt-document-copy.ts";

const FIGURE_SIZE = 10;
const HEADER_SIZE = 9;
/** Between two columns: enough that adjacent figures never read as one number. */
const GAP = 16;
/** The inset of the table's text from the edges of its header's fill. */
const INSET = 6;
/** A line's name takes two lines at most: the table stays a table, and the order's page has the rest. */
const NAME_LINES = 2;
const LEADING = 12;

/** The table's columns: where each ends (figures are right-aligned) and where the service's text may run. */
type Layout = { figures: { title: string; edge: number }[]; quantityEdge: number; serviceWidth: number };

/** The figures of a split the table shows: net, VAT and total when registered, else the total alone. */
const figuresOf = (split: VatSplit, currency: string, registered: boolean): string[] =>
  registered
    ? [
        formatMoney(split.netCents, currency),
        formatMoney(split.vatCents, currency),
        formatMoney(split.totalCents, currency),
      ]
    : [formatMoney(split.totalCents, currency)];

/**
 * Each figure column as wide as its widest figure (the totals' included), right to left from the
 * margin; the service's column gets the rest. A shilling total in the millions still fits its column,
 * and a dollar table leaves its names more room.
 */
function layoutOf(d: Drawing, tax: DocumentTax): Layout {
  const { bold } = d;
  const { amounts } = tax;
  const registered = tax.seller.vat.registered;
  const titles = registered ? [words.columns.net, words.columns.vat, words.columns.total] : [words.columns.amount];
  const rows = [...amounts.lines.map((l) => l.split), amounts.total].map((s) =>
    figuresOf(s, amounts.currency, registered),
  );
  let edge = RIGHT_EDGE - INSET;
  const figures: Layout["figures"] = [];
  for (let i = titles.length - 1; i >= 0; i -= 1) {
    const title = titles[i] ?? "";
    const width = Math.max(bold.width(title, HEADER_SIZE), ...rows.map((r) => bold.width(r[i] ?? "", FIGURE_SIZE)));
    figures.unshift({ title, edge });
    edge -= width + GAP;
  }
  const quantityWidth = Math.max(
    bold.width(words.columns.quantity, HEADER_SIZE),
    ...amounts.lines.map((l) => bold.width(String(l.quantity), FIGURE_SIZE)),
  );
  return { figures, quantityEdge: edge, serviceWidth: edge - quantityWidth - GAP - (MARGIN + INSET) };
}

/** The header row, on the first page of the lines and again on each page they run onto. */
function drawHeader(d: Drawing, layout: Layout): void {
  const { pen, bold } = d;
  pen.page.drawRectangle({ x: MARGIN, y: pen.y - 7, width: RIGHT_EDGE - MARGIN, height: 21, color: HEADER_FILL });
  bold.draw(pen.page, words.columns.service, MARGIN + INSET, pen.y, HEADER_SIZE);
  right(d, bold, words.columns.quantity, layout.quantityEdge, pen.y, HEADER_SIZE);
  for (const column of layout.figures) right(d, bold, column.title, column.edge, pen.y, HEADER_SIZE);
  pen.y -= 25;
}

/** A name in at most NAME_LINES lines of the column, the last cut with an ellipsis if more was left. */
function nameLines(font: FontFamily, name: string, width: number): string[] {
  const lines = font.wrap(font.drawable(clipped(name)), FIGURE_SIZE, width);
  if (lines.length > NAME_LINES) lines.splice(NAME_LINES - 1, lines.length, lines.slice(NAME_LINES - 1).join(" "));
  return lines.map((line) => font.fit(line, FIGURE_SIZE, width));
}

/** One line: its name (and category), how many, and its figures; the page turns first if it would not fit. */
function drawLine(d: Drawing, layout: Layout, line: SaleLine, tax: DocumentTax): void {
  const names = nameLines(d.regular, line.name, layout.serviceWidth);
  const detail = d.regular.fit(d.regular.drawable(clipped(line.category)), 8, layout.serviceWidth);
  const nameHeight = Math.max(1, names.length);
  const under = Math.max(1, nameHeight - 1 + (detail || line.recurring ? 1 : 0));
  const height = 6 + under * LEADING + 12;
  if (d.pen.y - height < MARGIN + 30) {
    turnPage(d);
    drawHeader(d, layout);
  }
  const { pen, regular, bold } = d;
  names.forEach((text, i) => {
    regular.draw(pen.page, text, MARGIN + INSET, pen.y - i * LEADING, FIGURE_SIZE);
  });
  if (detail) regular.draw(pen.page, detail, MARGIN + INSET, pen.y - nameHeight * LEADING, 8, MUTED);
  right(d, regular, String(line.quantity), layout.quantityEdge, pen.y, FIGURE_SIZE);
  const figures = figuresOf(line.split, tax.amounts.currency, tax.seller.vat.registered);
  layout.figures.forEach((column, i) => {
    const last = i === layout.figures.length - 1;
    right(d, last ? bold : regular, figures[i] ?? "", column.edge, pen.y, FIGURE_SIZE);
  });
  if (line.recurring) right(d, regular, words.perMonth, RIGHT_EDGE - INSET, pen.y - LEADING, 8, MUTED);
  rule(d, pen.y - 6 - under * LEADING, 0.5);
  pen.y -= height;
}

/**
 * The document's totals under the table: net, VAT and total when registered (the sums of the lines,
 * so they add up as printed), else the total alone; and, for a card payment drawn in shillings, the
 * dollars paid and the rate that made them shillings.
 */
function drawTotals(d: Drawing, tax: DocumentTax): void {
  const { amounts, seller } = tax;
  const { total, currency } = amounts;
  const rows: [string, string][] = seller.vat.registered
    ? [
        [words.columns.net, formatMoney(total.netCents, currency)],
        [words.columns.vat, formatMoney(total.vatCents, currency)],
        [words.columns.total, formatMoney(total.totalCents, currency)],
      ]
    : [[words.columns.total, formatMoney(total.totalCents, currency)]];
  const usdPaid =
    tax.usdPaidCents !== null && amounts.rateX100 !== null
      ? words.usdPaid(formatMoney(tax.usdPaidCents, "usd"), formatKesRate(amounts.rateX100))
      : null;
  if (d.pen.y - rows.length * 16 - (usdPaid ? 16 : 0) < MARGIN + 30) turnPage(d);
  const { pen, regular, bold } = d;
  const valueWidth = Math.max(...rows.map(([, value]) => bold.width(value, 11)));
  const labelEdge = RIGHT_EDGE - INSET - valueWidth - 28;
  rows.forEach(([label, value], i) => {
    const isTotal = i === rows.length - 1;
    if (isTotal && rows.length > 1) {
      // Clear of the VAT row's descenders: the rule reads as "adds up to", not as an underline.
      pen.y -= 4;
      pen.page.drawLine({
        start: { x: labelEdge - 60, y: pen.y + 13 },
        end: { x: RIGHT_EDGE, y: pen.y + 13 },
        thickness: 0.5,
        color: MUTED,
      });
    }
    right(d, isTotal ? bold : regular, label, labelEdge, pen.y, isTotal ? 11 : 10, isTotal ? undefined : MUTED);
    right(d, isTotal ? bold : regular, value, RIGHT_EDGE - INSET, pen.y, isTotal ? 11 : 10);
    pen.y -= isTotal ? 17 : 15;
  });
  if (usdPaid) {
    right(d, regular, usdPaid, RIGHT_EDGE - INSET, pen.y, 9, MUTED);
    pen.y -= 14;
  }
}

/** The heading, the table (its header repeated on each page it runs onto) and the totals. */
export function drawLines(d: Drawing, tax: DocumentTax): void {
  const layout = layoutOf(d, tax);
  d.bold.draw(d.pen.page, words.forHeading, MARGIN, d.pen.y, 11);
  d.pen.y -= 20;
  drawHeader(d, layout);
  for (const line of tax.amounts.lines) drawLine(d, layout, line, tax);
  d.pen.y -= 6;
  drawTotals(d, tax);
  d.pen.y -= 14;
}
