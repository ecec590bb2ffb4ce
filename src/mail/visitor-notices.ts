import type { ContactMessage } from "../contact/contact-message-schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import type { PaymentDetails } from "../lib/payment-ways.ts";
import { adminQuoteAnchor, quotePagePath } from "../paths.ts";
import { quoteDocument } from "../quotes/quote-document-copy.ts";
import type { QuoteForBuyerData, QuoteMailData } from "../quotes/quote-mail.ts";
import type { Quote } from "../quotes/quote-numbers.ts";
import { type Budget, mailboxBudgets, spendBudget } from "../security/budget.ts";
import { ceilingReached } from "../security/ceilings.ts";
import { enqueueMail } from "./enqueue.ts";
import { mailboxKey } from "./mailbox.ts";

/*
 * The e-mails a visitor's request sends: to the owner, and to the address the visitor typed, which
 * nobody has verified. Those carry fixed text only and are capped per mailbox and overall.
 */

/**
 * A contact message arrived: the owner gets it (Reply-To the sender), and the sender a fixed
 * acknowledgement that repeats nothing they typed, at most a few a day per address.
 */
export async function notifyContactMessage(
  context: WorkContext,
  messageId: number,
  message: ContactMessage,
): Promise<void> {
  await enqueueMail(context, {
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
  });
  if (!(await mayMailVisitor(context, mailboxBudgets.contactAck, message.email))) return;
  await enqueueMail(context, {
    kind: "contact-ack",
    dedupeKey: `contact-ack:${messageId}`,
    to: message.email,
    messageId,
    data: {},
  });
}

/**
 * Whether an e-mail a visitor asked for may go to an address nobody verified: the mailbox's budget
 * (however the address is written) and the ceiling for all such e-mails. Such e-mails carry fixed
 * text only; these caps stop them being sent in bulk.
 */
async function mayMailVisitor(context: WorkContext, budget: Budget, address: string) {
  if (!(await spendBudget(context.env.DB, budget, mailboxKey(address)))) {
    context.log.warn("E-mail to a visitor's address not sent: that mailbox had its share", { scope: budget.scope });
    return false;
  }
  return !(await ceilingReached(context, "visitorMail"));
}

/**
 * A link into the billing portal (or, `mpesa-plan-link`, an M-Pesa plan's page), asked for on
 * /billing, to the address the order holds. The link itself is made only once the mailbox may get
 * it, so refused requests store nothing.
 */
export async function sendBillingLink(
  context: WorkContext,
  to: string,
  makeLink: () => Promise<{ url: string; validFor: string }>,
  kind: "billing-link" | "mpesa-plan-link" = "billing-link",
): Promise<void> {
  if (!(await mayMailVisitor(context, mailboxBudgets.billingLink, to))) return;
  const data = await makeLink();
  await enqueueMail(context, { kind, dedupeKey: `${kind}:${crypto.randomUUID()}`, to, data });
}

/**
 * A quote was made: the owner gets it (Reply-To the buyer) with its PDF; the buyer, within the
 * mailbox's budget, a fixed-text e-mail with the quote's link (templates/quote.ts says why). The
 * answer to the request is the same either way, so nobody learns a mailbox's count from it.
 */
export async function notifyQuote(context: WorkContext, quote: Quote, payment: PaymentDetails): Promise<void> {
  const { origin } = context;
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
  await enqueueMail(context, { kind: "owner-quote", dedupeKey: `owner-quote:${quote.number}`, data });
  if (!(await mayMailVisitor(context, mailboxBudgets.quote, quote.customer_email))) return;
  const payBy = quoteDocument.offline(quote.number, payment);
  const buyer: QuoteForBuyerData = { quoteNumber: quote.number, quoteUrl, validUntil: quote.valid_until, payBy };
  await enqueueMail(context, {
    kind: "quote",
    dedupeKey: `quote:${quote.number}`,
    to: quote.customer_email,
    data: buyer,
  });
}

/** What about a subscription's billing needs the owner: its dates, or one of its invoices. */
