/**
 * Everything held about one person, in SQL (the People section: src/privacy/person.ts). A person is
 * one or more keys (personKey of their addresses), each found by an indexed equality on the key of
 * every stored address (src/privacy/mailbox-key-queries.ts): no scan of a domain's addresses, so no
 * number of other addresses can hide anyone's. The keys are compared with the very expression each
 * index is on (sql.raw of that module's text: SQLite uses such an index for no other), inside
 * drizzle's builder.
 *
 * Bound values: every key list binds the keys again (drizzle numbers no parameters), and D1 binds at
 * most 100 a statement. The widest read (the audit rows) binds 8 lists and 6 values more: 11 keys
 * (the person and the 10 spellings a page may tick) bind 94.
 */

import { and, asc, desc, eq, inArray, or, type SQLWrapper, sql } from "drizzle-orm";
import { union } from "drizzle-orm/sqlite-core";
import { type Database, database } from "../db/client.ts";
import { type QuoteLineRow, type QuoteRow, quoteLines, quotes, receipts } from "../db/document-tables.ts";
import {
  type AuditRow,
  adminAudit,
  billingLinks,
  type ContactMessageRow,
  contactMessages,
  type MpesaRequestRow,
  mpesaRequests,
  type OrderItemRow,
  type OrderNoteRow,
  type OrderRow,
  type OutboxRow,
  orderItems,
  orderNotes,
  orders,
  outbox,
  type PaymentRow,
  payments,
  type SubscriptionRow,
  subscriptions,
} from "../db/schema.ts";
import { ADDRESS, eachAddressTable, personKeyIn, TABLE } from "./person-lookup-queries.ts";
import { type PersonSaleRows, personSaleQueries } from "./person-sale-queries.ts";

/** Spellings of the person's addresses listed at once; a person written more ways says so. */
export const MAX_ADDRESSES = 20;
/** Rows of one kind read for one person (bounded: the page and the export stay small). */
export const MAX_ROWS = 500;

/** The person's orders, messages, quotes, payments, subscriptions and e-mails, as subqueries over the keys. */
export function personScopes(dz: Database, keys: readonly string[]) {
  const orderIds = dz.select({ order_id: orders.order_id }).from(orders).where(personKeyIn("orders", keys));
  const messageIds = dz
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(personKeyIn("contact_messages", keys));
  const quoteNumbers = dz.select({ number: quotes.number }).from(quotes).where(personKeyIn("quotes", keys));
  const ownerQuoteKeys = dz
    .select({ key: sql<string>`'owner-quote:' || ${quotes.number}` })
    .from(quotes)
    .where(personKeyIn("quotes", keys));
  return {
    orders: orderIds,
    messages: messageIds,
    quotes: quoteNumbers,
    payments: dz.select({ payment_id: payments.payment_id }).from(payments).where(inArray(payments.order_id, orderIds)),
    subscriptions: dz
      .select({ subscription_id: subscriptions.subscription_id })
      .from(subscriptions)
      .where(inArray(subscriptions.order_id, orderIds)),
    /** Mail to them, and mail to the owner about their messages, orders and quotes. */
    emails: dz
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        or(
          personKeyIn("outbox", keys),
          inArray(outbox.message_id, messageIds),
          inArray(outbox.order_id, orderIds),
          inArray(outbox.dedupe_key, ownerQuoteKeys),
        ),
      ),
  };
}

/** An M-Pesa prompt's columns but its callback secret's hash. */
const PROMPT_COLUMNS = {
  checkout_request_id: mpesaRequests.checkout_request_id,
  merchant_request_id: mpesaRequests.merchant_request_id,
  order_id: mpesaRequests.order_id,
  phone: mpesaRequests.phone,
  amount_kes: mpesaRequests.amount_kes,
  account_reference: mpesaRequests.account_reference,
  status: mpesaRequests.status,
  result_code: mpesaRequests.result_code,
  result_desc: mpesaRequests.result_desc,
  mpesa_receipt: mpesaRequests.mpesa_receipt,
  created_at: mpesaRequests.created_at,
  updated_at: mpesaRequests.updated_at,
  checked_at: mpesaRequests.checked_at,
};

/**
 * The statements reading what is held under the keys, in PersonRows' order (a test reads their plans).
 * Plan at 100k: every step a SEARCH: e.g. SEARCH contact_messages USING INDEX contact_messages_by_person
 *   (<key>=?), each table by its person key (migrations/0013), what hangs off its rows by their ids.
 */
export function personQueries(db: D1Database, keys: readonly string[]) {
  const dz = database(db);
  const scope = personScopes(dz, keys);
  const spellings = eachAddressTable((table) =>
    dz
      .select({ address: sql<string>`${ADDRESS[table]}`.as("address") })
      .from(TABLE[table])
      .where(personKeyIn(table, keys)),
  );
  return [
    union(...spellings)
      .orderBy(sql`address`)
      .limit(MAX_ADDRESSES + 1),
    dz.select().from(orders).where(personKeyIn("orders", keys)).orderBy(desc(orders.created_at)).limit(MAX_ROWS),
    dz
      .select()
      .from(orderItems)
      .where(inArray(orderItems.order_id, scope.orders))
      .orderBy(asc(orderItems.order_id), asc(orderItems.item_id))
      .limit(MAX_ROWS),
    dz
      .select()
      .from(payments)
      .where(inArray(payments.order_id, scope.orders))
      .orderBy(desc(payments.created_at))
      .limit(MAX_ROWS),
    dz
      .select({ number: receipts.number, payment_id: receipts.payment_id, created_at: receipts.created_at })
      .from(receipts)
      .where(inArray(receipts.payment_id, scope.payments))
      .orderBy(asc(receipts.number))
      .limit(MAX_ROWS),
    dz
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.order_id, scope.orders))
      .orderBy(desc(subscriptions.created_at))
      .limit(MAX_ROWS),
    dz
      .select(PROMPT_COLUMNS)
      .from(mpesaRequests)
      .where(inArray(mpesaRequests.order_id, scope.orders))
      .orderBy(desc(mpesaRequests.created_at))
      .limit(MAX_ROWS),
    dz
      .select()
      .from(orderNotes)
      .where(inArray(orderNotes.order_id, scope.orders))
      .orderBy(desc(orderNotes.at))
      .limit(MAX_ROWS),
    dz.select().from(quotes).where(personKeyIn("quotes", keys)).orderBy(desc(quotes.created_at)).limit(MAX_ROWS),
    dz
      .select()
      .from(quoteLines)
      .where(inArray(quoteLines.number, scope.quotes))
      .orderBy(asc(quoteLines.number), asc(quoteLines.position))
      .limit(MAX_ROWS),
    dz
      .select()
      .from(contactMessages)
      .where(personKeyIn("contact_messages", keys))
      .orderBy(desc(contactMessages.created_at))
      .limit(MAX_ROWS),
    dz.select().from(outbox).where(inArray(outbox.id, scope.emails)).orderBy(desc(outbox.created_at)).limit(MAX_ROWS),
    dz
      .select({
        email: billingLinks.email,
        customer_id: billingLinks.customer_id,
        created_at: billingLinks.created_at,
        expires_at: billingLinks.expires_at,
        used_at: billingLinks.used_at,
      })
      .from(billingLinks)
      .where(personKeyIn("billing_links", keys))
      .orderBy(desc(billingLinks.created_at))
      .limit(MAX_ROWS),
    auditQuery(dz, keys, scope),
    ...personSaleQueries(dz, scope, MAX_ROWS),
  ] as const;
}

/** The back office's audit lines about anything the person's records hold. */
function auditQuery(dz: Database, keys: readonly string[], scope: ReturnType<typeof personScopes>) {
  const idText = (id: typeof contactMessages.id | typeof outbox.id) => sql<string>`CAST(${id} AS TEXT)`;
  const about = (kind: AuditRow["subject_kind"], ids: SQLWrapper) =>
    and(eq(adminAudit.subject_kind, kind), inArray(adminAudit.subject_id, ids));
  return dz
    .select()
    .from(adminAudit)
    .where(
      or(
        about("order", scope.orders),
        about(
          "message",
          dz
            .select({ id: idText(contactMessages.id) })
            .from(contactMessages)
            .where(personKeyIn("contact_messages", keys)),
        ),
        about("quote", scope.quotes),
        about("payment", scope.payments),
        about(
          "outbox",
          dz
            .select({ id: idText(outbox.id) })
            .from(outbox)
            .where(inArray(outbox.id, scope.emails)),
        ),
      ),
    )
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(MAX_ROWS);
}

/** A receipt as the person's record shows it (its access key is a capability, never exported). */
type PersonReceipt = { number: string; payment_id: string; created_at: string };
/** A billing link without its token's hash. */
type PersonBillingLink = {
  email: string;
  customer_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};
/** An M-Pesa prompt without its callback secret's hash. */
type PersonPrompt = Omit<MpesaRequestRow, "callback_token_hash">;

/** Every row held about the person, kind by kind. */
export type PersonRows = PersonSaleRows & {
  orders: OrderRow[];
  items: OrderItemRow[];
  payments: PaymentRow[];
  receipts: PersonReceipt[];
  subscriptions: SubscriptionRow[];
  prompts: PersonPrompt[];
  notes: OrderNoteRow[];
  quotes: QuoteRow[];
  quoteLines: QuoteLineRow[];
  messages: ContactMessageRow[];
  emails: OutboxRow[];
  billingLinks: PersonBillingLink[];
  audit: AuditRow[];
};

/**
 * The spellings of the person's addresses (at most MAX_ADDRESSES + 1, so a caller sees there are
 * more) and every kind of row held under the keys, each kind at most MAX_ROWS, in one round trip.
 */
export async function personRecords(
  db: D1Database,
  keys: readonly string[],
): Promise<{ addresses: string[]; rows: PersonRows }> {
  const [addresses, orderRows, items, paymentRows, receiptRows, subscriptionRows, prompts, notes, ...rest] =
    await database(db).batch(personQueries(db, keys));
  const [quoteRows, lines, messages, emails, links, audit, refundRows, paybillPayments, plans, planMonths] = rest;
  return {
    addresses: addresses.map((r) => r.address),
    rows: {
      orders: orderRows,
      items,
      payments: paymentRows,
      receipts: receiptRows,
      subscriptions: subscriptionRows,
      prompts,
      notes,
      quotes: quoteRows,
      quoteLines: lines,
      messages,
      emails,
      billingLinks: links,
      audit,
      refunds: refundRows,
      paybillPayments,
      plans,
      planMonths,
    },
  };
}
