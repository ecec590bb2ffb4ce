/**
 * The sender: reports the waiting sales to KRA, in the order of their numbers, each under the
 * number it was given when its payment was recorded. It runs in the eTIMS queue's consumer (nudged
 * by each payment) and in the 5-minute sweep, one sender per branch at a time (a lease in D1):
 * - KRA accepts: the sale keeps KRA's numbers and signature for good, the receipt is drawn as the
 *   tax invoice and kept, and the buyer is e-mailed its link; it is never sent again;
 * - KRA is unreachable or answers an error: this sale and every later one wait (backoff), so they
 *   reach KRA in order when it is back;
 * - KRA refuses the content (a wrong PIN…): the sale waits for the owner, who sees KRA's message in
 *   the back office and fixes it; the later sales go on.
 */
import { asc, eq, sql } from "drizzle-orm";
import { database } from "../db/client.ts";
import type { EtimsSaleRow } from "../db/etims-tables.ts";
import { orderItems, orders, payments } from "../db/schema.ts";
import { type StepTally, tally } from "../http/cron-step.ts";
import type { WorkContext } from "../http/work-context.ts";
import {
  createOscuClient,
  type EtimsConfig,
  EtimsRefusedError,
  EtimsUnavailableError,
  etimsConfigOrNull,
  type OscuClient,
} from "../providers/etims.ts";
import { vatStatus } from "../tax/vat.ts";
import { creditNoteRefund } from "./credit-notes.ts";
import {
  dueSales,
  holdWaitingSales,
  markSaleAccepted,
  markSaleFailed,
  releaseSenderLease,
  takeSenderLease,
} from "./sale-queries.ts";
import { type SaleFacts, SaleNotReportableError, saleRequest } from "./sale-request.ts";
import { mailTaxInvoice } from "./tax-invoice-notice.ts";

/** Sales sent per run: each waits up to 20 s on KRA, and the next run (or nudge) takes the rest. */
const SALES_PER_RUN = 25;
/** The lease outlives a run's worst case (every call timing out), so two senders never overlap. */
const LEASE_MS = 5 * 60_000;

/** The wait before a failed sale's next attempt: 1, 2, 4… minutes, at most 30. */
function retryDelayMs(attempts: number): number {
  return Math.min(30, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

export type SenderRun = { accepted: number; failed: number; refused: number; skipped?: "not-configured" | "busy" };

/** What KRA's request is built from: the sale, its payment, the order and its lines. */
async function saleFactsOf(db: D1Database, sale: EtimsSaleRow): Promise<Omit<SaleFacts, "vat" | "seller"> | null> {
  const dz = database(db);
  const payment = await dz.select().from(payments).where(eq(payments.payment_id, sale.payment_id)).get();
  if (!payment) return null;
  const [orderRows, lines] = await dz.batch([
    dz.select().from(orders).where(eq(orders.order_id, payment.order_id)),
    dz.select().from(orderItems).where(eq(orderItems.order_id, payment.order_id)).orderBy(asc(sql`rowid`)),
  ]);
  const refund = sale.receipt_type === "R" ? await creditNoteRefund(db, sale) : null;
  return { sale, payment, order: orderRows[0] ?? null, lines, refund };
}

type Outcome = "accepted" | "refused" | "unavailable";

/** Sends one sale and records what came of it. */
async function sendSale(
  context: WorkContext,
  client: OscuClient,
  config: EtimsConfig,
  sale: EtimsSaleRow,
  now: Date,
): Promise<Outcome> {
  const { env, log } = context;
  const at = now.toISOString();
  const failed = (message: string, attempts = sale.attempts + 1) =>
    markSaleFailed(env.DB, sale, message, at, new Date(now.getTime() + retryDelayMs(attempts)).toISOString());
  try {
    const facts = await saleFactsOf(env.DB, sale);
    if (!facts) throw new SaleNotReportableError(`The payment ${sale.payment_id} is no longer held`);
    const body = saleRequest({ ...facts, vat: vatStatus(env), seller: { tin: config.tin, branchId: config.branchId } });
    const answer = await client.saveSale(body);
    if (await markSaleAccepted(env.DB, sale, answer, at)) {
      log.info("KRA accepted a sale", { invcNo: sale.invc_no, receiptType: sale.receipt_type });
      // A credit note's payment already has its tax invoice; the refund's e-mail went when it succeeded.
      if (sale.receipt_type === "S") await mailTaxInvoice(context, sale.payment_id);
    }
    return "accepted";
  } catch (error) {
    if (error instanceof EtimsRefusedError || error instanceof SaleNotReportableError) {
      log.error("KRA refused a sale, or it could not be built: it waits for the owner", {
        invcNo: sale.invc_no,
        error,
      });
      await failed(error.message);
      return "refused";
    }
    const message = error instanceof EtimsUnavailableError ? error.message : "KRA eTIMS could not be reached";
    log.warn("A sale could not reach KRA: it is sent again later", { invcNo: sale.invc_no, error });
    await failed(message);
    return "unavailable";
  }
}

/**
 * Sends the due sales of our branch (see the module's comment); returns what came of them. Never
 * throws for KRA's sake: the caller is a queue consumer or the cron.
 */
export async function reportWaitingSales(
  context: WorkContext,
  now = new Date(),
  counted?: StepTally,
): Promise<SenderRun> {
  const { env } = context;
  const run: SenderRun = { accepted: 0, failed: 0, refused: 0 };
  const config = etimsConfigOrNull(env);
  if (!config) return { ...run, skipped: "not-configured" };
  const holder = crypto.randomUUID();
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + LEASE_MS).toISOString();
  if (!(await takeSenderLease(env.DB, config.branchId, holder, nowIso, until))) return { ...run, skipped: "busy" };
  try {
    const client = createOscuClient(config);
    const sales = await dueSales(env.DB, config.branchId, nowIso, SALES_PER_RUN);
    tally(counted, sales.length, SALES_PER_RUN);
    for (const sale of sales) {
      const outcome = await sendSale(context, client, config, sale, now);
      if (outcome === "accepted") run.accepted += 1;
      if (outcome === "refused") run.refused += 1;
      if (outcome === "unavailable") {
        run.failed += 1;
        const next = new Date(now.getTime() + retryDelayMs(sale.attempts + 1)).toISOString();
        await holdWaitingSales(env.DB, config.branchId, next);
        break;
      }
    }
  } finally {
    await releaseSenderLease(env.DB, config.branchId, holder);
  }
  if (run.accepted + run.failed + run.refused > 0) context.log.info("eTIMS sender run", run);
  return run;
}
