import type { Logger } from "../http/log.ts";
import type { OrderItemRow, OrderRow } from "../orders/repository.ts";
import { adminOrderAnchor, adminQuoteAnchor, quotePagePath } from "../paths.ts";
import type { Quote } from "../quotes/repository.ts";
import type { ContactMessage } from "../schemas/contact-message.ts";
import { type Budget, mailboxBudgets, spendBudget } from "../security/budget.ts";
import { ceilingReached } from "../security/ceilings.ts";
import { mailboxKey } from "./mailbox.ts";
import { queueMail } from "./queue-mail.ts";
import type { QuoteForBuyerData, QuoteMailData } from "./templates/quote.ts";
import type { MailOrderLine } from "./types.ts";

/** The order in the back office, searched by its id so the link finds it however old it is. */
const adminLink = (origin: string, orderId: string): string =>
  `${origin}${adminOrderAnchor(orderId, `q=${encodeURIComponent(orderId)}`)}`;

function mailLines(items: OrderItemRow[]): MailOrderLine[] {
  return items.map((item) => ({
    name: item.name,
    category: item.category,
    quantity: item.quantity,
    unitAmountCents: item.unit_amount_cents,
    recurring: item.recurring === 1,
  }));
}

/**
 * An order became paid: the buyer's confirmation and the owner's notice. Called by every path that
 * can see the payment (webhook, success page); the outbox's dedupe keys make it one e-mail each.
 */
export async function notifyOrderPaid(
  env: Env,
  order: OrderRow & { items: OrderItemRow[] },
  origin: string,
  log: Logger,
): Promise<void> {
  const lines = mailLines(order.items);
  const monthlyCents = lines
    .filter((line) => line.recurring)
    .reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
  const totals = { paidTodayCents: order.total_cents, monthlyCents };
  const orderId = order.session_id;
  await queueMail(
    env,
    {
      kind: "order-confirmed",
      dedupeKey: `order-confirmed:${orderId}`,
      to: order.customer_email,
      orderId,
      data: { orderId, customerName: order.customer_name, lines, ...totals },
    },
    log,
  );
  await queueMail(
    env,
    {
      kind: "owner-new-order",
      dedupeKey: `owner-new-order:${orderId}`,
      orderId,
      data: {
        orderId,
        customer: {
          name: order.customer_name,
          email: order.customer_email,
          phone: order.customer_phone,
          company: order.customer_company,
          address: order.address,
          city: order.city,
          state: order.state,
          zip: order.zip,
          country: order.country,
        },
        lines,
        ...totals,
        adminUrl: adminLink(origin, orderId),
      },
    },
    log,
  );
}

/**
 * A contact message arrived: the owner gets it (Reply-To the sender), and the sender a fixed
 * acknowledgement that repeats nothing they typed, at most a few a day per address.
 */
export async function notifyContactMessage(
  env: Env,
  messageId: number,
  message: ContactMessage,
  origin: string,
  log: Logger,
): Promise<void> {
  await queueMail(
    env,
    {
      kind: "owner-contact",
      dedupeKey: `owner-contact:${messageId}`,
      messageId,
      data: {
        messageId,
        name: message.name,
        email: message.email,
        company: message.company || null,
        phone: message.phone || null,
        message: message.message,
      },
    },
    log,
  );
  if (!(await mayMailVisitor(env, mailboxBudgets.contactAck, message.email, origin, log))) return;
  await queueMail(
    env,
    { kind: "contact-ack", dedupeKey: `contact-ack:${messageId}`, to: message.email, messageId, data: {} },
    log,
  );
}

/**
 * Whether an e-mail a visitor asked for may go to an address nobody verified: the mailbox's budget
 * (however the address is written) and the ceiling for all such e-mails. Such e-mails carry fixed
 * text only; these caps stop them being sent in bulk.
 */
async function mayMailVisitor(env: Env, budget: Budget, address: string, origin: string, log: Logger) {
  if (!(await spendBudget(env.DB, budget, mailboxKey(address)))) {
    log.warn("E-mail to a visitor's address not sent: that mailbox had its share", { scope: budget.scope });
    return false;
  }
  return !(await ceilingReached(env, "visitorMail", origin, log));
}

/** Stripe's figures do not match the order, or Stripe took no money: the owner decides. */
export async function notifyOrderReview(
  env: Env,
  order: OrderRow,
  reason: string,
  origin: string,
  log: Logger,
): Promise<void> {
  await queueMail(
    env,
    {
      kind: "owner-order-review",
      dedupeKey: `owner-order-review:${order.session_id}`,
      orderId: order.session_id,
      data: {
        customerName: order.customer_name,
        summary: "Stripe's record of this order's payment does not match the order. It was not marked paid.",
        details: [
          ["Customer", order.customer_name],
          ["E-mail", order.customer_email],
          ["Order reference", order.session_id],
          ["Order total", `${(order.total_cents / 100).toFixed(2)} ${order.currency.toUpperCase()}`],
          ["What Stripe said", reason],
        ],
        adminUrl: adminLink(origin, order.session_id),
      },
    },
    log,
  );
}

export type SubscriptionFacts = {
  subscriptionId: string;
  /** ISO dates, or null. */
  periodEnd: string | null;
  canceledAt: string | null;
};

const day = (iso: string | null): string => (iso ? iso.slice(0, 10) : "-");

/** A subscription will end at its period's end, or has ended: the owner hears of each once. */
export async function notifySubscriptionChange(
  env: Env,
  order: OrderRow,
  change: "owner-cancel-scheduled" | "owner-subscription-canceled",
  facts: SubscriptionFacts,
  origin: string,
  log: Logger,
): Promise<void> {
  const scheduled = change === "owner-cancel-scheduled";
  await queueMail(
    env,
    {
      kind: change,
      dedupeKey: `${change}:${facts.subscriptionId}${scheduled ? `:${facts.periodEnd ?? ""}` : ""}`,
      orderId: order.session_id,
      data: {
        customerName: order.customer_name,
        summary: scheduled
          ? "The customer asked to cancel their subscription; it ends at the end of the current period."
          : "The subscription has ended; no further renewals will be charged.",
        details: [
          ["Customer", order.customer_name],
          ["E-mail", order.customer_email],
          ["Phone", order.customer_phone],
          ["Subscription", facts.subscriptionId],
          scheduled ? ["Ends on", day(facts.periodEnd)] : ["Canceled on", day(facts.canceledAt)],
          ["Order reference", order.session_id],
        ],
        adminUrl: adminLink(origin, order.session_id),
      },
    },
    log,
  );
}

export type FailedRenewal = { invoiceId: string; subscriptionId: string; amountCents: number; currency: string };

/**
 * A renewal could not be charged: the owner is told, and the buyer gets a one-time link to the
 * billing portal to update the card (made by the caller, which knows the customer).
 */
export async function notifyRenewalFailed(
  env: Env,
  order: OrderRow,
  renewal: FailedRenewal,
  buyerLink: { url: string; validFor: string } | null,
  origin: string,
  log: Logger,
): Promise<void> {
  const amount = `${(renewal.amountCents / 100).toFixed(2)} ${renewal.currency.toUpperCase()}`;
  await queueMail(
    env,
    {
      kind: "owner-renewal-failed",
      dedupeKey: `owner-renewal-failed:${renewal.invoiceId}`,
      orderId: order.session_id,
      data: {
        customerName: order.customer_name,
        summary:
          "A monthly renewal could not be charged. Stripe retries it; the customer was asked to update their card.",
        details: [
          ["Customer", order.customer_name],
          ["E-mail", order.customer_email],
          ["Phone", order.customer_phone],
          ["Amount", amount],
          ["Invoice", renewal.invoiceId],
          ["Subscription", renewal.subscriptionId],
        ],
        adminUrl: adminLink(origin, order.session_id),
      },
    },
    log,
  );
  if (!buyerLink) return;
  await queueMail(
    env,
    {
      kind: "renewal-failed",
      dedupeKey: `renewal-failed:${renewal.invoiceId}`,
      to: order.customer_email,
      orderId: order.session_id,
      data: buyerLink,
    },
    log,
  );
}

/**
 * A link into the billing portal, asked for on /billing, to the address the order holds. The link
 * itself is made only once the mailbox may get it, so refused requests store nothing.
 */
export async function sendBillingLink(
  env: Env,
  to: string,
  makeLink: () => Promise<{ url: string; validFor: string }>,
  origin: string,
  log: Logger,
): Promise<void> {
  if (!(await mayMailVisitor(env, mailboxBudgets.billingLink, to, origin, log))) return;
  const data = await makeLink();
  await queueMail(env, { kind: "billing-link", dedupeKey: `billing-link:${crypto.randomUUID()}`, to, data }, log);
}

/**
 * A quote was made: the owner gets it (Reply-To the buyer) with its PDF; the buyer, within the
 * mailbox's budget, a fixed-text e-mail with the quote's link (templates/quote.ts says why). The
 * answer to the request is the same either way, so nobody learns a mailbox's count from it.
 */
export async function notifyQuote(env: Env, quote: Quote, origin: string, log: Logger): Promise<void> {
  const quoteUrl = `${origin}${quotePagePath(quote.number, quote.access_key)}`;
  const data: QuoteMailData = {
    quoteNumber: quote.number,
    customerName: quote.customer_name,
    customerEmail: quote.customer_email,
    customerCompany: quote.customer_company,
    lines: quote.lines.map((line) => ({
      name: line.name,
      category: line.category,
      quantity: line.quantity,
      unitAmountCents: line.unit_amount_cents,
      recurring: line.recurring === 1,
    })),
    dueCents: quote.due_cents,
    monthlyCents: quote.monthly_cents,
    validUntil: quote.valid_until,
    siteUrl: origin,
    quoteUrl,
    adminUrl: `${origin}${adminQuoteAnchor(quote.number)}`,
  };
  await queueMail(env, { kind: "owner-quote", dedupeKey: `owner-quote:${quote.number}`, data }, log);
  if (!(await mayMailVisitor(env, mailboxBudgets.quote, quote.customer_email, origin, log))) return;
  const buyer: QuoteForBuyerData = { quoteNumber: quote.number, quoteUrl, validUntil: quote.valid_until };
  await queueMail(
    env,
    { kind: "quote", dedupeKey: `quote:${quote.number}`, to: quote.customer_email, data: buyer },
    log,
  );
}

/** What about a subscription's billing needs the owner: its dates, or one of its invoices. */
export type BillingReview = { subscriptionId: string; invoiceId: string | null; reason: string };

/**
 * Stripe said something about a subscription or an invoice that cannot be right (dates no calendar
 * has, an invoice that is not the plan's amount or currency): the owner hears once per invoice, or
 * once per subscription for its dates.
 */
export async function notifyBillingReview(
  env: Env,
  order: OrderRow,
  review: BillingReview,
  origin: string,
  log: Logger,
): Promise<void> {
  const about = review.invoiceId ?? review.subscriptionId;
  await queueMail(
    env,
    {
      kind: "owner-billing-review",
      dedupeKey: `owner-billing-review:${about}`,
      orderId: order.session_id,
      data: {
        customerName: order.customer_name,
        summary: review.invoiceId
          ? "Stripe recorded an invoice that does not match this subscription's plan. It is in the ledger, marked for review."
          : "Stripe sent dates for this subscription that cannot be right. They were not stored; the subscription is marked for review.",
        details: [
          ["Customer", order.customer_name],
          ["E-mail", order.customer_email],
          ["Subscription", review.subscriptionId],
          ...(review.invoiceId ? [["Invoice", review.invoiceId] as [string, string]] : []),
          ["What Stripe said", review.reason],
          ["Order reference", order.session_id],
        ],
        adminUrl: adminLink(origin, order.session_id),
      },
    },
    log,
  );
}
