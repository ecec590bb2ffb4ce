/**
 * What a buyer does to their M-Pesa plan from /billing (docs/mpesa-plans.md): see it, cancel it (at
 * the end of the paid month), change the number its prompts go to, and send a prompt for a month due.
 * Each change is audited on the plan's order for the owner. The routes reach the plan only through
 * an e-mailed one-time link (billing-links.ts), or a month's pay key.
 */
import type { MpesaPlanMonthRow } from "../db/mpesa-plan-tables.ts";
import type { WorkContext } from "../http/work-context.ts";
import { displaySafaricomNumber, normaliseSafaricomNumber } from "../lib/safaricom.ts";
import { getOrder } from "../orders/orders.ts";
import { type Budget, promptBudgets, returnBudgets, spendBudgetsTogether } from "../security/budget.ts";
import { ceilingReached } from "../security/ceilings.ts";
import { createBillingLink, REQUESTED_LINK_TTL_SECONDS } from "./billing-links.ts";
import { notifySubscriptionChange } from "./billing-notices.ts";
import { endPlan, scheduleCancel, setPlanPhone } from "./mpesa-plan-change-queries.ts";
import { type MonthPrompt, monthBalance, promptMonth } from "./mpesa-plan-months.ts";
import { longDay, periodWords, planNameOf } from "./mpesa-plan-notices.ts";
import { monthByPayKey, openMonth, planBySubscription } from "./mpesa-plan-queries.ts";

/** A month being asked for, as the pages show it. */
type DueMonthView = { period: string; kes: number };

/** A plan as its page shows it. */
export type PlanView = {
  subscriptionId: string;
  planName: string;
  reference: string;
  status: string;
  monthlyCents: number;
  phone: string;
  /** The next due date, or (set to cancel) the day it ends. */
  paidUntil: string;
  ending: boolean;
  ended: boolean;
  due: DueMonthView | null;
};

async function dueView(db: D1Database, month: MpesaPlanMonthRow | null): Promise<DueMonthView | null> {
  return month ? { period: periodWords(month), kes: await monthBalance(db, month) } : null;
}

export async function planView(db: D1Database, subscriptionId: string): Promise<PlanView | null> {
  const plan = await planBySubscription(db, subscriptionId);
  if (!plan) return null;
  return {
    subscriptionId,
    planName: planNameOf(plan),
    reference: plan.reference,
    status: plan.status,
    monthlyCents: plan.plan_amount_cents ?? 0,
    phone: displaySafaricomNumber(plan.phone),
    paidUntil: longDay(plan.next_due_on),
    ending: plan.cancel_at_period_end === 1,
    ended: plan.status === "canceled",
    due: plan.status === "canceled" ? null : await dueView(db, await openMonth(db, subscriptionId)),
  };
}

/**
 * A new one-time token for the plan's page (its forms carry it): each action uses one, and the page
 * it answers with carries the next. Tied to the address its order holds, as an e-mailed link is.
 */
export async function planPageToken(db: D1Database, subscriptionId: string): Promise<string | null> {
  const plan = await planBySubscription(db, subscriptionId);
  return plan ? createBillingLink(db, subscriptionId, plan.customer_email, REQUESTED_LINK_TTL_SECONDS) : null;
}

export type PhoneChange = { ok: true; phone: string } | { ok: false; reason: "invalid" | "ended" };

/** A new number for the plan's prompts, as the checkout reads one (07…, +254…); audited. */
export async function changePlanPhone(db: D1Database, subscriptionId: string, typed: string): Promise<PhoneChange> {
  const phone = normaliseSafaricomNumber(typed);
  const plan = await planBySubscription(db, subscriptionId);
  if (!phone) return { ok: false, reason: "invalid" };
  if (!plan || plan.status === "canceled") return { ok: false, reason: "ended" };
  const detail = `${displaySafaricomNumber(plan.phone)} → ${displaySafaricomNumber(phone)}`;
  const changed = await setPlanPhone(db, subscriptionId, phone, {
    orderId: plan.order_id,
    action: "plan.phone_changed",
    detail,
  });
  return changed ? { ok: true, phone: displaySafaricomNumber(phone) } : { ok: false, reason: "ended" };
}

export type Cancellation = { kind: "scheduled"; endsOn: string } | { kind: "ended" } | { kind: "already" };

/**
 * Cancels a plan at the end of its paid month: set to end on its next due date, or, with a month
 * unpaid (the paid time is over), ended now with that month no longer asked for. The owner hears
 * either way; the buyer's own page confirms it.
 */
export async function cancelPlan(context: WorkContext, subscriptionId: string, now: Date): Promise<Cancellation> {
  const { env } = context;
  const plan = await planBySubscription(env.DB, subscriptionId);
  if (!plan || plan.status === "canceled" || plan.cancel_at_period_end === 1) return { kind: "already" };
  const order = await getOrder(env.DB, plan.order_id);
  if (!order) return { kind: "already" };
  const at = now.toISOString();
  const open = await openMonth(env.DB, subscriptionId);
  const facts = { subscriptionId, periodEnd: null as string | null, canceledAt: at };
  if (open) {
    const audit = {
      orderId: plan.order_id,
      action: "plan.canceled" as const,
      detail: `ended now, ${periodWords(open)} unpaid`,
    };
    if (!(await endPlan(env.DB, subscriptionId, at, audit))) return { kind: "already" };
    await notifySubscriptionChange(context, order, "owner-subscription-canceled", facts);
    return { kind: "ended" };
  }
  const endsOn = longDay(plan.next_due_on);
  const audit = { orderId: plan.order_id, action: "plan.canceled" as const, detail: `ends on ${plan.next_due_on}` };
  if (!(await scheduleCancel(env.DB, subscriptionId, audit))) return { kind: "already" };
  await notifySubscriptionChange(context, order, "owner-cancel-scheduled", { ...facts, periodEnd: plan.next_due_on });
  return { kind: "scheduled", endsOn };
}

/** A month's pay page: the plan and the month its key names, while it is owed. */
export type PayView = { payKey: string; planName: string; reference: string; phone: string; due: DueMonthView };

export async function payView(db: D1Database, payKey: string): Promise<{ view: PayView | null; known: boolean }> {
  const month = await monthByPayKey(db, payKey);
  if (!month) return { view: null, known: false };
  const plan = await planBySubscription(db, month.subscription_id);
  const due = await dueView(db, month);
  if (!plan || plan.status === "canceled" || !due || due.kes <= 0 || !["due", "past_due"].includes(month.status)) {
    return { view: null, known: true };
  }
  const phone = displaySafaricomNumber(plan.phone);
  // The link may be forwarded: the number is shown in part.
  const masked = `${phone.slice(0, 4)} ••• ${phone.slice(-3)}`;
  return { view: { payKey, planName: planNameOf(plan), reference: plan.reference, phone: masked, due }, known: true };
}

export type BuyerPrompt = MonthPrompt | { kind: "phone-busy" | "client-busy" | "ceiling" | "nothing-due" };

/**
 * A prompt the buyer asked for (a pay link, or the plan's page): the phone's and the network's
 * budgets are spent as at checkout (and given back when no prompt went), so a link cannot be used to
 * buzz a phone. The month is `payKey`'s, or the plan's open one.
 */
export async function promptForBuyer(
  context: WorkContext,
  which: { payKey: string } | { subscriptionId: string },
  clientKey: string,
): Promise<BuyerPrompt & { phone?: string }> {
  const { env } = context;
  const month =
    "payKey" in which ? await monthByPayKey(env.DB, which.payKey) : await openMonth(env.DB, which.subscriptionId);
  const plan = month ? await planBySubscription(env.DB, month.subscription_id) : null;
  if (!month || !plan || plan.status === "canceled" || !["due", "past_due"].includes(month.status)) {
    return { kind: "nothing-due" };
  }
  const spent = await spendBudgetsTogether(env.DB, [
    { budget: promptBudgets.client, key: clientKey },
    { budget: promptBudgets.phone, key: plan.phone },
  ]);
  if ("full" in spent) return { kind: fullBudget(spent.full) };
  if (await ceilingReached(context, "mpesaPrompt")) {
    await returnBudgets(env.DB, spent.spent);
    return { kind: "ceiling" };
  }
  const prompted = await promptMonth(context, plan, month, null);
  // Not sent, nothing buzzed: the budgets go back ("not-recorded" did reach the phone).
  if (prompted.kind !== "sent" && prompted.kind !== "not-recorded") await returnBudgets(env.DB, spent.spent);
  return { ...prompted, phone: displaySafaricomNumber(plan.phone) };
}

const fullBudget = (full: Budget): "phone-busy" | "client-busy" =>
  full === promptBudgets.phone ? "phone-busy" : "client-busy";
