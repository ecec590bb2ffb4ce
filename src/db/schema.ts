import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { breaches } from "./breach-tables.ts";
import { c2bPayments } from "./c2b-tables.ts";
import {
  auditActions,
  auditSubjects,
  createdAt,
  mpesaRequestStatuses,
  NOW,
  orderProviders,
  orderStatuses,
  outboxStatuses,
  paymentProviders,
  planIntervals,
  subscriptionStatuses,
  updatedAt,
} from "./column-values.ts";
import { cronCursors } from "./cron-tables.ts";
import { dataRequests } from "./data-request-tables.ts";
import { quoteCounters, quoteLines, quotes, receiptCounters, receipts } from "./document-tables.ts";
import { etimsCounters, etimsSales, etimsSenderLeases } from "./etims-tables.ts";
import { insightSalts } from "./insight-tables.ts";
import { adminSignInFailures, budgets } from "./limit-tables.ts";
import { mpesaPlanMonths, mpesaPlans } from "./mpesa-plan-tables.ts";
import { refunds } from "./refund-tables.ts";

export const orders = sqliteTable("orders", {
  order_id: text("order_id").primaryKey(),
  mode: text("mode", { enum: ["payment", "subscription"] }).notNull(),
  status: text("status", { enum: orderStatuses }).notNull().default("pending"),
  customer_name: text("customer_name").notNull(),
  customer_email: text("customer_email").notNull(),
  customer_phone: text("customer_phone").notNull(),
  customer_company: text("customer_company"),
  /** The buyer's KRA PIN, upper-cased, for a tax invoice (migrations/0017); null when none was given. */
  customer_kra_pin: text("customer_kra_pin"),
  address: text("address").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
  zip: text("zip").notNull(),
  country: text("country").notNull(),
  currency: text("currency").notNull().default("usd"),
  total_cents: integer("total_cents").notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
  paid_at: text("paid_at"),
  /** Ours, made before the Checkout Session: Stripe copies it onto the subscription's metadata. */
  order_ref: text("order_ref"),
  stripe_customer_id: text("stripe_customer_id"),
  /** What Stripe said when it did not match the order (needs_review), for the owner. */
  review_reason: text("review_reason"),
  /** When the success page last asked Stripe about this session. */
  stripe_checked_at: text("stripe_checked_at"),
  /** Who took the money (migrations/0011): a Checkout Session, M-Pesa Express, or the owner's record. */
  provider: text("provider", { enum: orderProviders }).notNull().default("stripe"),
  /** An M-Pesa order's charge in whole shillings, and the KES-per-USD rate (hundredths) it used. */
  kes_amount: integer("kes_amount"),
  kes_rate_x100: integer("kes_rate_x100"),
  /** The written quote this order pays. */
  quote_number: text("quote_number"),
  /** When kes_amount was fixed (migrations/0015); null: at created_at. A retry after 15 minutes is priced again. */
  kes_priced_at: text("kes_priced_at"),
  /** Set while a prompt for the order is being sent: of two retries at once, one sends. */
  prompt_claimed_at: text("prompt_claimed_at"),
  /** A card order's Checkout Session (migrations/0016): how Stripe's events and the success page find it. */
  stripe_session_id: text("stripe_session_id"),
});

export const orderItems = sqliteTable(
  "order_items",
  {
    order_id: text("order_id").notNull(),
    item_id: text("item_id").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    unit_amount_cents: integer("unit_amount_cents").notNull(),
    quantity: integer("quantity").notNull(),
    recurring: integer("recurring").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.order_id, t.item_id] })],
);

export const stripeEvents = sqliteTable("stripe_events", {
  event_id: text("event_id").primaryKey(),
  type: text("type").notNull(),
  /** The order the event applied to; null: none of ours. */
  order_id: text("order_id"),
  received_at: text("received_at").notNull().default(NOW),
});

export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  company: text("company"),
  phone: text("phone"),
  message: text("message").notNull(),
  created_at: createdAt(),
  /** When and by whom the owner marked it answered (NULL both: not yet). */
  answered_at: text("answered_at"),
  answered_by: text("answered_by"),
});

export const outbox = sqliteTable("outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  kind: text("kind").notNull(),
  dedupe_key: text("dedupe_key").notNull(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  order_id: text("order_id"),
  message_id: integer("message_id"),
  /** The template's data (JSON). */
  payload: text("payload").notNull(),
  status: text("status", { enum: outboxStatuses }).notNull().default("queued"),
  attempts: integer("attempts").notNull().default(0),
  last_error: text("last_error"),
  created_at: createdAt(),
  updated_at: updatedAt(),
  enqueued_at: text("enqueued_at"),
  sent_at: text("sent_at"),
  /** The current (or last) delivery's claim (migrations/0007_outbox_claims.sql). */
  claim_token: text("claim_token"),
  claimed_until: text("claimed_until"),
  /** When its body (payload) was cleared by retention or an erasure (migrations/0012): never sent again. */
  body_cleared_at: text("body_cleared_at"),
});

export const subscriptions = sqliteTable("subscriptions", {
  subscription_id: text("subscription_id").primaryKey(),
  order_id: text("order_id").notNull(),
  customer_id: text("customer_id"),
  status: text("status", { enum: subscriptionStatuses }).notNull(),
  current_period_end: text("current_period_end"),
  cancel_at_period_end: integer("cancel_at_period_end").notNull().default(0),
  cancel_at: text("cancel_at"),
  canceled_at: text("canceled_at"),
  /** The `created` (unix seconds) of the event this state came from. */
  state_at: integer("state_at").notNull().default(0),
  created_at: createdAt(),
  updated_at: updatedAt(),
  /** Why the owner should look at it; null when nothing is wrong. */
  review_reason: text("review_reason"),
  /** The plan it bills now (our catalogue id), from the newest event naming one of our prices (migrations/0010). */
  plan_id: text("plan_id"),
  plan_interval: text("plan_interval", { enum: planIntervals }),
  /** What one interval bills, in cents. */
  plan_amount_cents: integer("plan_amount_cents"),
  plan_price_id: text("plan_price_id"),
  /** A change a subscription schedule will make at pending_at; plan null with a date: a price not ours. */
  pending_plan_id: text("pending_plan_id"),
  pending_interval: text("pending_interval", { enum: planIntervals }),
  pending_at: text("pending_at"),
  pending_amount_cents: integer("pending_amount_cents"),
  /** The `created` (unix seconds) of the schedule event that last set or cleared the pending change. */
  pending_state_at: integer("pending_state_at").notNull().default(0),
});

export const payments = sqliteTable("payments", {
  payment_id: text("payment_id").primaryKey(),
  order_id: text("order_id").notNull(),
  subscription_id: text("subscription_id"),
  status: text("status", { enum: ["paid", "failed"] }).notNull(),
  amount_cents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  billing_reason: text("billing_reason").notNull(),
  period_start: text("period_start"),
  period_end: text("period_end"),
  attempts: integer("attempts").notNull().default(1),
  created_at: createdAt(),
  updated_at: updatedAt(),
  /** Why the owner should look at it (not the plan's amount or currency, unreadable figures or period). */
  review_reason: text("review_reason"),
  provider: text("provider", { enum: paymentProviders }).notNull().default("stripe"),
  /** The M-Pesa receipt or bank reference: unique, whatever its case. */
  reference: text("reference"),
  /** The day the money arrived (YYYY-MM-DD), when it is not the day it was recorded. */
  paid_on: text("paid_on"),
  note: text("note"),
  /** The M-Pesa payer's number (2547…/2541…). */
  phone: text("phone"),
  /** A KES payment's worth in US cents, at the rate it was taken or recorded at. */
  usd_cents: integer("usd_cents"),
});

export const pendingInvoices = sqliteTable("pending_invoices", {
  event_id: text("event_id").primaryKey(),
  subscription_id: text("subscription_id").notNull(),
  type: text("type").notNull(),
  created: integer("created").notNull().default(0),
  /** The invoice object as Stripe sent it (JSON). */
  invoice: text("invoice").notNull(),
  received_at: text("received_at").notNull().default(NOW),
});

export const billingLinks = sqliteTable("billing_links", {
  token_hash: text("token_hash").primaryKey(),
  customer_id: text("customer_id").notNull(),
  email: text("email").notNull(),
  expires_at: text("expires_at").notNull(),
  used_at: text("used_at"),
  created_at: createdAt(),
});

export const adminAudit = sqliteTable("admin_audit", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  at: text("at").notNull().default(NOW),
  actor: text("actor").notNull(),
  // The schema only bounds its length: these are the actions the back office writes.
  action: text("action", { enum: auditActions }).notNull(),
  subject_kind: text("subject_kind", { enum: auditSubjects }).notNull(),
  subject_id: text("subject_id").notNull(),
  detail: text("detail"),
});

export const orderNotes = sqliteTable("order_notes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  order_id: text("order_id").notNull(),
  at: text("at").notNull().default(NOW),
  actor: text("actor").notNull(),
  body: text("body").notNull(),
});

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updated_at: updatedAt(),
  updated_by: text("updated_by").notNull(),
});

export const mpesaRequests = sqliteTable("mpesa_requests", {
  checkout_request_id: text("checkout_request_id").primaryKey(),
  merchant_request_id: text("merchant_request_id").notNull(),
  order_id: text("order_id").notNull(),
  callback_token_hash: text("callback_token_hash").notNull(),
  phone: text("phone").notNull(),
  amount_kes: integer("amount_kes").notNull(),
  account_reference: text("account_reference").notNull(),
  status: text("status", { enum: mpesaRequestStatuses }).notNull().default("pending"),
  result_code: integer("result_code"),
  result_desc: text("result_desc"),
  mpesa_receipt: text("mpesa_receipt"),
  created_at: createdAt(),
  updated_at: updatedAt(),
  checked_at: text("checked_at"),
});

/** Every table the migrations make, for the schema test. */
export const allTables = [
  orders,
  orderItems,
  stripeEvents,
  contactMessages,
  outbox,
  subscriptions,
  payments,
  pendingInvoices,
  billingLinks,
  quoteCounters,
  quotes,
  quoteLines,
  adminAudit,
  orderNotes,
  budgets,
  adminSignInFailures,
  settings,
  mpesaRequests,
  receiptCounters,
  receipts,
  etimsCounters,
  etimsSales,
  etimsSenderLeases,
  refunds,
  c2bPayments,
  mpesaPlans,
  mpesaPlanMonths,
  breaches,
  insightSalts,
  dataRequests,
  cronCursors,
];

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxStatus = OutboxRow["status"];
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionStatus = SubscriptionRow["status"];
export type PaymentRow = typeof payments.$inferSelect;
export type PendingInvoiceRow = typeof pendingInvoices.$inferSelect;
export type AuditRow = typeof adminAudit.$inferSelect;
export type AuditSubjectKind = AuditRow["subject_kind"];
export type OrderNoteRow = typeof orderNotes.$inferSelect;
export type SettingRow = typeof settings.$inferSelect;
export type MpesaRequestRow = typeof mpesaRequests.$inferSelect;
