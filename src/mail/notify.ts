import type { Logger } from "../http/log.ts";
import type { OrderItemRow, OrderRow } from "../orders/repository.ts";
import { adminOrderAnchor, adminQuoteAnchor, quotePagePath } from "../paths.ts";
import type { Quote } from "../quotes/repository.ts";
import type { ContactMessage } from "../schemas/contact-message.ts";
import { countRecent } from "./outbox.ts";
import { queueMail } from "./queue-mail.ts";
import type { QuoteMailData } from "./templates/quote.ts";
import type { MailOrderLine } from "./types.ts";

/** The order in the back office, searched by its id so the link finds it however old it is. */
const adminLink = (origin: string, orderId: string): string =>
  `${origin}${adminOrderAnchor(orderId, `q=${encodeURIComponent(orderId)}`)}`;

/** At most this many acknowledgements to one address a day (and one an hour): the form cannot mail strangers. */
const ACKS_PER_RECIPIENT_PER_DAY = 3;
const ACKS_PER_RECIPIENT_PER_HOUR = 1;

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
  const recipient = message.email;
  const [lastHour, lastDay] = await Promise.all([
    countRecent(env.DB, "contact-ack", recipient, 60 * 60),
    countRecent(env.DB, "contact-ack", recipient, 24 * 60 * 60),
  ]);
  if (lastHour >= ACKS_PER_RECIPIENT_PER_HOUR || lastDay >= ACKS_PER_RECIPIENT_PER_DAY) {
    log.warn("Contact acknowledgement not sent: this address had one recently", { messageId });
    return;
  }
  await queueMail(
    env,
    { kind: "contact-ack", dedupeKey: `contact-ack:${messageId}`, to: recipient, messageId, data: {} },
    log,
  );
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

/** At most this many billing links to one address an hour: /billing cannot flood a mailbox. */
const BILLING_LINKS_PER_RECIPIENT_PER_HOUR = 3;

/** The link asked for on /billing; false when the address had enough of them this hour. */
export async function sendBillingLink(
  env: Env,
  to: string,
  link: { url: string; validFor: string },
  log: Logger,
): Promise<boolean> {
  if ((await countRecent(env.DB, "billing-link", to, 60 * 60)) >= BILLING_LINKS_PER_RECIPIENT_PER_HOUR) {
    log.warn("Billing link not sent: this address had several this hour");
    return false;
  }
  await queueMail(env, { kind: "billing-link", dedupeKey: `billing-link:${crypto.randomUUID()}`, to, data: link }, log);
  return true;
}

/** Quote e-mails to one address: the form cannot be used to mail a stranger more than this. */
const QUOTES_PER_RECIPIENT_PER_HOUR = 3;
const QUOTES_PER_RECIPIENT_PER_DAY = 10;

/**
 * A quote was made: the owner gets it (Reply-To the buyer) with its PDF, and so does the buyer, at
 * most a few a day per address (the download itself is never limited by this). True when the
 * buyer's copy is on its way, so the page can say so only then.
 */
export async function notifyQuote(env: Env, quote: Quote, origin: string, log: Logger): Promise<boolean> {
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
    quoteUrl: `${origin}${quotePagePath(quote.number, quote.access_key)}`,
    adminUrl: `${origin}${adminQuoteAnchor(quote.number)}`,
  };
  await queueMail(env, { kind: "owner-quote", dedupeKey: `owner-quote:${quote.number}`, data }, log);
  const recipient = quote.customer_email;
  const [lastHour, lastDay] = await Promise.all([
    countRecent(env.DB, "quote", recipient, 60 * 60),
    countRecent(env.DB, "quote", recipient, 24 * 60 * 60),
  ]);
  if (lastHour >= QUOTES_PER_RECIPIENT_PER_HOUR || lastDay >= QUOTES_PER_RECIPIENT_PER_DAY) {
    log.warn("Quote e-mail to the buyer not sent: this address had several recently", { quoteNumber: quote.number });
    return false;
  }
  const queued = await queueMail(env, { kind: "quote", dedupeKey: `quote:${quote.number}`, to: recipient, data }, log);
  return queued.outcome === "queued";
}
