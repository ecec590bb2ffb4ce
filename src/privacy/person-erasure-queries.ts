/**
 * Erasing one person (the People section), in one D1 batch: a transaction, so the erasure and its
 * audit row are written together or not at all. Deleted: their messages, quotes never accepted,
 * billing links and finished M-Pesa prompts. Cleared: the bodies of every e-mail to them or about
 * them. Kept for the 7-year rule, with their contact details replaced: orders, their items,
 * payments, receipts, subscriptions and the quotes they accepted.
 */
import { and, inArray, isNull, ne, sql } from "drizzle-orm";
import { database, runBatch, type Statement } from "../db/client.ts";
import { quoteLines, quotes } from "../db/document-tables.ts";
import { billingLinks, contactMessages, mpesaRequests, orders, outbox, payments } from "../db/schema.ts";
import { ERASED, erasedMailSet } from "./erased-mail-queries.ts";
import { personKeyIn, personKeyOf } from "./person-lookup-queries.ts";
import { personScopes } from "./person-queries.ts";

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

/** The key list as raw SQL's `IN (…)` operand: one bound value per key. */
const keyList = (keys: readonly string[]) =>
  sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );

/**
 * The erasure's audit row, written only while something of theirs is left: of two erasures at once,
 * the second finds nothing and records nothing (batches run one after another). An e-mail whose body
 * is already cleared still names them until its recipient is erased: that counts too.
 * Raw SQL: the guard is the statement (INSERT … SELECT … WHERE EXISTS), and the row it returns, or
 * not, is how the caller learns whether this erasure was the one recorded.
 */
function erasureRecordStatement(
  keys: readonly string[],
  audit: { at: string; actor: string; subject: string; detail: string },
) {
  const held = (table: Parameters<typeof personKeyOf>[0]) =>
    sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE ${personKeyOf(table)} IN (${keyList(keys)}))`;
  return sql`INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
    SELECT ${audit.at}, ${audit.actor}, 'person.erased', 'person', ${audit.subject}, ${audit.detail}
    WHERE ${held("orders")} OR ${held("quotes")} OR ${held("contact_messages")} OR ${held("billing_links")}
      OR ${held("outbox")}
    RETURNING id`;
}

/**
 * Runs the erasure with its audit row (`detail`: what the caller found and is erasing) and `also`
 * (the logged requests it answers), after the erasure's own statements. Returns whether it was
 * recorded (false: a concurrent erasure had already taken everything), what each statement changed
 * and the numbers of the quotes deleted (the caller removes their PDFs). The logged requests
 * themselves (data_requests) are never erased: they are the record of what was asked and done.
 */
export async function erasePerson(
  db: D1Database,
  keys: readonly string[],
  audit: { at: string; actor: string; subject: string; detail: string },
  also: readonly Statement[] = [],
): Promise<{ recorded: boolean; counts: ErasureCounts; deletedQuotes: string[] }> {
  const dz = database(db);
  const scope = personScopes(dz, keys);
  const results = await runBatch(db, [
    // The record first (see erasureRecordStatement).
    erasureRecordStatement(keys, audit),
    // Mail first: which e-mails are theirs is read through their messages, orders and quotes.
    dz
      .update(outbox)
      .set(erasedMailSet(audit.at, personKeyIn("outbox", keys)))
      .where(inArray(outbox.id, scope.emails))
      .returning({ id: outbox.id }),
    dz.delete(billingLinks).where(personKeyIn("billing_links", keys)).returning({ email: billingLinks.email }),
    dz.delete(quoteLines).where(
      inArray(
        quoteLines.number,
        dz
          .select({ number: quotes.number })
          .from(quotes)
          .where(and(personKeyIn("quotes", keys), isNull(quotes.accepted_at))),
      ),
    ),
    dz
      .delete(quotes)
      .where(and(personKeyIn("quotes", keys), isNull(quotes.accepted_at)))
      .returning({ number: quotes.number }),
    dz
      .update(quotes)
      .set({ customer_email: ERASED })
      .where(personKeyIn("quotes", keys))
      .returning({ number: quotes.number }),
    dz.delete(contactMessages).where(personKeyIn("contact_messages", keys)).returning({ id: contactMessages.id }),
    dz
      .delete(mpesaRequests)
      .where(and(inArray(mpesaRequests.order_id, scope.orders), ne(mpesaRequests.status, "pending")))
      .returning({ checkout_request_id: mpesaRequests.checkout_request_id }),
    dz
      .update(payments)
      .set({ phone: null })
      .where(inArray(payments.order_id, scope.orders))
      .returning({ payment_id: payments.payment_id }),
    dz
      .update(orders)
      .set({ customer_email: ERASED, customer_phone: ERASED, address: ERASED, state: "", zip: "" })
      .where(personKeyIn("orders", keys))
      .returning({ order_id: orders.order_id }),
    ...also,
  ]);
  const returned = (i: number) => results[i] ?? [];
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
