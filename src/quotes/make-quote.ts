import type { PricedCart } from "../checkout/cart-pricing.ts";
import { type Logger, withFields } from "../http/log.ts";
import { notifyQuote } from "../mail/visitor-notices.ts";
import { type IssuedQuote, issueQuote } from "./issue-quote.ts";
import type { QuoteCustomer } from "./quote-numbers.ts";

/**
 * Makes a written quote: numbered, stored with its PDF, and e-mailed (queued) to the buyer and
 * the owner. Throws when the quote cannot be issued; its e-mails failing loses nothing, since the
 * buyer gets the PDF in the answer.
 */
export async function makeQuote(
  env: Env,
  cart: PricedCart,
  customer: QuoteCustomer,
  origin: string,
  log: Logger,
): Promise<IssuedQuote> {
  const issued = await issueQuote(env, cart, customer, origin);
  const { quote } = issued;
  const quoteLog = withFields(log, { quoteNumber: quote.number });
  try {
    await notifyQuote(env, quote, origin, quoteLog);
  } catch (error) {
    quoteLog.error("The quote's e-mails could not be queued", { error });
  }
  quoteLog.info("Quote made", { lines: quote.lines.length, dueCents: quote.due_cents });
  return issued;
}
