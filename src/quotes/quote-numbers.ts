/**
 * Written quotes: numbering, access keys and prices, and what other features ask of a quote. The
 * statements are in quotes/quote-queries.ts.
 */

import { and, eq, inArray, isNull } from "drizzle-orm";
import type { PricedCart } from "../checkout/cart-pricing.ts";
import { database } from "../db/client.ts";
import { NOW } from "../db/column-values.ts";
import { type QuoteLineRow, type QuoteRow, quotes } from "../db/document-tables.ts";
import { orders } from "../db/schema.ts";
import { base64url } from "../lib/base64url.ts";
import { insertQuoteRows, nextQuoteCount, quoteWithLines } from "./quote-queries.ts";

/** A written quote: its row and its lines, in the order the buyer chose them. */
export type Quote = QuoteRow & { lines: QuoteLineRow[] };

/** How long a quote's prices hold. */
export const QUOTE_VALID_DAYS = 30;

export type QuoteCustomer = {
  name: string;
  email: string;
  company?: string | undefined;
  /** Upper-cased by the request's schema (tax/kra-pin.ts). */
  kraPin?: string | undefined;
};

/** Q-2026-00001: the year, then the year's running number. */
function quoteNumber(year: number, n: number): string {
  return `Q-${year}-${String(n).padStart(5, "0")}`;
}

/** Takes the next number of the year: concurrent requests each get their own, none repeats. */
async function nextNumber(db: D1Database, year: number): Promise<string> {
  return quoteNumber(year, await nextQuoteCount(db, year));
}

/** The quote with this number and its lines; null when there is none. */
export function getQuote(db: D1Database, number: string): Promise<Quote | null> {
  return quoteWithLines(db, number);
}

/** Records a quote at catalogue prices and returns it as stored. */
export async function insertQuote(
  db: D1Database,
  cart: PricedCart,
  customer: QuoteCustomer,
  now = new Date(),
): Promise<Quote> {
  const number = await nextNumber(db, now.getUTCFullYear());
  const accessKey = base64url(crypto.getRandomValues(new Uint8Array(24)));
  const validUntil = new Date(now.getTime() + QUOTE_VALID_DAYS * 86_400_000).toISOString();
  const monthlyCents = cart.lines
    .filter((line) => line.entry.recurring)
    .reduce((sum, line) => sum + line.entry.unitAmount * line.quantity, 0);
  await insertQuoteRows(
    db,
    {
      number,
      access_key: accessKey,
      customer_name: customer.name,
      customer_email: customer.email,
      customer_company: customer.company || null,
      customer_kra_pin: customer.kraPin?.toUpperCase() || null,
      due_cents: cart.totalCents,
      monthly_cents: monthlyCents,
      created_at: now.toISOString(),
      valid_until: validUntil,
    },
    cart.lines.map((line) => ({
      item_id: line.entry.id,
      name: line.entry.name,
      category: line.entry.category,
      unit_amount_cents: line.entry.unitAmount,
      quantity: line.quantity,
      recurring: line.entry.recurring ? 1 : 0,
    })),
  );
  const quote = await getQuote(db, number);
  if (!quote) throw new Error(`Quote ${number} was not stored`);
  return quote;
}

/**
 * Q-2026-00001 … Q-2026-99999, then Q-2026-100000 and on: exactly what quoteNumber() writes (padded
 * to five digits, never cut, so no longer number starts with 0), checked before D1 is asked. Twelve
 * digits is more quotes than a year can hold, and bounds the lookup.
 */
const QUOTE_NUMBER = /^Q-\d{4}-(?:\d{5}|[1-9]\d{5,11})$/;

/** Whether the text is a quote's number as quoteNumber() writes it (exact case). */
export const isQuoteNumber = (text: string): boolean => QUOTE_NUMBER.test(text);

/** Equal strings in time that does not depend on where they first differ. */
function sameKey(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  if (left.length !== right.length) return false;
  return crypto.subtle.timingSafeEqual(left, right);
}

/**
 * The quote a link opens: its number and its access key must both match. Null for anything else,
 * whatever was wrong, so a caller can answer every failure the same way.
 */
export async function findQuoteByKey(
  db: D1Database,
  number: string | undefined,
  key: string | undefined,
): Promise<Quote | null> {
  if (!number || !key || !QUOTE_NUMBER.test(number) || key.length > 100) return null;
  const quote = await getQuote(db, number);
  return quote && sameKey(quote.access_key, key) ? quote : null;
}

/**
 * Marks the quote an order pays accepted by it, once the order is paid (now or before): for the
 * batch that settles a payment. A quote already accepted stays as it is.
 * Plan at 100k: SEARCH quotes USING INDEX sqlite_autoindex_quotes_1 (number=?), the number
 *   from SEARCH orders USING INDEX sqlite_autoindex_orders_1 (order_id=?)
 */
export function acceptPaidQuoteStatement(db: D1Database, orderId: string) {
  const dz = database(db);
  const paidOrdersQuote = dz
    .select({ number: orders.quote_number })
    .from(orders)
    .where(and(eq(orders.order_id, orderId), eq(orders.status, "paid")));
  return dz
    .update(quotes)
    .set({ accepted_at: NOW, accepted_order: orderId })
    .where(and(inArray(quotes.number, paidOrdersQuote), isNull(quotes.accepted_at)))
    .returning({ number: quotes.number });
}
