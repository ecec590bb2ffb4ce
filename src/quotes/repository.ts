import type { PricedCart } from "../orders/cart-pricing.ts";

/** How long a quote's prices hold. */
export const QUOTE_VALID_DAYS = 30;

export type QuoteCustomer = { name: string; email: string; company?: string | undefined };

export type QuoteRow = {
  number: string;
  access_key: string;
  customer_name: string;
  customer_email: string;
  customer_company: string | null;
  currency: string;
  due_cents: number;
  monthly_cents: number;
  created_at: string;
  valid_until: string;
};

export type QuoteLineRow = {
  number: string;
  position: number;
  item_id: string;
  name: string;
  category: string;
  unit_amount_cents: number;
  quantity: number;
  recurring: number;
};

export type Quote = QuoteRow & { lines: QuoteLineRow[] };

/** Q-2026-00001: the year, then the year's running number. */
function quoteNumber(year: number, n: number): string {
  return `Q-${year}-${String(n).padStart(5, "0")}`;
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * Takes the next number of the year. The counter is bumped by one UPSERT … RETURNING, a single
 * statement D1 runs atomically: concurrent requests each get their own number, none repeats.
 */
async function nextNumber(db: D1Database, year: number): Promise<string> {
  const row = await db
    .prepare(
      `INSERT INTO quote_counters (year, last_number) VALUES (?1, 1)
       ON CONFLICT (year) DO UPDATE SET last_number = last_number + 1
       RETURNING last_number`,
    )
    .bind(year)
    .first<{ last_number: number }>();
  if (!row) throw new Error("No quote number was issued");
  return quoteNumber(year, row.last_number);
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
  await db.batch([
    db
      .prepare(
        `INSERT INTO quotes (number, access_key, customer_name, customer_email, customer_company, due_cents,
           monthly_cents, created_at, valid_until)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        number,
        accessKey,
        customer.name,
        customer.email,
        customer.company || null,
        cart.totalCents,
        monthlyCents,
        now.toISOString(),
        validUntil,
      ),
    ...cart.lines.map((line, position) =>
      db
        .prepare(
          `INSERT INTO quote_lines (number, position, item_id, name, category, unit_amount_cents, quantity, recurring)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          number,
          position,
          line.entry.id,
          line.entry.name,
          line.entry.category,
          line.entry.unitAmount,
          line.quantity,
          line.entry.recurring ? 1 : 0,
        ),
    ),
  ]);
  const quote = await getQuote(db, number);
  if (!quote) throw new Error(`Quote ${number} was not stored`);
  return quote;
}

/** Undoes insertQuote when its document could not be issued (its lines go with it: ON DELETE CASCADE). */
export async function deleteQuote(db: D1Database, number: string): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM quote_lines WHERE number = ?").bind(number),
    db.prepare("DELETE FROM quotes WHERE number = ?").bind(number),
  ]);
}

export async function getQuote(db: D1Database, number: string): Promise<Quote | null> {
  const [quotes, lines] = await db.batch<QuoteRow | QuoteLineRow>([
    db.prepare("SELECT * FROM quotes WHERE number = ?").bind(number),
    db.prepare("SELECT * FROM quote_lines WHERE number = ? ORDER BY position").bind(number),
  ]);
  const quote = quotes?.results[0] as QuoteRow | undefined;
  return quote ? { ...quote, lines: (lines?.results ?? []) as QuoteLineRow[] } : null;
}

/**
 * Q-2026-00001 … Q-2026-99999, then Q-2026-100000 and on: exactly what quoteNumber() writes (padded
 * to five digits, never cut, so no longer number starts with 0), checked before D1 is asked. Twelve
 * digits is more quotes than a year can hold, and bounds the lookup.
 */
const QUOTE_NUMBER = /^Q-\d{4}-(?:\d{5}|[1-9]\d{5,11})$/;

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
