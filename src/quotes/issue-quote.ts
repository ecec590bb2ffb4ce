import type { PricedCart } from "../checkout/cart-pricing.ts";
import type { WorkContext } from "../http/work-context.ts";
import type { PaymentDetails } from "../lib/payment-ways.ts";
import { paymentDetails } from "../payments/payment-details.ts";
import { sellerTaxIdentity } from "../tax/seller.ts";
import { getQuote, insertQuote, type Quote, type QuoteCustomer } from "./quote-numbers.ts";
import { deleteQuote } from "./quote-queries.ts";
import { storedQuotePdf, storeQuotePdf } from "./quote-store.ts";

/** A quote just made: its row, its kept PDF and the owner's payment details it was drawn with. */
export type IssuedQuote = { quote: Quote; pdf: Uint8Array; payment: PaymentDetails };

/**
 * The PDF library and its fonts (about a megabyte of code) load on the first quote an isolate draws,
 * never on the start of a Worker that only serves pages.
 */
async function drawQuote(quote: Quote, { env, origin }: WorkContext, payment: PaymentDetails): Promise<Uint8Array> {
  const { quotePdf } = await import("./quote-document.ts");
  return quotePdf(quote, origin, sellerTaxIdentity(env), payment);
}

/**
 * Makes a quote: its number and row, then its document, drawn once and kept. A quote whose document
 * could not be kept is taken back (its number stays unused), so no link ever points at a quote
 * without its document.
 */
export async function issueQuote(
  context: WorkContext,
  cart: PricedCart,
  customer: QuoteCustomer,
): Promise<IssuedQuote> {
  const { env } = context;
  const quote = await insertQuote(env.DB, cart, customer);
  try {
    const payment = await paymentDetails(env);
    const pdf = await drawQuote(quote, context, payment);
    await storeQuotePdf(env.DOCUMENTS, quote.number, pdf);
    return { quote, pdf, payment };
  } catch (error) {
    await deleteQuote(env.DB, quote.number).catch(() => undefined);
    throw error;
  }
}

/**
 * A quote's issued document. A quote made before documents were kept has none: it is drawn once
 * now, from its stored row, and kept from then on.
 */
export async function quoteDocument(context: WorkContext, quote: Quote): Promise<Uint8Array> {
  return (await storedQuotePdf(context.env.DOCUMENTS, quote.number)) ?? drawAndKeep(context, quote);
}

async function drawAndKeep(context: WorkContext, quote: Quote): Promise<Uint8Array> {
  const pdf = await drawQuote(quote, context, await paymentDetails(context.env));
  await storeQuotePdf(context.env.DOCUMENTS, quote.number, pdf);
  return pdf;
}

/** The document by number, for the owner's e-mail; null when no such quote exists. */
export async function quoteDocumentByNumber(context: WorkContext, number: string): Promise<Uint8Array | null> {
  const stored = await storedQuotePdf(context.env.DOCUMENTS, number);
  if (stored) return stored;
  const quote = await getQuote(context.env.DB, number);
  return quote ? drawAndKeep(context, quote) : null;
}
