/**
 * Where a payment becomes a sale to report: settlePayment asks for the numbering statements (taken
 * in its own batch) and, once the batch stands, nudges the sender through the queue. The payment
 * never waits on KRA and never fails because of it.
 */
import type { Statement } from "../db/client.ts";
import type { WorkContext } from "../http/work-context.ts";
import { nairobiYear } from "../lib/dates.ts";
import { currentKesRate } from "../payments/kes-rate.ts";
import type { LedgerLine } from "../payments/ledger.ts";
import { etimsConfigOrNull } from "../providers/etims.ts";
import { saleNumberStatements } from "./sale-queries.ts";

/**
 * The statements that give a paid line its sale number (none when eTIMS is not configured, or the
 * line is not paid). A dollar payment keeps the owner's KES rate of the moment, so the sale reports
 * the shillings of that day however often it is resent.
 */
export async function saleNumbering(context: WorkContext, line: LedgerLine | null, at: string): Promise<Statement[]> {
  if (line?.status !== "paid") return [];
  let config: ReturnType<typeof etimsConfigOrNull>;
  try {
    config = etimsConfigOrNull(context.env);
  } catch (error) {
    context.log.error("eTIMS is misconfigured: this payment is not reported to KRA", {
      paymentId: line.paymentId,
      error,
    });
    return [];
  }
  if (!config) return [];
  const rateX100 =
    line.currency.toLowerCase() === "usd" ? ((await currentKesRate(context.env))?.rateX100 ?? null) : null;
  return saleNumberStatements({
    paymentId: line.paymentId,
    branchId: config.branchId,
    year: nairobiYear(at),
    rateX100,
    at,
  });
}

/** Asks the queue's consumer to send the waiting sales; a failure is logged (the cron's sweep sends them). */
export async function nudgeSaleSender(context: WorkContext, reason: string): Promise<void> {
  try {
    await context.env.ETIMS_QUEUE.send({ reason });
  } catch (error) {
    context.log.warn("The eTIMS queue did not take the nudge: the sweep sends the sale", { reason, error });
  }
}
