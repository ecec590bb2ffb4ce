/**
 * The retention sweep's SQL (src/privacy/retention.ts): old enquiries and whether their mailbox ever
 * engaged, e-mail bodies to clear, old e-mail records and audit rows, expired billing links, and the
 * sweep's audit row. Cutoffs are ISO timestamps compared as text, as every timestamp here is written.
 */

import {
  and,
  asc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notExists,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { type Database, database, runBatch } from "../db/client.ts";
import { quotes } from "../db/document-tables.ts";
import { adminAudit, billingLinks, contactMessages, orders, outbox, payments } from "../db/schema.ts";
import { hasMailboxKey, type MailboxLookup, unkeyedAtDomain } from "./address-match.ts";
import { erasedMailSet } from "./erased-mail-queries.ts";

/** One old contact message: its id, address and date (the page's keyset). */
export type OldMessage = { id: number; email: string; created_at: string };

/**
 * Contact messages created before `cutoff`, oldest first, after the (created_at, id) key `after`.
 * Plan at 100k: SEARCH contact_messages USING INDEX contact_messages_by_created (created_at>? AND created_at<?).
 */
export function oldMessages(
  db: D1Database,
  cutoff: string,
  after: { created_at: string; id: number } | null,
  limit: number,
): Promise<OldMessage[]> {
  const m = contactMessages;
  // `created_at >= ?` first: one index range read in order. As a bare OR, SQLite reads both halves and sorts.
  const past = after
    ? and(gte(m.created_at, after.created_at), or(gt(m.created_at, after.created_at), gt(m.id, after.id)))
    : undefined;
  return database(db)
    .select({ id: m.id, email: m.email, created_at: m.created_at })
    .from(m)
    .where(and(lt(m.created_at, cutoff), past))
    .orderBy(asc(m.created_at), asc(m.id))
    .limit(limit)
    .all();
}

/**
 * Orders statuses that mean money or an agreed deal happened: paid, held for review (Stripe took
 * money that did not match), or confirmed with nothing to pay. An abandoned checkout is none of these.
 */
const engagedOrder = (dz: Database) =>
  or(
    inArray(orders.status, ["paid", "needs_review", "no_payment_required"]),
    isNotNull(orders.paid_at),
    exists(
      dz
        .select({ one: sql`1` })
        .from(payments)
        .where(and(eq(payments.order_id, orders.order_id), eq(payments.status, "paid"))),
    ),
  );

/** Keys a statement names: D1 binds at most 100 values, and the union below binds each twice. */
const KEYS_PER_STATEMENT = 40;

/** Splits `items` into runs of `size`. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}

/**
 * The stored addresses of these mailboxes that engaged: an order that was paid (engagedOrder) or an
 * accepted quote. By the indexed mailbox key, 40 keys a statement, and by domain among the few rows
 * SQL gives no key; all in one batch. The caller compares keys, as mailboxKey() computes them.
 * Plan: SEARCH orders USING INDEX orders_by_mailbox (<expr>=?), SEARCH quotes USING INDEX quotes_by_mailbox.
 */
export async function engagedAddresses(db: D1Database, lookup: MailboxLookup): Promise<string[]> {
  const dz = database(db);
  const where = (orderMatch: SQL, quoteMatch: SQL) =>
    dz
      .select({ email: orders.customer_email })
      .from(orders)
      .where(and(orderMatch, engagedOrder(dz)))
      .union(
        dz
          .select({ email: quotes.customer_email })
          .from(quotes)
          .where(and(isNotNull(quotes.accepted_at), quoteMatch)),
      );
  const statements = [
    ...chunked(lookup.keys, KEYS_PER_STATEMENT).map((keys) =>
      where(hasMailboxKey(orders.customer_email, keys), hasMailboxKey(quotes.customer_email, keys)),
    ),
    ...lookup.unkeyedDomains.map((domain) =>
      where(unkeyedAtDomain(orders.customer_email, domain), unkeyedAtDomain(quotes.customer_email, domain)),
    ),
  ];
  const [first, ...rest] = statements;
  if (!first) return [];
  const results = await dz.batch([first, ...rest]);
  return results.flatMap((rows) => rows.map((row) => row.email));
}

/** D1 binds at most 100 values a statement: the ids one batch names (the update binds 5 more). */
const CHUNK = 90;

/**
 * Deletes the messages (still older than `cutoff`, in case one was touched since) and, in the same
 * batch, anonymises the e-mails about them (outbox.message_id): body cleared, subject erased, and the
 * recipient erased where it is the message's sender (the owner's copy keeps the owner's address).
 * Returns how many messages went.
 */
export async function deleteMessages(
  db: D1Database,
  ids: readonly number[],
  cutoff: string,
  now: string,
): Promise<number> {
  const dz = database(db);
  let deleted = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const gone = dz
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(and(lt(contactMessages.created_at, cutoff), inArray(contactMessages.id, chunk)));
    const sender = dz
      .select({ email: contactMessages.email })
      .from(contactMessages)
      .where(eq(contactMessages.id, outbox.message_id));
    const [, removed] = await runBatch(db, [
      dz
        .update(outbox)
        .set(erasedMailSet(now, sql`${outbox.recipient} = (${sender})`))
        .where(inArray(outbox.message_id, gone)),
      dz.delete(contactMessages).where(inArray(contactMessages.id, gone)).returning({ id: contactMessages.id }),
    ]);
    deleted += removed?.length ?? 0;
  }
  return deleted;
}

/**
 * Clears the bodies of e-mails settled before `cutoff`: sent ones by when they were sent, failed and
 * not-configured ones by their last change; never a queued one. The payload becomes JSON `null`;
 * the row, recipient, subject, status and dates stay. `updated_at < cutoff` holds for every such row
 * (a settled row's last change is its sending or failing) and lets outbox_bodies_kept find them.
 * Plan at 100k: SEARCH outbox USING INDEX outbox_bodies_kept (updated_at<?) (8 ms for 1,000 rows).
 */
export async function clearMailBodies(db: D1Database, cutoff: string, limit: number, now: string): Promise<number> {
  const dz = database(db);
  const settled = dz
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.body_cleared_at),
        lt(outbox.updated_at, cutoff),
        // One CASE, not an OR of statuses: SQLite answered the OR by reading every sent e-mail through
        // (status) and sorting them (1.3 s at 100k); as one expression it walks outbox_bodies_kept in order.
        sql`(CASE ${outbox.status} WHEN 'sent' THEN ${outbox.sent_at} < ${cutoff} WHEN 'failed' THEN 1 WHEN 'not_configured' THEN 1 ELSE 0 END)`,
      ),
    )
    .orderBy(asc(outbox.updated_at))
    .limit(limit);
  const { meta } = await dz
    .update(outbox)
    .set({ payload: "null", body_cleared_at: now })
    .where(inArray(outbox.id, settled));
  return meta.changes ?? 0;
}

/** Deletes billing links that expired before `now` (used or not: either way they open nothing). */
export async function deleteExpiredBillingLinks(db: D1Database, now: string, limit: number): Promise<number> {
  const dz = database(db);
  const expired = dz
    .select({ token_hash: billingLinks.token_hash })
    .from(billingLinks)
    .where(lt(billingLinks.expires_at, now))
    .orderBy(asc(billingLinks.expires_at))
    .limit(limit);
  const { meta } = await dz.delete(billingLinks).where(inArray(billingLinks.token_hash, expired));
  return meta.changes ?? 0;
}

/**
 * Deletes records of e-mails created before `cutoff` (the record period) that nothing kept names: no
 * order (a kept order's e-mails go with it, privacy/order-erasure-queries.ts), no contact message still held (a
 * client's correspondence kept while the relationship lasts) and no quote still held (an accepted
 * one, kept with its order). How many went.
 */
export async function deleteOldMailRecords(db: D1Database, cutoff: string, limit: number): Promise<number> {
  const dz = database(db);
  const o = alias(outbox, "o");
  const one = { one: sql`1` };
  const quoteNumber = sql`substr(${o.dedupe_key}, instr(${o.dedupe_key}, ':') + 1)`;
  const unnamed = dz
    .select({ id: o.id })
    .from(o)
    .where(
      and(
        lt(o.created_at, cutoff),
        notExists(dz.select(one).from(orders).where(eq(orders.order_id, o.order_id))),
        notExists(dz.select(one).from(contactMessages).where(eq(contactMessages.id, o.message_id))),
        or(
          notInArray(o.kind, ["quote", "owner-quote"]),
          notExists(dz.select(one).from(quotes).where(eq(quotes.number, quoteNumber))),
        ),
      ),
    )
    .orderBy(asc(o.created_at))
    .limit(limit);
  // Counted by the rows returned: D1's `changes` also counts what the search index's triggers
  // delete (migrations/0027), three for each e-mail.
  const gone = await dz.delete(outbox).where(inArray(outbox.id, unnamed)).returning({ id: outbox.id });
  return gone.length;
}

/** Deletes audit rows written before `cutoff` (the record period): they hold notes and actions about people. */
export async function deleteOldAuditRows(db: D1Database, cutoff: string, limit: number): Promise<number> {
  const dz = database(db);
  const old = dz
    .select({ id: adminAudit.id })
    .from(adminAudit)
    // The breach register's trail is kept for good (docs/breaches.md); a trigger refuses its deletion
    // anyway, so leaving it out here keeps it from filling every run's batch.
    .where(and(lt(adminAudit.at, cutoff), ne(adminAudit.subject_kind, "breach")))
    .orderBy(asc(adminAudit.at))
    .limit(limit);
  const { meta } = await dz.delete(adminAudit).where(inArray(adminAudit.id, old));
  return meta.changes ?? 0;
}

/** The sweep's one audit row: actor 'retention', the run's day as subject, counts per rule as detail. */
export async function auditRetention(db: D1Database, day: string, detail: string, at: string): Promise<void> {
  await database(db).insert(adminAudit).values({
    at,
    actor: "retention",
    action: "retention.swept",
    subject_kind: "retention",
    subject_id: day,
    detail,
  });
}
