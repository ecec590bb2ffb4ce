import { PDFDocument } from "pdf-lib";
import type { OrderItemRow } from "../db/schema.ts";
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
  rule,
  setMetadata,
  startDrawing,
  turnPage,
  WIDTH,
} from "../documents/pdf-kit.ts";
import { formatLongDate } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import { receiptDocument as words } from "./receipt-document-copy.ts";
import type { ReceiptFacts } from "./receipt-queries.ts";

/** The most of the owner's note a receipt prints (the back office holds all of it), and its lines. */
const NOTE_MAX = 300;
const NOTE_LINES = 4;

/** The payer's and the owner's words as the receipt draws them, clipped: what the fonts must cover. */
function userText(facts: ReceiptFacts) {
  const { order, payment } = facts;
  return {
    name: clipped(order?.customer_name ?? ""),
    company: clipped(order?.customer_company ?? ""),
    email: clipped(order?.customer_email ?? ""),
    reference: clipped(payment.reference ?? (payment.provider === "stripe" ? payment.payment_id : "")),
    note: clipped(payment.note ?? "", NOTE_MAX),
  };
}

/** A subscription's invoice is paid for its period; every other payment for its order's lines. */
const isSubscriptionInvoice = (facts: ReceiptFacts): boolean =>
  facts.payment.subscription_id !== null && facts.payment.billing_reason !== "checkout";

/** A day of the ledger ("2026-11-20") or a stored time, as a date written out. */
const day = (value: string): string => formatLongDate(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);

/** Who paid: the name in bold, the company, the e-mail (a name the fonts cannot draw is said to be partial). */
function drawPayer(d: Drawing, facts: ReceiptFacts): void {
  const { pen, regular, bold } = d;
  const text = userText(facts);
  regular.draw(pen.page, words.receivedFrom.toUpperCase(), MARGIN, pen.y, 8, MUTED);
  pen.y -= 16;
  const drawnName = bold.drawable(text.name);
  bold.draw(pen.page, bold.fit(drawnName || text.email, 12, WIDTH), MARGIN, pen.y, 12);
  pen.y -= 15;
  const drawnCompany = regular.drawable(text.company);
  if (drawnCompany) {
    regular.draw(pen.page, regular.fit(drawnCompany, 10, WIDTH), MARGIN, pen.y, 10);
    pen.y -= 13;
  }
  if (drawnName && text.email) {
    regular.draw(pen.page, regular.fit(text.email, 10, WIDTH), MARGIN, pen.y, 10, MUTED);
    pen.y -= 13;
  }
  if (!(bold.covers(text.name) && regular.covers(text.company))) {
    regular.draw(pen.page, words.nameAsWritten, MARGIN, pen.y, 8, MUTED);
    pen.y -= 13;
  }
  pen.y -= 14;
}

/** The amount in its currency, large; a KES payment's worth in US dollars under it. */
function drawAmount(d: Drawing, facts: ReceiptFacts): void {
  const { pen, regular, bold } = d;
  const { payment } = facts;
  pen.page.drawRectangle({ x: MARGIN, y: pen.y - 14, width: WIDTH, height: 34, color: HEADER_FILL });
  regular.draw(pen.page, words.amountReceived, MARGIN + 8, pen.y - 2, 11);
  right(d, bold, formatMoney(payment.amount_cents, payment.currency), RIGHT_EDGE - 8, pen.y - 3, 16, BRAND);
  pen.y -= 32;
  if (payment.currency.toLowerCase() !== "usd" && payment.usd_cents !== null) {
    right(d, regular, words.usdEquivalent(formatMoney(payment.usd_cents, "usd")), RIGHT_EDGE - 8, pen.y, 9, MUTED);
    pen.y -= 14;
  }
  pen.y -= 10;
}

/** How it was paid, its reference, and the order and quote it pays: label and value rows. */
function drawDetails(d: Drawing, facts: ReceiptFacts): void {
  const { pen, regular, bold } = d;
  const { payment, order } = facts;
  const reference = userText(facts).reference;
  const rows: [string, string][] = [[words.details.method, words.methods[payment.provider]]];
  if (reference) rows.push([words.details.reference, reference]);
  if (order?.order_ref) rows.push([words.details.order, order.order_ref]);
  if (order?.quote_number) rows.push([words.details.quote, order.quote_number]);
  const VALUES = MARGIN + 110;
  for (const [label, value] of rows) {
    regular.draw(pen.page, label, MARGIN, pen.y, 10, MUTED);
    bold.draw(pen.page, bold.fit(value, 10, RIGHT_EDGE - VALUES), VALUES, pen.y, 10);
    pen.y -= 16;
  }
  pen.y -= 14;
}

/** The table's header row, on the first page of the lines and again on each page they run onto. */
function drawTableHeader(d: Drawing): void {
  const { pen, bold } = d;
  pen.page.drawRectangle({ x: MARGIN, y: pen.y - 7, width: WIDTH, height: 21, color: HEADER_FILL });
  bold.draw(pen.page, words.columns.service, MARGIN + 6, pen.y, 9);
  right(d, bold, words.columns.quantity, 400, pen.y, 9);
  right(d, bold, words.columns.amount, RIGHT_EDGE - 6, pen.y, 9);
  pen.y -= 25;
}

/** One row: what was bought (and its category), how many, and the row's amount in the order's currency. */
function drawRow(
  d: Drawing,
  row: { name: string; detail: string; quantity: string; amount: string; monthly: boolean },
) {
  if (d.pen.y < MARGIN + 60) {
    turnPage(d);
    drawTableHeader(d);
  }
  const { pen, regular, bold } = d;
  const width = 400 - 40 - MARGIN;
  regular.draw(pen.page, regular.fit(row.name, 10, width), MARGIN + 6, pen.y, 10);
  regular.draw(pen.page, regular.fit(row.detail, 8, width), MARGIN + 6, pen.y - 12, 8, MUTED);
  right(d, regular, row.quantity, 400, pen.y, 10);
  right(d, bold, row.amount, RIGHT_EDGE - 6, pen.y, 10);
  if (row.monthly) right(d, regular, words.perMonth, RIGHT_EDGE - 6, pen.y - 12, 8, MUTED);
  rule(d, pen.y - 18, 0.5);
  pen.y -= 30;
}

/** What the payment was for: the order's lines, or a subscription invoice's reason and period. */
function drawFor(d: Drawing, facts: ReceiptFacts): void {
  const { payment, order, lines } = facts;
  d.bold.draw(d.pen.page, words.forHeading, MARGIN, d.pen.y, 11);
  d.pen.y -= 20;
  drawTableHeader(d);
  if (isSubscriptionInvoice(facts)) {
    const reason = words.subscription.reasons[payment.billing_reason] ?? words.subscription.other;
    const { period_start: from, period_end: to } = payment;
    const detail = from && to ? words.subscription.period(day(from), day(to)) : "";
    const amount = formatMoney(payment.amount_cents, payment.currency);
    drawRow(d, { name: reason, detail, quantity: "1", amount, monthly: false });
  } else {
    const currency = order?.currency ?? payment.currency;
    for (const line of lines) drawRow(d, lineRow(line, currency));
  }
  d.pen.y -= 10;
}

const lineRow = (line: OrderItemRow, currency: string) => ({
  name: line.name,
  detail: line.category,
  quantity: String(line.quantity),
  amount: formatMoney(line.unit_amount_cents * line.quantity, currency),
  monthly: line.recurring === 1,
});

/** The owner's note on the payment, clipped and wrapped to a few lines. */
function drawNote(d: Drawing, facts: ReceiptFacts): void {
  const note = d.regular.drawable(userText(facts).note);
  if (!note) return;
  const lines = d.regular.wrap(note, 9, WIDTH).slice(0, NOTE_LINES);
  if (d.pen.y - 16 - lines.length * 13 < MARGIN + 80) turnPage(d);
  const { pen, regular, bold } = d;
  bold.draw(pen.page, words.noteHeading, MARGIN, pen.y, 10);
  pen.y -= 14;
  for (const line of lines) {
    regular.draw(pen.page, regular.fit(line, 9, WIDTH), MARGIN, pen.y, 9);
    pen.y -= 13;
  }
  pen.y -= 12;
}

/** That this is a receipt and not a tax invoice, thanks, and whom to ask. */
function drawClosing(d: Drawing): void {
  if (d.pen.y < MARGIN + 70) turnPage(d);
  const { pen, regular, bold } = d;
  bold.draw(pen.page, words.notTaxInvoice, MARGIN, pen.y, 10, BRAND);
  regular.draw(pen.page, words.thanks, MARGIN, pen.y - 16, 9);
  regular.draw(pen.page, words.questions, MARGIN, pen.y - 29, 9, MUTED);
  pen.y -= 45;
}

/**
 * The receipt as a PDF a buyer's accountant would file: the company and its registration, the
 * receipt's number and dates, the payer, the amount (and a KES payment's worth in dollars), how it
 * was paid and its reference, what it paid for, and that it is not a tax invoice. The same receipt
 * and fonts give the same file (its dates are the receipt's own).
 */
export async function renderReceiptPdf(facts: ReceiptFacts, siteUrl: string): Promise<Uint8Array> {
  const { receipt, payment } = facts;
  const text = userText(facts);
  const fonts = await documentFontsFor(
    [
      text.name,
      text.company,
      text.email,
      text.reference,
      text.note,
      ...facts.lines.map((l) => l.name + l.category),
    ].join(""),
  );
  const doc = await PDFDocument.create();
  const weights = await embedFonts(doc, fonts);
  setMetadata(doc, {
    title: `${words.title} ${receipt.number}`,
    subject: `${words.title} for ${weights.regular.drawable(text.name) || text.email}`,
    date: receipt.created_at,
  });
  const d = startDrawing(doc, weights);
  drawLetterhead(d, {
    title: words.title,
    registration: words.registration,
    meta: [
      [words.labels.number, receipt.number],
      [words.labels.issued, day(receipt.created_at)],
      [words.labels.paidOn, day(payment.paid_on ?? payment.created_at)],
    ],
  });
  drawPayer(d, facts);
  drawAmount(d, facts);
  drawDetails(d, facts);
  drawFor(d, facts);
  drawNote(d, facts);
  drawClosing(d);
  drawFooters(d, (page, pages) => words.page(receipt.number, page, pages), siteUrl);
  return doc.save();
}
