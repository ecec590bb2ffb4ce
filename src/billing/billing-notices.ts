import type { WorkContext } from "../http/work-context.ts";
import { formatLongDate, isoDay } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import { enqueueMail } from "../mail/enqueue.ts";
import { adminLink } from "../mail/order-notices.ts";
import { ownerNoticeCopy as copy } from "../mail/owner-notices-copy.ts";
import type { OrderRow } from "../orders/orders.ts";
import { sha256Hex } from "../security/sha256.ts";
import { type PlanChangeKind, planChangeMailCopy } from "./plan-change-mail-copy.ts";
import { planReviewCopy } from "./plan-review-copy.ts";
import { statusReviewCopy } from "./status-review-copy.ts";

export type SubscriptionFacts = {
  subscriptionId: string;
  /** ISO dates, or null. */
  periodEnd: string | null;
  canceledAt: string | null;
};

const day = (iso: string | null): string => (iso ? isoDay(iso) : "-");

/** A subscription will end at its period's end, or has ended: the owner hears of each once. */
export async function notifySubscriptionChange(
  context: WorkContext,
  order: OrderRow,
  change: "owner-cancel-scheduled" | "owner-subscription-canceled",
  facts: SubscriptionFacts,
): Promise<void> {
  const scheduled = change === "owner-cancel-scheduled";
  await enqueueMail(context, {
    kind: change,
    dedupeKey: `${change}:${facts.subscriptionId}${scheduled ? `:${facts.periodEnd ?? ""}` : ""}`,
    orderId: order.order_id,
    data: {
      customerName: order.customer_name,
      summary: scheduled ? copy.summaries.cancelScheduled : copy.summaries.canceled,
      details: [
        [copy.labels.customer, order.customer_name],
        [copy.labels.email, order.customer_email],
        [copy.labels.phone, order.customer_phone],
        [copy.labels.subscription, facts.subscriptionId],
        scheduled ? [copy.labels.endsOn, day(facts.periodEnd)] : [copy.labels.canceledOn, day(facts.canceledAt)],
        [copy.labels.orderReference, order.order_id],
      ],
      adminUrl: adminLink(context.origin, order.order_id),
    },
  });
}

export type FailedRenewal = { invoiceId: string; subscriptionId: string; amountCents: number; currency: string };

/**
 * A renewal could not be charged: the owner is told, and the buyer gets a one-time link to the
 * billing portal to update the card (made by the caller, which knows the customer).
 */
export async function notifyRenewalFailed(
  context: WorkContext,
  order: OrderRow,
  renewal: FailedRenewal,
  buyerLink: { url: string; validFor: string } | null,
): Promise<void> {
  const amount = formatMoney(renewal.amountCents, renewal.currency);
  await enqueueMail(context, {
    kind: "owner-renewal-failed",
    dedupeKey: `owner-renewal-failed:${renewal.invoiceId}`,
    orderId: order.order_id,
    data: {
      customerName: order.customer_name,
      summary: copy.summaries.renewalFailed,
      details: [
        [copy.labels.customer, order.customer_name],
        [copy.labels.email, order.customer_email],
        [copy.labels.phone, order.customer_phone],
        [copy.labels.amount, amount],
        [copy.labels.invoice, renewal.invoiceId],
        [copy.labels.subscription, renewal.subscriptionId],
      ],
      adminUrl: adminLink(context.origin, order.order_id),
    },
  });
  if (!buyerLink) return;
  await enqueueMail(context, {
    kind: "renewal-failed",
    dedupeKey: `renewal-failed:${renewal.invoiceId}`,
    to: order.customer_email,
    orderId: order.order_id,
    data: buyerLink,
  });
}

export type BillingReview = { subscriptionId: string; invoiceId: string | null; reason: string };

/**
 * Stripe said something about a subscription or an invoice that cannot be right (dates no calendar
 * has, an invoice that is not the plan's amount or currency): the owner hears once per invoice, or
 * once per subscription for its dates.
 */
export async function notifyBillingReview(context: WorkContext, order: OrderRow, review: BillingReview): Promise<void> {
  const about = review.invoiceId ?? review.subscriptionId;
  await enqueueMail(context, {
    kind: "owner-billing-review",
    dedupeKey: `owner-billing-review:${about}`,
    orderId: order.order_id,
    data: {
      customerName: order.customer_name,
      summary: review.invoiceId ? copy.summaries.invoiceReview : copy.summaries.datesReview,
      details: [
        [copy.labels.customer, order.customer_name],
        [copy.labels.email, order.customer_email],
        [copy.labels.subscription, review.subscriptionId],
        ...(review.invoiceId ? [[copy.labels.invoice, review.invoiceId] as [string, string]] : []),
        [copy.labels.stripeSaid, review.reason],
        [copy.labels.orderReference, order.order_id],
      ],
      adminUrl: adminLink(context.origin, order.order_id),
    },
  });
}

/**
 * Stripe bills a subscription (or schedules for it) something that is not a plan of our catalogue:
 * the owner hears once per subscription and reason (a replay, or the same price in a later event,
 * says nothing new). The buyer is not written to.
 */
export async function notifyPlanReview(
  context: WorkContext,
  order: OrderRow,
  review: { subscriptionId: string; reason: string },
): Promise<void> {
  // The reason names what Stripe sent, so it is the key; hashed, as it can be long.
  const reasonKey = (await sha256Hex(review.reason)).slice(0, 32);
  await enqueueMail(context, {
    kind: "owner-billing-review",
    dedupeKey: `owner-billing-review:${review.subscriptionId}:plan:${reasonKey}`,
    orderId: order.order_id,
    data: {
      customerName: order.customer_name,
      summary: planReviewCopy.summary,
      details: [
        [copy.labels.customer, order.customer_name],
        [copy.labels.email, order.customer_email],
        [copy.labels.subscription, review.subscriptionId],
        [copy.labels.stripeSaid, review.reason],
        [copy.labels.orderReference, order.order_id],
      ],
      adminUrl: adminLink(context.origin, order.order_id),
    },
  });
}

/**
 * Stripe gave a subscription a status we do not know (the stored one was kept): the owner hears
 * once per subscription and status. The buyer is not written to.
 */
export async function notifyStatusReview(
  context: WorkContext,
  order: OrderRow,
  review: { subscriptionId: string; status: string; reason: string },
): Promise<void> {
  const statusKey = (await sha256Hex(review.status)).slice(0, 32);
  await enqueueMail(context, {
    kind: "owner-billing-review",
    dedupeKey: `owner-billing-review:${review.subscriptionId}:status:${statusKey}`,
    orderId: order.order_id,
    data: {
      customerName: order.customer_name,
      summary: statusReviewCopy.summary,
      details: [
        [copy.labels.customer, order.customer_name],
        [copy.labels.email, order.customer_email],
        [copy.labels.subscription, review.subscriptionId],
        [copy.labels.stripeSaid, review.reason],
        [copy.labels.orderReference, order.order_id],
      ],
      adminUrl: adminLink(context.origin, order.order_id),
    },
  });
}

/** A plan change as the e-mails tell it: names from our catalogue ("Business, yearly"), never Stripe's text. */
export type PlanChangeNotice = {
  subscriptionId: string;
  change: PlanChangeKind;
  fromPlan: string;
  toPlan: string;
  /** When it applied (changed) or applies (scheduled), ISO. */
  on: string;
  /** What makes this change itself: one e-mail each per subscription and key. */
  key: string;
  /** False when the target is a price our catalogue does not name: only the owner hears. */
  tellBuyer: boolean;
};

/** A plan changed in the portal, or a change was scheduled: the owner is told, and the buyer (at the order's address) gets a confirmation. */
export async function notifyPlanChange(context: WorkContext, order: OrderRow, notice: PlanChangeNotice): Promise<void> {
  const labels = planChangeMailCopy.owner.labels;
  const dedupe = `${notice.subscriptionId}:${notice.change}:${notice.key}`;
  await enqueueMail(context, {
    kind: "owner-plan-change",
    dedupeKey: `owner-plan-change:${dedupe}`,
    orderId: order.order_id,
    data: {
      customerName: order.customer_name,
      summary: planChangeMailCopy.owner.summaries[notice.change],
      details: [
        [copy.labels.customer, order.customer_name],
        [copy.labels.email, order.customer_email],
        [copy.labels.subscription, notice.subscriptionId],
        [labels.from, notice.fromPlan],
        [labels.to, notice.toPlan],
        [notice.change === "changed" ? labels.changedOn : labels.appliesOn, isoDay(notice.on)],
        [copy.labels.orderReference, order.order_id],
      ],
      adminUrl: adminLink(context.origin, order.order_id),
    },
  });
  if (!notice.tellBuyer) return;
  await enqueueMail(context, {
    kind: "plan-change-confirmed",
    dedupeKey: `plan-change-confirmed:${dedupe}`,
    to: order.customer_email,
    orderId: order.order_id,
    data: {
      change: notice.change,
      fromPlan: notice.fromPlan,
      toPlan: notice.toPlan,
      effectiveOn: formatLongDate(notice.on),
    },
  });
}
