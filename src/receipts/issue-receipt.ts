/**
 * A numbered receipt for every paid payment: its number and row, then its PDF, drawn once and kept
 * in R2. A receipt whose PDF could not be kept stays (stored_at NULL): the number is the payer's
 * already, and the cron's sweep, or the first download, draws it later. Other features reach
 * receipts through here (their SQL is receipts/receipt-queries.ts and receipt-link-queries.ts).
 */

import type { ReceiptRow } from "../db/document-tables.ts";
import { awaitsKra } from "../etims/sale-status.ts";
import { type StepTally, tally } from "../http/cron-step.ts";
import type { WorkContext } from "../http/work-context.ts";
import { base64url } from "../lib/base64url.ts";
import { nairobiYear } from "../lib/dates.ts";
import { receiptPath } from "../paths.ts";
import { paymentDetails } from "../payments/payment-details.ts";
import { receiptNumbersOfOrders } from "./receipt-link-queries.ts";
import {
  insertReceiptOnce,
  markReceiptStored,
  receiptFacts,
  receiptNumberStatements,
  receiptOfPayment,
  unstoredReceipts,
} from "./receipt-queries.ts";
import { storedReceiptPdf, storeReceiptPdf } from "./receipt-store.ts";
import { documentTaxOf } from "./receipt-tax.ts";

/** A receipt as a link names it: `path` is /receipt/<number>?k=<key>, relative (prefix the site's origin). */
export type ReceiptRef = { number: string; accessKey: string; path: string };

const refOf = (row: ReceiptRow): ReceiptRef => ({
  number: row.number,
  accessKey: row.access_key,
  path: receiptPath(row.number, row.access_key),
});

/**
 * The PDF library and its fonts (about a megabyte of code) load on the first receipt an isolate
 * draws, never on the start of a Worker that only serves pages. null: the receipt waits for KRA to
 * accept its sale (receipt-tax.ts), and is drawn as the tax invoice once it has.
 */
async function draw({ env, origin }: WorkContext, number: string): Promise<Uint8Array | null> {
  const facts = await receiptFacts(env.DB, number);
  if (!facts) throw new Error(`Receipt ${number} has no payment to show`);
  const { sale, waits } = await awaitsKra(env.DB, facts.payment.payment_id);
  if (waits) return null;
  const [{ renderReceiptPdf }, payTo] = await Promise.all([import("./receipt-pdf.ts"), paymentDetails(env)]);
  return renderReceiptPdf(facts, origin, documentTaxOf(env, facts, sale), payTo);
}

/**
 * Draws the receipt (the tax invoice, once KRA has accepted its sale), keeps it in R2, then marks it
 * kept; null when it waits for KRA (nothing is kept).
 */
export async function storeReceiptDocument(context: WorkContext, number: string): Promise<Uint8Array | null> {
  const pdf = await draw(context, number);
  if (!pdf) return null;
  await storeReceiptPdf(context.env.DOCUMENTS, number, pdf);
  await markReceiptStored(context.env.DB, number);
  return pdf;
}

export type IssueOptions = {
  now?: Date;
  /**
   * false: only number it. A payment's own request (a webhook, Daraja's callback) must answer
   * quickly, and the first drawing of an isolate loads the PDF library and fonts; the cron's sweep
   * or the first download draws it instead.
   */
  draw?: boolean;
};

/**
 * The payment's receipt, made if it has none: null when the payment is unknown or not paid. Safe to
 * call any number of times, concurrently too: one payment has one receipt (receipts/receipt-queries.ts), and only
 * the call that made it draws it. A failure to draw or store is logged, not thrown: the receipt
 * exists, and sweepReceipts or its first download draws it.
 */
export async function issueReceipt(
  context: WorkContext,
  paymentId: string,
  options: IssueOptions = {},
): Promise<ReceiptRef | null> {
  const { env } = context;
  const existing = await receiptOfPayment(env.DB, paymentId);
  if (existing) return refOf(existing);
  const numbering = receiptNumbering(paymentId, options.now);
  const row = await insertReceiptOnce(env.DB, numbering.receipt);
  if (!row) return null;
  // Another call made it first (its key is not ours): that call draws it.
  if (row.access_key === numbering.receipt.accessKey && options.draw !== false) {
    await storeReceiptDocument(context, row.number).catch((error: unknown) => {
      context.log.warn("A receipt's PDF was not stored: the sweep draws it", { receipt: row.number, error });
    });
  }
  return refOf(row);
}

/**
 * What numbers a payment's receipt inside another batch (settlePayment's, after the ledger line):
 * the statements, and the receipt they write. Only a paid payment without a receipt gets one; the
 * cron's sweep or the first download draws its PDF.
 */
export function receiptNumbering(paymentId: string, now = new Date()) {
  const receipt = {
    paymentId,
    year: nairobiYear(now),
    accessKey: base64url(crypto.getRandomValues(new Uint8Array(24))),
    createdAt: now.toISOString(),
  };
  return { receipt, statements: receiptNumberStatements(receipt) };
}

/** The payment's receipt, as a link names it; null when it has none. */
export async function receiptRefOf(db: D1Database, paymentId: string): Promise<ReceiptRef | null> {
  const row = await receiptOfPayment(db, paymentId);
  return row ? refOf(row) : null;
}

/**
 * The receipt numbers of these orders' payments, by payment id, for a page of orders that links
 * each payment to its receipt. No orders, no query.
 */
export async function receiptNumbersForOrders(
  db: D1Database,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  return receiptNumbersOfOrders(db, orderIds);
}

/**
 * The receipt's PDF: the stored bytes, or drawn and stored now if the first drawing failed; null
 * while its tax invoice waits for KRA.
 */
export async function receiptPdf(context: WorkContext, receipt: ReceiptRow): Promise<Uint8Array | null> {
  // R2 first even when stored_at is NULL: a concurrent first drawing may have just kept it.
  const stored = await storedReceiptPdf(context.env.DOCUMENTS, receipt.number);
  return stored ?? storeReceiptDocument(context, receipt.number);
}

/** Receipts drawn per sweep: each costs tens of milliseconds of CPU, and the next sweep takes the rest. */
const SWEEP_BATCH = 20;

/**
 * Draws and stores the receipts whose PDF is not in R2 yet (called from the cron). One that fails
 * again is logged and left for the next sweep; returns how many were stored.
 */
export async function sweepReceipts(context: WorkContext, counted?: StepTally): Promise<number> {
  const { env, log } = context;
  const pending = await unstoredReceipts(env.DB, SWEEP_BATCH);
  tally(counted, pending.length, SWEEP_BATCH);
  let stored = 0;
  for (const receipt of pending) {
    try {
      if (await storeReceiptDocument(context, receipt.number)) stored += 1;
    } catch (error) {
      log.error("A receipt's PDF could not be drawn or stored", { receipt: receipt.number, error });
    }
  }
  if (stored > 0) log.info("Receipt sweep stored PDFs", { count: stored });
  return stored;
}
