import { fixture } from "./fixtures.ts";
import { money } from "./html.ts";
import type { PricedLine } from "./sessions.ts";

export type InvoiceLine = PricedLine & {
  id: string;
  /** The subscription item a recurring line bills; null for a one-time item on the first invoice. */
  subscriptionItem: string | null;
  periodStart: number;
  periodEnd: number;
  /** A plan change's credit for unused time or charge for remaining time ("Unused time on …"). */
  proration?: { description: string };
};

export type StoredInvoice = {
  id: string;
  number: string;
  created: number;
  customer: string;
  customerEmail: string | null;
  subscription: string;
  /** Stripe's snapshot of the subscription's metadata, taken when the invoice is made. */
  subscriptionMetadata: Record<string, string>;
  currency: string;
  billingReason: "subscription_create" | "subscription_cycle" | "subscription_update";
  status: "open" | "paid";
  amountDue: number;
  attemptCount: number;
  paidAt: number | null;
  nextPaymentAttempt: number | null;
  /** Stripe's invoice period is the one its pending items were gathered in, not the one billed. */
  periodStart: number;
  periodEnd: number;
  lines: InvoiceLine[];
};

/** What Stripe waits before its first smart retry of a failed renewal. */
export const RETRY_DELAY_SECONDS = 3 * 24 * 60 * 60;

export function invoiceTotal(lines: PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
}

export function invoiceJson(invoice: StoredInvoice) {
  const example = fixture("invoice");
  const paid = invoice.status === "paid";
  const amountPaid = paid ? invoice.amountDue : 0;
  return {
    ...example,
    id: invoice.id,
    account_name: null,
    amount_due: invoice.amountDue,
    amount_overpaid: 0,
    amount_paid: amountPaid,
    amount_remaining: invoice.amountDue - amountPaid,
    attempt_count: invoice.attemptCount,
    attempted: invoice.attemptCount > 0,
    auto_advance: !paid,
    billing_reason: invoice.billingReason,
    created: invoice.created,
    currency: invoice.currency,
    customer: invoice.customer,
    customer_address: null,
    customer_email: invoice.customerEmail,
    customer_shipping: null,
    due_date: null,
    effective_at: invoice.created,
    ending_balance: 0,
    from_invoice: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    lines: {
      ...example.lines,
      data: invoice.lines.map((line) => invoiceLineJson(invoice, line)),
      url: `/v1/invoices/${invoice.id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: invoice.nextPaymentAttempt,
    number: invoice.number,
    parent: {
      quote_details: null,
      subscription_details: { metadata: invoice.subscriptionMetadata, subscription: invoice.subscription },
      type: "subscription_details",
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: invoice.periodEnd,
    period_start: invoice.periodStart,
    shipping_cost: null,
    shipping_details: null,
    status: invoice.status,
    status_transitions: {
      finalized_at: invoice.created,
      marked_uncollectible_at: null,
      paid_at: invoice.paidAt,
      voided_at: null,
    },
    subtotal: invoice.amountDue,
    subtotal_excluding_tax: invoice.amountDue,
    total: invoice.amountDue,
    total_excluding_tax: invoice.amountDue,
    webhooks_delivered_at: invoice.created,
  };
}

function invoiceLineJson(invoice: StoredInvoice, line: InvoiceLine) {
  const [example] = fixture("invoice").lines.data;
  const amount = line.unitAmount * line.quantity;
  const subscriptionLine = line.subscriptionItem !== null;
  const per = line.recurring ? ` / ${line.recurring.interval}` : "";
  return {
    ...example,
    id: line.id,
    amount,
    currency: line.currency,
    description: line.proration
      ? line.proration.description
      : subscriptionLine
        ? `${line.quantity} × ${line.name} (at ${money(line.unitAmount, line.currency)}${per})`
        : line.name,
    invoice: invoice.id,
    livemode: false,
    // Stripe copies the subscription's metadata onto the lines it bills.
    metadata: subscriptionLine ? invoice.subscriptionMetadata : {},
    parent: subscriptionLine
      ? {
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: line.proration !== undefined,
            proration_details: { credited_items: null },
            subscription: invoice.subscription,
            subscription_item: line.subscriptionItem,
          },
          type: "subscription_item_details",
        }
      : {
          invoice_item_details: {
            invoice_item: line.id.replace(/^il_/, "ii_"),
            proration: false,
            proration_details: { credited_items: null },
            subscription: invoice.subscription,
          },
          subscription_item_details: null,
          type: "invoice_item_details",
        },
    period: { end: line.periodEnd, start: line.periodStart },
    pricing: {
      price_details: { price: line.price, product: line.product },
      type: "price_details",
      unit_amount_decimal: String(line.unitAmount),
    },
    quantity: line.quantity,
    subscription: invoice.subscription,
    subtotal: amount,
  };
}
