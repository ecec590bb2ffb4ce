/**
 * Erasing one person (the People section), in one D1 batch: a transaction, so the erasure and its
 * audit row are written together or not at all. Deleted: their messages, quotes never accepted,
 * billing links and finished M-Pesa prompts. Cleared: the bodies of every e-mail to them or about
 * them. Kept for the 7-year rule, with their contact details replaced: orders, their items,
 * payments, receipts, subscriptions and the quotes they accepted.
 */
import { ERASED, erasedMailSet } from "./erased-mail-queries.ts";
import { keyList, PERSON_KEY, personScopes } from "./person-queries.ts";

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
 * Runs the erasure with its audit row (`detail`: what the caller found and is erasing). Returns
 * whether it was recorded (false: a concurrent erasure had already taken everything), what each
 * statement changed and the numbers of the quotes deleted (the caller removes their PDFs).
 */
export async function erasePerson(
  db: D1Database,
  keys: readonly string[],
  audit: { at: string; actor: string; subject: string; detail: string },
): Promise<{ recorded: boolean; counts: ErasureCounts; deletedQuotes: string[] }> {
  const list = keyList(keys);
  const scope = personScopes(keys);
  // ?1…?n are the person's keys; the values after them are numbered on from there.
  const next = (k: number) => `?${keys.length + k}`;
  const run = (sql: string, ...values: string[]) => db.prepare(sql).bind(...keys, ...values);
  const results = await db.batch<Record<string, string>>([
    // The record first, and only while something of theirs is left: of two erasures at once, the
    // second finds nothing and records nothing (batches run one after another). An e-mail whose
    // body is already cleared still names them until its recipient is erased: that counts too.
    run(
      `INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
       SELECT ${next(1)}, ${next(2)}, 'person.erased', 'person', ${next(3)}, ${next(4)}
       WHERE EXISTS (SELECT 1 FROM orders WHERE ${PERSON_KEY.orders} IN (${list}))
          OR EXISTS (SELECT 1 FROM quotes WHERE ${PERSON_KEY.quotes} IN (${list}))
          OR EXISTS (SELECT 1 FROM contact_messages WHERE ${PERSON_KEY.contact_messages} IN (${list}))
          OR EXISTS (SELECT 1 FROM billing_links WHERE ${PERSON_KEY.billing_links} IN (${list}))
          OR EXISTS (SELECT 1 FROM outbox WHERE ${PERSON_KEY.outbox} IN (${list}))
       RETURNING id`,
      audit.at,
      audit.actor,
      audit.subject,
      audit.detail,
    ),
    // Mail first: which e-mails are theirs is read through their messages, orders and quotes.
    run(
      `UPDATE outbox SET ${erasedMailSet(next(1), next(2), `${PERSON_KEY.outbox} IN (${list})`)}
       WHERE id IN (${scope.emails}) RETURNING id`,
      audit.at,
      ERASED,
    ),
    run(`DELETE FROM billing_links WHERE ${PERSON_KEY.billing_links} IN (${list}) RETURNING email`),
    run(`DELETE FROM quote_lines WHERE number IN (${scope.quotes} AND accepted_at IS NULL)`),
    run(`DELETE FROM quotes WHERE ${PERSON_KEY.quotes} IN (${list}) AND accepted_at IS NULL RETURNING number`),
    run(
      `UPDATE quotes SET customer_email = ${next(1)} WHERE ${PERSON_KEY.quotes} IN (${list}) RETURNING number`,
      ERASED,
    ),
    run(`DELETE FROM contact_messages WHERE ${PERSON_KEY.contact_messages} IN (${list}) RETURNING id`),
    run(
      `DELETE FROM mpesa_requests WHERE order_id IN (${scope.orders}) AND status <> 'pending' RETURNING checkout_request_id`,
    ),
    run(`UPDATE payments SET phone = NULL WHERE order_id IN (${scope.orders}) RETURNING payment_id`),
    run(
      `UPDATE orders SET customer_email = ${next(1)}, customer_phone = ${next(1)}, address = ${next(1)}, state = '', zip = ''
       WHERE ${PERSON_KEY.orders} IN (${list}) RETURNING order_id`,
      ERASED,
    ),
  ]);
  const returned = (i: number) => results[i]?.results ?? [];
  const deletedQuotes = returned(4).map((r) => String(r.number));
  return {
    recorded: returned(0).length > 0,
    deletedQuotes,
    counts: {
      emailsCleared: returned(1).length,
      billingLinks: returned(2).length,
      quotesDeleted: deletedQuotes.length,
      quotesKept: returned(5).length,
      messages: returned(6).length,
      prompts: returned(7).length,
      paymentsKept: returned(8).length,
      ordersKept: returned(9).length,
    },
  };
}
