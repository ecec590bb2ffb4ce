/**
 * Erasing one person (the People section), in one D1 batch: a transaction, so the erasure and its
 * audit row are written together or not at all. Deleted: their messages, quotes never accepted,
 * billing links and finished M-Pesa prompts. Cleared: the bodies of every e-mail to them or about
 * them. Kept for the 7-year rule, with their contact details replaced: orders, their items,
 * payments, receipts, subscriptions and the quotes they accepted.
 */
import { addressList, personScopes } from "./people.ts";

/** What an erased contact detail reads as: never an address, so nothing is ever sent to it. */
export const ERASED = "[erased]";

/** How much an erasure changed, kind by kind (the audit row's detail). */
export type ErasureCounts = {
  messages: number;
  quotesDeleted: number;
  quotesKept: number;
  ordersKept: number;
  paymentsKept: number;
  emailsCleared: number;
  billingLinks: number;
  prompts: number;
};

/**
 * Runs the erasure with its audit row (`detail`: what the caller found and is erasing). Returns what
 * each statement changed and the numbers of the quotes deleted (the caller removes their PDFs).
 */
export async function erasePerson(
  db: D1Database,
  addresses: readonly string[],
  audit: { at: string; actor: string; subject: string; detail: string },
): Promise<{ counts: ErasureCounts; deletedQuotes: string[] }> {
  const list = addressList(addresses);
  const scope = personScopes(addresses);
  // ?1…?n are the addresses; the values after them are numbered on from there.
  const next = (k: number) => `?${addresses.length + k}`;
  const run = (sql: string, ...values: string[]) => db.prepare(sql).bind(...addresses, ...values);
  const results = await db.batch<Record<string, string>>([
    // Mail first: which e-mails are theirs is read through their messages, orders and quotes.
    run(
      `UPDATE outbox SET payload = 'null', body_cleared_at = COALESCE(body_cleared_at, ${next(1)}),
         subject = ${next(2)}, recipient = CASE WHEN recipient IN (${list}) THEN ${next(2)} ELSE recipient END
       WHERE id IN (${scope.emails}) RETURNING id`,
      audit.at,
      ERASED,
    ),
    run(`DELETE FROM billing_links WHERE email IN (${list}) RETURNING email`),
    run(
      `DELETE FROM quote_lines WHERE number IN (SELECT number FROM quotes WHERE customer_email IN (${list}) AND accepted_at IS NULL)`,
    ),
    run(`DELETE FROM quotes WHERE customer_email IN (${list}) AND accepted_at IS NULL RETURNING number`),
    run(`UPDATE quotes SET customer_email = ${next(1)} WHERE customer_email IN (${list}) RETURNING number`, ERASED),
    run(`DELETE FROM contact_messages WHERE email IN (${list}) RETURNING id`),
    run(
      `DELETE FROM mpesa_requests WHERE session_id IN (${scope.orders}) AND status <> 'pending' RETURNING checkout_request_id`,
    ),
    run(`UPDATE payments SET phone = NULL WHERE session_id IN (${scope.orders}) RETURNING payment_id`),
    run(
      `UPDATE orders SET customer_email = ${next(1)}, customer_phone = ${next(1)}, address = ${next(1)}, state = '', zip = ''
       WHERE customer_email IN (${list}) RETURNING session_id`,
      ERASED,
    ),
    db
      .prepare(
        `INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail) VALUES (?, ?, 'person.erased', 'person', ?, ?)`,
      )
      .bind(audit.at, audit.actor, audit.subject, audit.detail),
  ]);
  const returned = (i: number) => results[i]?.results ?? [];
  const deletedQuotes = returned(3).map((r) => String(r.number));
  return {
    deletedQuotes,
    counts: {
      emailsCleared: returned(0).length,
      billingLinks: returned(1).length,
      quotesDeleted: deletedQuotes.length,
      quotesKept: returned(4).length,
      messages: returned(5).length,
      prompts: returned(6).length,
      paymentsKept: returned(7).length,
      ordersKept: returned(8).length,
    },
  };
}
