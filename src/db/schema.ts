/**
 * Every table of migrations/, column by column, and the row types derived from it. A migration that
 * adds, drops or changes a column fails tests/worker/db-schema.test.ts until this file says the same,
 * and with it every row type the code reads. Worker code imports only the types from here, so none
 * of these declarations ships in the worker.
 */
import { orderStatuses } from "../orders/order-status.ts";
import { integer, keyPart, nullable, oneOf, primaryKey, type RowOf, table, text } from "./columns.ts";
import { mpesaRequests, receiptCounters, receipts, settings } from "./schema-local-payments.ts";

const timestamp = text;
/** A plan's billing interval, as Stripe's price.recurring.interval names it. */
const planIntervals = ["month", "year"] as const;
/** Who an order is paid through (migrations/0011). */
const orderProviders = ["stripe", "mpesa", "manual"] as const;
/** How a payment in the ledger came in. */
const paymentProviders = ["stripe", "mpesa_express", "bank_transfer", "mpesa_paybill"] as const;
const maybeText = nullable(text);

const orders = table("orders", {
  order_id: primaryKey(text),
  mode: oneOf(["payment", "subscription"]),
  status: oneOf(orderStatuses),
  customer_name: text,
  customer_email: text,
  customer_phone: text,
  customer_company: maybeText,
  address: text,
  city: text,
  state: text,
  zip: text,
  country: text,
  currency: text,
  total_cents: integer,
  created_at: timestamp,
  updated_at: timestamp,
  paid_at: maybeText,
  /** Ours, made before the Checkout Session: Stripe copies it onto the subscription's metadata. */
  order_ref: maybeText,
  stripe_customer_id: maybeText,
  /** What Stripe said when it did not match the order (needs_review), for the owner. */
  review_reason: maybeText,
  /** When the success page last asked Stripe about this session. */
  stripe_checked_at: maybeText,
  /** Who took the money (migrations/0011): a Checkout Session, M-Pesa Express, or the owner's record. */
  provider: oneOf(orderProviders),
  /** An M-Pesa order's charge in whole shillings, and the KES-per-USD rate (hundredths) it used. */
  kes_amount: nullable(integer),
  kes_rate_x100: nullable(integer),
  /** The written quote this order pays. */
  quote_number: maybeText,
  /** When kes_amount was fixed (migrations/0015); null: at created_at. A retry after 15 minutes is priced again. */
  kes_priced_at: maybeText,
  /** Set while a prompt for the order is being sent: of two retries at once, one sends. */
  prompt_claimed_at: maybeText,
  /** A card order's Checkout Session (migrations/0016): how Stripe's events and the success page find it. */
  stripe_session_id: maybeText,
});

const orderItems = table("order_items", {
  order_id: keyPart(text),
  item_id: keyPart(text),
  name: text,
  category: text,
  unit_amount_cents: integer,
  quantity: integer,
  recurring: integer,
});

const stripeEvents = table("stripe_events", {
  event_id: primaryKey(text),
  type: text,
  order_id: maybeText,
  received_at: timestamp,
});

const contactMessages = table("contact_messages", {
  id: primaryKey(integer),
  name: text,
  email: text,
  company: maybeText,
  phone: maybeText,
  message: text,
  created_at: timestamp,
  /** When and by whom the owner marked it answered (NULL both: not yet). */
  answered_at: maybeText,
  answered_by: maybeText,
});

const outbox = table("outbox", {
  id: primaryKey(integer),
  kind: text,
  dedupe_key: text,
  recipient: text,
  subject: text,
  order_id: maybeText,
  message_id: nullable(integer),
  /** The template's data (JSON). */
  payload: text,
  status: oneOf(["queued", "sent", "failed", "not_configured"]),
  attempts: integer,
  last_error: maybeText,
  created_at: timestamp,
  updated_at: timestamp,
  enqueued_at: maybeText,
  sent_at: maybeText,
  /** The current (or last) delivery's claim (migrations/0007_outbox_claims.sql). */
  claim_token: maybeText,
  claimed_until: maybeText,
  /** When its body (payload) was cleared by retention or an erasure (migrations/0012): never sent again. */
  body_cleared_at: maybeText,
});

const subscriptions = table("subscriptions", {
  subscription_id: primaryKey(text),
  order_id: text,
  customer_id: maybeText,
  /** Stripe's own names: active, past_due, canceled, … */
  status: text,
  current_period_end: maybeText,
  cancel_at_period_end: integer,
  cancel_at: maybeText,
  canceled_at: maybeText,
  /** The `created` (unix seconds) of the event this state came from. */
  state_at: integer,
  created_at: timestamp,
  updated_at: timestamp,
  /** Why the owner should look at it (impossible dates from Stripe); null when nothing is wrong. */
  review_reason: maybeText,
  /** The plan it bills now (our catalogue id), from the newest subscription event naming one of our prices (migrations/0010). */
  plan_id: maybeText,
  plan_interval: nullable(oneOf(planIntervals)),
  /** What one interval bills, in cents. */
  plan_amount_cents: nullable(integer),
  plan_price_id: maybeText,
  /** A change a subscription schedule will make at pending_at; plan null with a date: a price not ours. */
  pending_plan_id: maybeText,
  pending_interval: nullable(oneOf(planIntervals)),
  pending_at: maybeText,
  pending_amount_cents: nullable(integer),
  /** The `created` (unix seconds) of the schedule event that last set or cleared the pending change. */
  pending_state_at: integer,
});

const payments = table("payments", {
  payment_id: primaryKey(text),
  order_id: text,
  subscription_id: maybeText,
  status: oneOf(["paid", "failed"]),
  amount_cents: integer,
  currency: text,
  billing_reason: text,
  period_start: maybeText,
  period_end: maybeText,
  attempts: integer,
  created_at: timestamp,
  updated_at: timestamp,
  /** Why the owner should look at it (not the plan's amount or currency, unreadable figures or period). */
  review_reason: maybeText,
  provider: oneOf(paymentProviders),
  /** The M-Pesa receipt or bank reference: unique, whatever its case. */
  reference: maybeText,
  /** The day the money arrived (YYYY-MM-DD), when it is not the day it was recorded. */
  paid_on: maybeText,
  note: maybeText,
  /** The M-Pesa payer's number (2547…/2541…). */
  phone: maybeText,
  /** A KES payment's worth in US cents, at the rate it was taken or recorded at. */
  usd_cents: nullable(integer),
});

const pendingInvoices = table("pending_invoices", {
  event_id: primaryKey(text),
  subscription_id: text,
  type: text,
  created: integer,
  /** The invoice object as Stripe sent it (JSON). */
  invoice: text,
  received_at: timestamp,
});

const billingLinks = table("billing_links", {
  token_hash: primaryKey(text),
  customer_id: text,
  email: text,
  expires_at: text,
  used_at: maybeText,
  created_at: timestamp,
});

const quoteCounters = table("quote_counters", {
  year: primaryKey(integer),
  last_number: integer,
});

const quotes = table("quotes", {
  number: primaryKey(text),
  access_key: text,
  customer_name: text,
  customer_email: text,
  customer_company: maybeText,
  currency: text,
  due_cents: integer,
  monthly_cents: integer,
  created_at: timestamp,
  valid_until: text,
  /** When a payment accepted it, and that payment's order (migrations/0011). */
  accepted_at: maybeText,
  accepted_order: maybeText,
});

const quoteLines = table("quote_lines", {
  number: keyPart(text),
  position: keyPart(integer),
  item_id: text,
  name: text,
  category: text,
  unit_amount_cents: integer,
  quantity: integer,
  recurring: integer,
});

const adminAudit = table("admin_audit", {
  id: primaryKey(integer),
  at: timestamp,
  actor: text,
  // The schema only bounds its length: these are the actions the back office writes.
  action: oneOf([
    "message.answered",
    "message.unanswered",
    "order.note",
    "outbox.resend",
    "setting.kes_rate",
    "payment.recorded",
    "person.exported",
    "person.erased",
    "person.erase_refused",
    "retention.swept",
  ]),
  subject_kind: oneOf(["order", "message", "quote", "outbox", "setting", "payment", "person", "retention"]),
  subject_id: text,
  detail: maybeText,
});

const orderNotes = table("order_notes", {
  id: primaryKey(integer),
  order_id: text,
  at: timestamp,
  actor: text,
  body: text,
});

const budgets = table("budgets", {
  scope: keyPart(text),
  key: keyPart(text),
  hour: text,
  hour_count: integer,
  day: text,
  day_count: integer,
  /** The attempt that last counted a use (migrations/0015): several budgets are spent together or not at all. */
  last_use: maybeText,
});

const adminSignInFailures = table("admin_sign_in_failures", {
  bucket: keyPart(text),
  window_minute: keyPart(integer),
  failures: integer,
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
];

export type OrderRow = RowOf<typeof orders>;
export type OrderItemRow = RowOf<typeof orderItems>;
export type ContactMessageRow = RowOf<typeof contactMessages>;
export type OutboxRow = RowOf<typeof outbox>;
export type OutboxStatus = OutboxRow["status"];
export type SubscriptionRow = RowOf<typeof subscriptions>;
export type PaymentRow = RowOf<typeof payments>;
export type PendingInvoiceRow = RowOf<typeof pendingInvoices>;
export type QuoteRow = RowOf<typeof quotes>;
export type QuoteLineRow = RowOf<typeof quoteLines>;
export type AuditRow = RowOf<typeof adminAudit>;
export type AuditSubjectKind = AuditRow["subject_kind"];
export type OrderNoteRow = RowOf<typeof orderNotes>;
export type { MpesaRequestRow, ReceiptRow, SettingRow } from "./schema-local-payments.ts";
