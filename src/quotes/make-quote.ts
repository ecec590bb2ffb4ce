import type { PricedCart } from "../checkout/cart-pricing.ts";
import { withFields } from "../http/log.ts";
import type { WorkContext } from "../http/work-context.ts";
import { notifyQuote } from "../mail/visitor-notices.ts";
import { type IssuedQuote, issueQuote } from "./issue-quote.ts";
import type { QuoteCustomer } from "./quote-numbers.ts";

/**
 * Makes a written quote: numbered, stored with its PDF, and e-mailed (queued) to the buyer and
 * the owner. Throws when the quote cannot be issued; its e-mails failing loses nothing, since the
 * buyer gets the PDF in the answer.
 */
export async function makeQuote(context: WorkContext, cart: PricedCart, customer: QuoteCustomer): Promise<IssuedQuote> {
  const issued = await issueQuote(context, cart, customer);
  const { quote, payment } = issued;
  const quoteLog = withFields(context.log, { quoteNumber: quote.number });
  try {
    // The buyer's e-mail names the ways to pay its PDF was drawn with.
    await notifyQuote({ ...context, log: quoteLog }, quote, payment);
  } catch (error) {
    quoteLog.error("The quote's e-mails could not be queued", { error });
  }
  quoteLog.info("Quote made", { lines: quote.lines.length, dueCents: quote.due_cents });
  return issued;
}
