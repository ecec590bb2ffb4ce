/**
 * A cart with a monthly plan paid by M-Pesa: its checkout prompt pays the first month (and the cart's
 * one-off services), and the same D1 batch that makes the order paid starts the plan, ours to bill
 * from then on (docs/mpesa-plans.md). mpesa/mpesa-settle.ts asks here for every paid order prompt.
 */
import type { Statement } from "../db/client.ts";
import type { WorkContext } from "../http/work-context.ts";
import { kesAmount } from "../lib/kes.ts";
import { getOrderItems, type OrderRow } from "../orders/orders.ts";
import type { LedgerLine } from "../payments/ledger.ts";
import { anchorDayOf, nextDueOn, planDay, startOfDayIso } from "./mpesa-plan-dates.ts";
import { tellPlanStarted } from "./mpesa-plan-notices.ts";
import { newPayKey, newPlanReference, newPlanSubscriptionId } from "./mpesa-plan-reference.ts";
import { startPlanStatements } from "./mpesa-plan-write-queries.ts";

/** What the checkout's settlement adds for a plan: its ledger line's subscription and period, and the plan's rows. */
export type PlanCheckout = {
  subscriptionId: string;
  line: Pick<LedgerLine, "subscriptionId" | "billingReason" | "periodStart" | "periodEnd">;
  alongside: Statement[];
};

/**
 * The plan an order's paid prompt starts, or null when the order is not an M-Pesa plan's checkout.
 * The plan's phone is the one that paid; its first month runs from the day it was paid (Nairobi) to
 * the same day next month (mpesa-plan-dates.ts), priced at the order's own rate.
 */
export async function planCheckoutOf(
  context: WorkContext,
  order: OrderRow,
  phone: string,
  at: string,
): Promise<PlanCheckout | null> {
  // Paid already (a second prompt answered too): that money is the order's, and its plan started once.
  if (order.mode !== "subscription" || order.provider !== "mpesa" || order.status === "paid") return null;
  const plans = (await getOrderItems(context.env.DB, order.order_id)).filter((item) => item.recurring === 1);
  const [plan] = plans;
  if (!plan || plans.length > 1 || plan.quantity !== 1 || order.kes_rate_x100 === null) {
    context.log.error("An M-Pesa order billed monthly has no single plan line: no plan was started", {
      orderId: order.order_id,
    });
    return null;
  }
  const start = planDay(at);
  const anchorDay = anchorDayOf(start);
  const end = nextDueOn(start, anchorDay);
  const subscriptionId = newPlanSubscriptionId();
  return {
    subscriptionId,
    line: { subscriptionId, billingReason: "subscription_create", periodStart: start, periodEnd: end },
    alongside: startPlanStatements({
      subscriptionId,
      orderId: order.order_id,
      reference: newPlanReference(),
      phone,
      anchorDay,
      planId: plan.item_id,
      first: {
        subscriptionId,
        periodStart: start,
        periodEnd: end,
        usdCents: plan.unit_amount_cents,
        kesAmount: kesAmount(plan.unit_amount_cents, order.kes_rate_x100),
        kesRateX100: order.kes_rate_x100,
        payKey: newPayKey(),
      },
      periodEndIso: startOfDayIso(end),
      at,
    }),
  };
}

/** Once the checkout's batch stands: the buyer hears how the plan is billed (nothing, if it did not start). */
export async function tellIfPlanStarted(context: WorkContext, checkout: PlanCheckout): Promise<void> {
  try {
    await tellPlanStarted(context, checkout.subscriptionId);
  } catch (error) {
    context.log.error("The plan's first e-mail could not be queued", {
      subscriptionId: checkout.subscriptionId,
      error,
    });
  }
}
