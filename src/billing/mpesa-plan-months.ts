/**
 * An M-Pesa plan's months: opening the next one at the day's price, what is still owed on one, and
 * sending its prompt (the cron's tries and the buyer's click alike, docs/mpesa-plans.md).
 */
import type { MpesaPlanMonthRow } from "../db/mpesa-plan-tables.ts";
import type { WorkContext } from "../http/work-context.ts";
import { kesAmount, MPESA_MAX_KES } from "../lib/kes.ts";
import { sendPrompt } from "../mpesa/send-prompt.ts";
import { getOrder } from "../orders/orders.ts";
import { currentKesRate } from "../payments/kes-rate.ts";
import { createMpesaGateway, type MpesaGateway, MpesaNotConfiguredError } from "../providers/daraja.ts";
import { nextDueOn } from "./mpesa-plan-dates.ts";
import { type MpesaPlan, openMonth, paidKesOfMonth } from "./mpesa-plan-queries.ts";
import { newPayKey } from "./mpesa-plan-reference.ts";
import { claimMonthPrompt, insertMonth, releaseMonthPrompt } from "./mpesa-plan-write-queries.ts";

export type { MpesaPlan } from "./mpesa-plan-queries.ts";

/** What a prompt shows beside the amount (Daraja: at most 13 characters). */
const PROMPT_DESCRIPTION = "Monthly plan";

/**
 * What a month opening today costs: the plan's dollars at the owner's rate today, rounded up to a
 * whole shilling as every M-Pesa price is. Fixed for the month once it opens. Null with no rate.
 */
async function monthPriceToday(env: Env, plan: MpesaPlan): Promise<{ kes: number; rateX100: number } | null> {
  const rate = await currentKesRate(env);
  if (!rate || !plan.plan_amount_cents) return null;
  return { kes: kesAmount(plan.plan_amount_cents, rate.rateX100), rateX100: rate.rateX100 };
}

/**
 * Opens the plan's next month (due on its next_due_on) at today's price, unless one is open: the
 * open month either way, or null when no rate can price it (the owner sets one in the back office).
 */
export async function openNextMonth(context: WorkContext, plan: MpesaPlan): Promise<MpesaPlanMonthRow | null> {
  const { env, log } = context;
  const open = await openMonth(env.DB, plan.subscription_id);
  if (open) return open;
  const price = await monthPriceToday(env, plan);
  if (!price || !plan.plan_amount_cents) {
    log.error("An M-Pesa plan's month cannot be priced: no KES rate is set", { subscriptionId: plan.subscription_id });
    return null;
  }
  await insertMonth(env.DB, {
    subscriptionId: plan.subscription_id,
    periodStart: plan.next_due_on,
    periodEnd: nextDueOn(plan.next_due_on, plan.anchor_day),
    usdCents: plan.plan_amount_cents,
    kesAmount: price.kes,
    kesRateX100: price.rateX100,
    payKey: newPayKey(),
  });
  return openMonth(env.DB, plan.subscription_id);
}

/** The whole shillings still owed on a month (its price less what the ledger holds for it). */
export async function monthBalance(db: D1Database, month: MpesaPlanMonthRow): Promise<number> {
  return Math.max(0, month.kes_amount - (await paidKesOfMonth(db, month.subscription_id, month.period_start)));
}

export type MonthPrompt =
  | { kind: "sent"; kes: number }
  /** Another prompt for the plan is being sent or waits for the phone; or the cron's try of the day is made. */
  | { kind: "busy" }
  | { kind: "not-configured" | "over-limit" | "refused" | "provider-failed" | "not-recorded" | "nothing-due" };

function gatewayOf(context: WorkContext): MpesaGateway | null {
  try {
    return createMpesaGateway(context.env);
  } catch (error) {
    if (!(error instanceof MpesaNotConfiguredError)) throw error;
    context.log.error(`An M-Pesa plan's prompt was not sent: ${error.message}`);
    return null;
  }
}

/**
 * Sends a prompt for the month's balance to the plan's phone, once the month is claimed (at most
 * one prompt of a plan is sent or pending at a time). `cron` is the cron's try of the day: the
 * claim also counts it, so a second run the same day finds it made.
 */
export async function promptMonth(
  context: WorkContext,
  plan: MpesaPlan,
  month: MpesaPlanMonthRow,
  cron: { today: string; tries: number } | null,
): Promise<MonthPrompt> {
  const { env } = context;
  const key = { subscriptionId: plan.subscription_id, periodStart: month.period_start, reference: plan.reference };
  const claimed = await claimMonthPrompt(env.DB, key, cron);
  if (!claimed) return { kind: "busy" };
  let sent = false;
  try {
    const kes = await monthBalance(env.DB, claimed);
    if (kes <= 0) return { kind: "nothing-due" };
    if (kes > MPESA_MAX_KES) return { kind: "over-limit" };
    const gateway = gatewayOf(context);
    const order = await getOrder(env.DB, plan.order_id);
    if (!gateway || !order) return { kind: "not-configured" };
    const labels = { accountReference: plan.reference, description: PROMPT_DESCRIPTION };
    const prompted = await sendPrompt(context, gateway, order, kes, plan.phone, labels);
    sent = prompted.kind === "sent";
    return prompted.kind === "sent" ? { kind: "sent", kes } : prompted;
  } finally {
    await releaseMonthPrompt(env.DB, key, sent);
  }
}
