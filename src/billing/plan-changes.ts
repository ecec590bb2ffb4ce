/**
 * Plan changes made in Stripe's customer portal (docs/orders.md, "Plan changes"): which plan of our
 * catalogue a Stripe price bills, the change a subscription schedule promises for the period's end,
 * and the e-mails each change sends. Names always come from our catalogue, never from Stripe's text.
 */

import { findCatalogueEntry } from "../catalogue/catalogue.ts";
import type { FulfilmentOutcome, StripeEventLike } from "../checkout/fulfilment-types.ts";
import {
  readEventTime,
  readStripeTime,
  type SubscriptionObject,
  type SubscriptionScheduleObject,
  subscriptionScheduleObject,
} from "../checkout/stripe-objects.ts";
import type { SubscriptionRow } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { isoDay } from "../lib/dates.ts";
import { getOrderItems, type OrderRow, orderForSubscription } from "../orders/orders.ts";
import { createPaymentGateway } from "../providers/stripe.ts";
import { notifyPlanChange, notifyPlanReview, type PlanChangeNotice } from "./billing-notices.ts";
import { planChangeMailCopy, planLabel } from "./plan-change-mail-copy.ts";
import {
  checkPlanItems,
  listedPrice,
  type PlanCheck,
  planLookupKeys,
  type ReceivedItem,
  type ReceivedPrice,
  receivedPrice,
  recordedPrice,
  type UnreadPrice,
} from "./plan-check.ts";
import { planReviewCopy } from "./plan-review-copy.ts";
import type { PlanState } from "./subscription-queries.ts";
import { addSubscriptionReview, applyPendingChange, type PendingChange, planOfPrice } from "./subscriptions.ts";

type PlanInterval = PlanState["interval"];

/** A plan of our catalogue (something sold monthly), by id; undefined for anything else. */
function catalogued(planId: string | null | undefined) {
  const entry = planId ? findCatalogueEntry(planId) : undefined;
  return entry?.recurring ? entry : undefined;
}

/**
 * The plan a subscription bills now, checked against our catalogue (plan-check.ts); when it is not
 * one of ours, why, in words that name what Stripe sent.
 */
export function subscriptionPlan(sub: SubscriptionObject): PlanCheck {
  const items = (sub.items?.data ?? []).map((item) => ({
    price: item.price ? receivedPrice(item.price) : null,
    quantity: item.quantity,
  }));
  const checked = checkPlanItems(items);
  return checked.plan ? checked : { plan: null, problem: planReviewCopy.subscription(checked.problem) };
}

type Phase = NonNullable<SubscriptionScheduleObject["phases"]>[number];

/**
 * A plan price no subscription here has billed yet (a downgrade to a plan nobody bought): Stripe is
 * asked for our plans' current prices by lookup key (one call) and the id matched. Its figures are
 * then checked like any other price's. Unread when the id is none of them (an archived price) or
 * Stripe cannot be asked.
 */
async function askStripeForPrice(context: WorkContext, priceId: string): Promise<ReceivedPrice | UnreadPrice> {
  try {
    const prices = await createPaymentGateway(context.env).findPricesByLookupKeys(planLookupKeys());
    const price = prices.find((p) => p.id === priceId);
    return price ? listedPrice(price) : { id: priceId, unread: "unknown" };
  } catch (error) {
    context.log.warn(`Stripe price ${priceId} could not be looked up; the scheduled change is held for review`, {
      error,
    });
    return { id: priceId, unread: "unreachable" };
  }
}

/**
 * A phase's item as received. Stripe sends a phase's prices as ids: an id is known from the
 * subscriptions that billed it (figures checked then), else from Stripe's list of our plans' prices;
 * an expanded price speaks for itself.
 */
async function phaseItem(context: WorkContext, item: Phase["items"][number]): Promise<ReceivedItem> {
  const { price, quantity } = item;
  if (!price) return { price: null, quantity };
  if (typeof price !== "string") return { price: receivedPrice(price), quantity };
  const recorded = await planOfPrice(context.env.DB, price);
  return { price: recorded ? recordedPrice(recorded) : await askStripeForPrice(context, price), quantity };
}

/** The plan a schedule's phase bills, checked against our catalogue like a subscription's items. */
async function phasePlan(context: WorkContext, phase: Phase): Promise<PlanCheck> {
  const items = [];
  for (const item of phase.items) items.push(await phaseItem(context, item));
  return checkPlanItems(items);
}

/**
 * The change a schedule promises: the phase after the current one (the portal's schedule has two,
 * today's plan until the period's end, then the new one). Null when no phase follows or the next
 * bills the same plan and interval. A next phase that is not a plan of ours is recorded without a
 * plan ("Changes plan on …") and `problem` says what it bills, for the owner's review.
 */
async function scheduledChange(
  context: WorkContext,
  schedule: SubscriptionScheduleObject,
): Promise<{ pending: PendingChange; from: PlanState | null; problem: string | null }> {
  const phases = (schedule.phases ?? [])
    .map((phase) => ({ phase, start: readStripeTime(phase.start_date) }))
    .filter((p): p is { phase: Phase; start: string } => p.start !== null)
    .sort((a, b) => a.start.localeCompare(b.start));
  const currentStart = readStripeTime(schedule.current_phase?.start_date);
  const current = Math.max(0, currentStart ? phases.findIndex((p) => p.start === currentStart) : 0);
  const now = phases[current];
  const next = phases[current + 1];
  if (!now || !next) return { pending: null, from: null, problem: null };
  const [{ plan: from }, { plan: to, problem }] = await Promise.all([
    phasePlan(context, now.phase),
    phasePlan(context, next.phase),
  ]);
  if (from && to && from.planId === to.planId && from.interval === to.interval) {
    return { pending: null, from, problem: null };
  }
  const pending = { planId: to?.planId ?? null, interval: to?.interval ?? null, amountCents: to?.amountCents ?? null };
  const why = problem === null ? null : planReviewCopy.schedule(isoDay(next.start), problem);
  return { pending: { ...pending, at: next.start }, from, problem: why };
}

/** Schedule events after which it promises nothing more. */
const SCHEDULE_ENDS = new Set([
  "subscription_schedule.released",
  "subscription_schedule.canceled",
  "subscription_schedule.completed",
]);
const ENDED_STATUSES = new Set(["released", "canceled", "completed"]);

/**
 * subscription_schedule.*: records the change a schedule promises (created, updated) or clears it
 * (released, canceled, completed). An older schedule event than the stored one changes nothing.
 */
export async function onScheduleEvent(context: WorkContext, event: StripeEventLike): Promise<FulfilmentOutcome> {
  const parsed = subscriptionScheduleObject().safeParse(event.data.object);
  if (!parsed.success) return { kind: "ignored", reason: `${event.type} without a schedule it can read` };
  const schedule = parsed.data;
  const subscriptionId = schedule.subscription ?? schedule.released_subscription;
  if (!subscriptionId) return { kind: "ignored", reason: `schedule ${schedule.id} has no subscription` };
  const db = context.env.DB;
  const order = await orderForSubscription(db, subscriptionId, null);
  if (!order) return { kind: "unknown-subscription", subscriptionId };

  const ended = SCHEDULE_ENDS.has(event.type) || ENDED_STATUSES.has(schedule.status ?? "");
  const { pending, from, problem } = ended
    ? { pending: null, from: null, problem: null }
    : await scheduledChange(context, schedule);
  const time = readEventTime(event.created);
  const applied = await applyPendingChange(db, subscriptionId, pending, time.seconds ?? 0);
  // Whatever its order of arrival, Stripe did say it: the owner reviews it, once per reason.
  if (problem) await holdPlanForReview(context, order, subscriptionId, problem);
  const orderId = order.order_id;
  if (!applied) return { kind: "billing", orderId, summary: `schedule ${schedule.id}: older or reached, ignored` };
  // A change to something not ours is the review's to tell: no confirmation for the buyer, no second notice.
  if (!problem) await tellChangeScheduled(context, order, applied, from);
  const what = applied.after.pending_at ? `change on ${applied.after.pending_at}` : "no change pending";
  return { kind: "billing", orderId, summary: `schedule ${schedule.id} (${schedule.status ?? "?"}): ${what}` };
}

type PlanRef = { planId: string; interval: PlanInterval };

/** The plan the order bought (its recurring line, monthly at checkout), before any event named one. */
async function orderedPlan(db: D1Database, order: OrderRow): Promise<PlanRef | null> {
  const items = await getOrderItems(db, order.order_id);
  const plan = items.find((item) => item.recurring === 1 && catalogued(item.item_id));
  return plan ? { planId: plan.item_id, interval: "month" } : null;
}

const rowPlan = (row: SubscriptionRow | null): PlanRef | null =>
  row?.plan_id && row.plan_interval ? { planId: row.plan_id, interval: row.plan_interval } : null;

const planName = (plan: { planId: string | null; interval: PlanInterval | null }, fallback: string): string => {
  const entry = catalogued(plan.planId);
  return entry ? planLabel(entry.name, plan.interval) : fallback;
};

/**
 * After a subscription event: when the plan it bills now differs from the one before (or, first
 * time, from the one ordered), the owner and the buyer hear of it once for this plan at this time.
 */
export async function tellPlanChanged(
  context: WorkContext,
  order: OrderRow,
  before: SubscriptionRow | null,
  after: SubscriptionRow,
): Promise<void> {
  const now = rowPlan(after);
  if (!now || after.status === "canceled") return;
  const was = rowPlan(before) ?? (await orderedPlan(context.env.DB, order));
  if (!was || (was.planId === now.planId && was.interval === now.interval)) return;
  const on = after.state_at > 0 ? new Date(after.state_at * 1000).toISOString() : after.updated_at;
  await tell(context, order, {
    subscriptionId: after.subscription_id,
    change: "changed",
    fromPlan: planName(was, was.planId),
    toPlan: planName(now, now.planId),
    on,
    key: `${now.planId}:${now.interval}:${after.state_at}`,
    tellBuyer: true,
  });
}

/** After a schedule event: a newly promised change is told to the owner and the buyer, once each. */
async function tellChangeScheduled(
  context: WorkContext,
  order: OrderRow,
  { before, after }: { before: SubscriptionRow; after: SubscriptionRow },
  /** The plan the schedule bills until the change, when its price names one of ours. */
  from: PlanRef | null,
): Promise<void> {
  if (!after.pending_at) return;
  const same =
    before.pending_at === after.pending_at &&
    before.pending_plan_id === after.pending_plan_id &&
    before.pending_interval === after.pending_interval;
  if (same) return;
  const was = from ?? rowPlan(after) ?? (await orderedPlan(context.env.DB, order));
  const target = { planId: after.pending_plan_id, interval: after.pending_interval };
  await tell(context, order, {
    subscriptionId: after.subscription_id,
    change: "scheduled",
    fromPlan: was ? planName(was, was.planId) : "-",
    toPlan: planName(target, planChangeMailCopy.owner.unknownPlan),
    on: after.pending_at,
    key: `${target.planId ?? "unknown"}:${target.interval ?? ""}:${after.pending_at}`,
    // A price our catalogue does not name: the buyer is not sent a confirmation we cannot word.
    tellBuyer: catalogued(target.planId) !== undefined && was !== null,
  });
}

/**
 * Stripe bills (or will bill) something that is not a plan of ours: logged, added to the
 * subscription's review and told to the owner once per subscription and reason. The buyer hears
 * nothing: we cannot word a change to a plan we do not sell.
 */
export async function holdPlanForReview(
  context: WorkContext,
  order: OrderRow,
  subscriptionId: string,
  reason: string,
): Promise<void> {
  context.log.error(`Subscription ${subscriptionId} held for review: ${reason}`, {
    orderId: order.order_id,
    subscriptionId,
  });
  await addSubscriptionReview(context.env.DB, subscriptionId, reason);
  await notifyPlanReview(context, order, { subscriptionId, reason });
}

async function tell(context: WorkContext, order: OrderRow, notice: PlanChangeNotice): Promise<void> {
  try {
    await notifyPlanChange(context, order, notice);
  } catch (error) {
    context.log.error("The plan change's e-mails could not be recorded", {
      orderId: order.order_id,
      subscriptionId: notice.subscriptionId,
      error,
    });
  }
}
