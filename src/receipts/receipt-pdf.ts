import { PDFDocument, type RGB } from "pdf-lib";
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
  turnPage,
  WIDTH,
} from "../documents/pdf-kit.ts";
import type { DocumentTax } from "../etims/document-tax.ts";
import { formatLongDate } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import type { PaymentDetails } from "../lib/payment-ways.ts";
import { taxCopy } from "../tax/tax-copy.ts";
import { receiptDocument as words } from "./receipt-document-copy.ts";
import { drawLines } from "./receipt-lines-pdf.ts";
import type { ReceiptFacts } from "./receipt-queries.ts";
import { breakAnywhere, drawKraBlock } from "./tax-invoice-pdf.ts";

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

/** A subscription's invoice pays for a period, which the receipt names with why Stripe billed it. */
const isSubscriptionInvoice = (facts: ReceiptFacts): boolean =>
  facts.payment.subscription_id !== null && facts.payment.billing_reason !== "checkout";

/** A day of the ledger ("2026-11-20") or a stored time, as a date written out. */
const day = (value: string): string => formatLongDate(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);

/**
 * The payer on the left and the payment's details on the right, side by side: a tax invoice's KRA
 * block then still fits the first page with the lines of a usual order.
 */
const PAYER_WIDTH = 240;
const DETAILS = MARGIN + 250;
const DETAIL_VALUES = DETAILS + 58;

/**
 * Who paid: the name in bold, the company, the e-mail and the buyer's KRA PIN (a name the fonts
 * cannot draw is said to be partial).
 */
function drawPayer(d: Drawing, facts: ReceiptFacts, buyerPin: string | null): void {
  const { pen, regular, bold } = d;
  const text = userText(facts);
  regular.draw(pen.page, words.receivedFrom.toUpperCase(), MARGIN, pen.y, 8, MUTED);
  pen.y -= 16;
  const drawnName = bold.drawable(text.name);
  bold.draw(pen.page, bold.fit(drawnName || text.email, 12, PAYER_WIDTH), MARGIN, pen.y, 12);
  pen.y -= 15;
  const lines: [string, RGB | undefined][] = [];
  const drawnCompany = regular.drawable(text.company);
  if (drawnCompany) lines.push([drawnCompany, undefined]);
  if (drawnName && text.email) lines.push([text.email, MUTED]);
  if (buyerPin) lines.push([taxCopy.kraPin(buyerPin), undefined]);
  for (const [line, color] of lines) {
    regular.draw(pen.page, regular.fit(line, 10, PAYER_WIDTH), MARGIN, pen.y, 10, color);
    pen.y -= 13;
  }
  if (!(bold.covers(text.name) && regular.covers(text.company))) {
    for (const line of regular.wrap(words.nameAsWritten, 8, PAYER_WIDTH)) {
      regular.draw(pen.page, line, MARGIN, pen.y, 8, MUTED);
      pen.y -= 11;
    }
  }
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

/** Where a bank transfer or a paybill payment was paid to, as the owner has set it; null for other ways or unset details. */
function paidTo(provider: ReceiptFacts["payment"]["provider"], payTo: PaymentDetails | null): string | null {
  if (provider === "bank_transfer" && payTo?.bank) return words.paidToBank(payTo.bank.bank, payTo.bank.accountNumber);
  if (provider === "mpesa_paybill" && payTo?.paybill) return words.paidToPaybill(payTo.paybill);
  return null;
}

/** How it was paid (and to which account), its reference, the order and quote it pays, and a subscription's period. */
function drawDetails(d: Drawing, facts: ReceiptFacts, payTo: PaymentDetails | null): void {
  const { pen, regular, bold } = d;
  const { payment, order } = facts;
  const reference = userText(facts).reference;
  const rows: [string, string][] = [[words.details.method, words.methods[payment.provider]]];
  const to = paidTo(payment.provider, payTo);
  if (to) rows.push([words.details.paidTo, to]);
  if (reference) rows.push([words.details.reference, reference]);
  if (order?.order_ref) rows.push([words.details.order, order.order_ref]);
  if (order?.quote_number) rows.push([words.details.quote, order.quote_number]);
  if (isSubscriptionInvoice(facts)) {
    rows.push([words.details.billing, words.subscription.reasons[payment.billing_reason] ?? words.subscription.other]);
    const { period_start: from, period_end: to } = payment;
    if (from && to) rows.push([words.details.period, words.subscription.period(day(from), day(to))]);
  }
  regular.draw(pen.page, words.paymentHeading.toUpperCase(), DETAILS, pen.y, 8, MUTED);
  pen.y -= 16;
  for (const [label, value] of rows) {
    regular.draw(pen.page, label, DETAILS, pen.y, 9, MUTED);
    // A reference is copied into a ledger: one too long for the column takes a second line, not an ellipsis.
    const lines = breakAnywhere(bold, value, 10, RIGHT_EDGE - DETAIL_VALUES, 2);
    lines.forEach((line, i) => {
      bold.draw(pen.page, line, DETAIL_VALUES, pen.y - i * 12, 10);
    });
    pen.y -= 15 + Math.max(0, lines.length - 1) * 12;
  }
}

/** The payer and the payment's details side by side; the pen goes on under the taller. */
function drawParties(d: Drawing, facts: ReceiptFacts, buyerPin: string | null, payTo: PaymentDetails | null): void {
  const top = d.pen.y;
  drawPayer(d, facts, buyerPin);
  const payerEnd = d.pen.y;
  d.pen.y = top;
  drawDetails(d, facts, payTo);
  d.pen.y = Math.min(payerEnd, d.pen.y) - 14;
}

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

/** Whether KRA has registered it (else that it is no tax invoice), thanks, and whom to ask. */
function drawClosing(d: Drawing, taxInvoice: boolean): void {
  if (d.pen.y < MARGIN + 40) turnPage(d);
  const { pen, regular, bold } = d;
  bold.draw(pen.page, taxInvoice ? words.registeredWithKra : words.notTaxInvoice, MARGIN, pen.y, 10, BRAND);
  regular.draw(pen.page, words.thanks, MARGIN, pen.y - 16, 9);
  regular.draw(pen.page, words.questions(taxInvoice ? "invoice" : "receipt"), MARGIN, pen.y - 29, 9, MUTED);
  pen.y -= 45;
}

/**
 * The receipt as a PDF a buyer's accountant would file: the company, its registration and KRA PIN,
 * the receipt's number and dates, the payer (and their PIN), the amount (and a KES payment's worth in
 * dollars), how it was paid and its reference, what it paid for with its VAT when the seller is
 * registered, and either that it is not a tax invoice or, once KRA has accepted the sale, KRA's
 * answer and verification code, which make it the buyer's tax invoice. The same receipt, tax facts
 * and fonts give the same file (its dates are the receipt's own).
 *
 * `payTo`: the owner's payment details when it is drawn, naming the account a bank transfer or
 * paybill payment went to (left out when unset).
 */
export async function renderReceiptPdf(
  facts: ReceiptFacts,
  siteUrl: string,
  tax: DocumentTax,
  payTo: PaymentDetails | null = null,
): Promise<Uint8Array> {
  const { receipt, payment } = facts;
  const { invoice } = tax;
  const text = userText(facts);
  const lineText = tax.amounts.lines.map((l) => clipped(l.name) + clipped(l.category));
  const fonts = await documentFontsFor(
    [text.name, text.company, text.email, text.reference, text.note, ...lineText].join(""),
  );
  const doc = await PDFDocument.create();
  const weights = await embedFonts(doc, fonts);
  const title = invoice ? words.taxInvoiceTitle : words.title;
  setMetadata(doc, {
    title: `${title} ${invoice ? invoice.traderInvoiceNo : receipt.number}`,
    subject: `${title} for ${weights.regular.drawable(text.name) || text.email}`,
    date: receipt.created_at,
  });
  const d = startDrawing(doc, weights);
  drawLetterhead(d, {
    title,
    registration: words.registration(tax.seller.kraPin),
    meta: [
      [words.labels.number, receipt.number],
      ...(invoice ? [[words.labels.invoice, invoice.traderInvoiceNo] as [string, string]] : []),
      [words.labels.issued, day(receipt.created_at)],
      [words.labels.paidOn, day(payment.paid_on ?? payment.created_at)],
    ],
  });
  drawParties(d, facts, tax.buyerPin, payTo);
  drawAmount(d, facts);
  drawLines(d, tax);
  if (invoice) drawKraBlock(d, invoice);
  drawNote(d, facts);
  drawClosing(d, invoice !== null);
  drawFooters(d, (page, pages) => words.page(receipt.number, page, pages), siteUrl);
  return doc.save();
}
