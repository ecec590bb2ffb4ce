import type { ContactMessage } from "../contact/contact-message-schema.ts";
import type { Logger } from "../http/log.ts";
import { adminQuoteAnchor, quotePagePath } from "../paths.ts";
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
  env: Env,
  messageId: number,
  message: ContactMessage,
  origin: string,
  log: Logger,
): Promise<void> {
  await enqueueMail(
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
  await enqueueMail(
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
  await enqueueMail(env, { kind: "billing-link", dedupeKey: `billing-link:${crypto.randomUUID()}`, to, data }, log);
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
  await enqueueMail(env, { kind: "owner-quote", dedupeKey: `owner-quote:${quote.number}`, data }, log);
  if (!(await mayMailVisitor(env, mailboxBudgets.quote, quote.customer_email, origin, log))) return;
  const buyer: QuoteForBuyerData = { quoteNumber: quote.number, quoteUrl, validUntil: quote.valid_until };
  await enqueueMail(
    env,
    { kind: "quote", dedupeKey: `quote:${quote.number}`, to: quote.customer_email, data: buyer },
    log,
  );
}

/** What about a subscription's billing needs the owner: its dates, or one of its invoices. */
