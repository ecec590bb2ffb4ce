/**
 * What the schema's columns hold beyond their type: the time every timestamp is written in, and the
 * values each status-like column may take (the migrations' CHECK lists, src/db/schema.ts).
 */
import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/** The time as every timestamp column holds it: ISO 8601 in UTC, to the millisecond. */
export const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
export const createdAt = () => text("created_at").notNull().default(NOW);
export const updatedAt = () => text("updated_at").notNull().default(NOW);

/**
 * The order state machine's states (orders/order-status.ts ranks them); the CHECK of orders.status.
 */
export const orderStatuses = [
  "pending",
  "awaiting_payment",
  "paid",
  "payment_failed",
  "expired",
  "no_payment_required",
  "needs_review",
] as const;
/** Who an order is paid through (migrations/0011). */
export const orderProviders = ["stripe", "mpesa", "manual"] as const;
/** How a payment in the ledger came in. */
export const paymentProviders = ["stripe", "mpesa_express", "bank_transfer", "mpesa_paybill"] as const;
/** A plan's billing interval, as Stripe's price.recurring.interval names it. */
export const planIntervals = ["month", "year"] as const;
/**
 * Stripe's subscription statuses. Not a CHECK (Stripe may add one): the code narrows to these and
 * billing/subscription-status.ts says which have ended.
 */
export const subscriptionStatuses = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;
/** An STK push: waiting for the buyer, paid (confirmed by an STK query), or not paid. */
export const mpesaRequestStatuses = ["pending", "paid", "failed"] as const;
/** The back office's audit trail: what it records, about what. */
export const auditActions = [
  "message.answered",
  "message.unanswered",
  "order.note",
  "order.kra_pin",
  "order.etims_retry",
  "outbox.resend",
  "setting.kes_rate",
  "setting.payment_details",
  "payment.recorded",
  "plan.canceled",
  "plan.phone_changed",
  "payment.assigned",
  "payment.refund",
  "person.exported",
  "person.erased",
  "person.erase_refused",
  "retention.swept",
  "person.request_logged",
  "person.request_closed",
  "breach.recorded",
  "breach.updated",
  "setting.odpc_registration",
] as const;
export const auditSubjects = [
  "order",
  "message",
  "quote",
  "outbox",
  "setting",
  "payment",
  "person",
  "retention",
  "breach",
] as const;
export const outboxStatuses = ["queued", "sent", "failed", "not_configured"] as const;
