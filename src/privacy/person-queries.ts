/**
 * Everything held about one person, in SQL (the People section: src/privacy/person.ts). A person is
 * one or more keys (personKey of their addresses), each found by an indexed equality on the key of
 * every stored address (src/privacy/mailbox-key-queries.ts): no scan of a domain's addresses, so no number of
 * other addresses can hide anyone's. The keys are bound once as ?1…?n.
 */

import type {
  AuditRow,
  ContactMessageRow,
  MpesaRequestRow,
  OrderItemRow,
  OrderNoteRow,
  OrderRow,
  OutboxRow,
  PaymentRow,
  QuoteLineRow,
  QuoteRow,
  SubscriptionRow,
} from "../db/schema.ts";
import { ADDRESS_COLUMNS, mailboxKeySql, personKeySql } from "./mailbox-key-queries.ts";

/** Spellings of the person's addresses listed at once; a person written more ways says so. */
export const MAX_ADDRESSES = 20;
/** Rows of one kind read for one person (bounded: the page and the export stay small). */
export const MAX_ROWS = 500;

type AddressTable = (typeof ADDRESS_COLUMNS)[number][0];

/** Each table's person key, as the expression its index is on (SQLite uses the index for no other). */
export const PERSON_KEY = Object.fromEntries(
  ADDRESS_COLUMNS.map(([table, column]) => [table, personKeySql(column)]),
) as Record<AddressTable, string>;

/** The person's keys as ?1…?n, for IN lists and the subqueries below. */
export const keyList = (keys: readonly string[]) => keys.map((_, i) => `?${i + 1}`).join(", ");

/**
 * The other people whose address differs from `key`'s only where the caps' broad rule (mailboxKey,
 * e.g. a `+tag` at a domain where `+` may be part of a name) folds it: their person keys, in order,
 * at most `limit`. Found through the broad key's index, so it never reads a domain.
 */
export async function possiblySamePerson(
  db: D1Database,
  broadKey: string,
  key: string,
  limit: number,
): Promise<string[]> {
  const { results } = await db.prepare(possiblySameQuery(limit)).bind(broadKey, key).all<{ other: string }>();
  return results.map((r) => r.other);
}

/** possiblySamePerson's statement: ?1 the broad key, ?2 the person's key. */
export function possiblySameQuery(limit: number): string {
  const each = ADDRESS_COLUMNS.map(
    ([table, column]) =>
      `SELECT ${PERSON_KEY[table]} AS other FROM ${table} WHERE ${mailboxKeySql(column)} = ?1 AND ${PERSON_KEY[table]} <> ?2`,
  );
  return `${each.join(" UNION ")} ORDER BY other LIMIT ${Number(limit)}`;
}

/** The person's orders, messages and quotes as subqueries over the bound keys. */
export function personScopes(keys: readonly string[]) {
  const list = keyList(keys);
  const orders = `SELECT order_id FROM orders WHERE ${PERSON_KEY.orders} IN (${list})`;
  const messages = `SELECT id FROM contact_messages WHERE ${PERSON_KEY.contact_messages} IN (${list})`;
  const quotes = `SELECT number FROM quotes WHERE ${PERSON_KEY.quotes} IN (${list})`;
  return {
    orders,
    messages,
    quotes,
    payments: `SELECT payment_id FROM payments WHERE order_id IN (${orders})`,
    /** Mail to them, and mail to the owner about their messages, orders and quotes. */
    emails: `SELECT id FROM outbox WHERE ${PERSON_KEY.outbox} IN (${list})
      OR message_id IN (${messages})
      OR order_id IN (${orders})
      OR dedupe_key IN (SELECT 'owner-quote:' || number FROM (${quotes}))`,
  };
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
export type PersonRows = {
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

const PROMPT_COLUMNS =
  "checkout_request_id, merchant_request_id, order_id, phone, amount_kes, account_reference, status, result_code, result_desc, mpesa_receipt, created_at, updated_at, checked_at";

/** The statements reading what is held under the keys (personRecords runs them; a test reads their plans). */
export function personQueries(keys: readonly string[]): string[] {
  const list = keyList(keys);
  const scope = personScopes(keys);
  const limit = `LIMIT ${MAX_ROWS}`;
  const spellings = ADDRESS_COLUMNS.map(
    ([table, column]) => `SELECT ${column} AS address FROM ${table} WHERE ${PERSON_KEY[table]} IN (${list})`,
  );
  return [
    `${spellings.join(" UNION ")} ORDER BY address LIMIT ${MAX_ADDRESSES + 1}`,
    `SELECT * FROM orders WHERE ${PERSON_KEY.orders} IN (${list}) ORDER BY created_at DESC ${limit}`,
    `SELECT * FROM order_items WHERE order_id IN (${scope.orders}) ORDER BY order_id, item_id ${limit}`,
    `SELECT * FROM payments WHERE order_id IN (${scope.orders}) ORDER BY created_at DESC ${limit}`,
    `SELECT number, payment_id, created_at FROM receipts WHERE payment_id IN (${scope.payments}) ORDER BY number ${limit}`,
    `SELECT * FROM subscriptions WHERE order_id IN (${scope.orders}) ORDER BY created_at DESC ${limit}`,
    `SELECT ${PROMPT_COLUMNS} FROM mpesa_requests WHERE order_id IN (${scope.orders}) ORDER BY created_at DESC ${limit}`,
    `SELECT * FROM order_notes WHERE order_id IN (${scope.orders}) ORDER BY at DESC ${limit}`,
    `SELECT * FROM quotes WHERE ${PERSON_KEY.quotes} IN (${list}) ORDER BY created_at DESC ${limit}`,
    `SELECT * FROM quote_lines WHERE number IN (${scope.quotes}) ORDER BY number, position ${limit}`,
    `SELECT * FROM contact_messages WHERE ${PERSON_KEY.contact_messages} IN (${list}) ORDER BY created_at DESC ${limit}`,
    `SELECT * FROM outbox WHERE id IN (${scope.emails}) ORDER BY created_at DESC ${limit}`,
    `SELECT email, customer_id, created_at, expires_at, used_at FROM billing_links WHERE ${PERSON_KEY.billing_links} IN (${list}) ORDER BY created_at DESC ${limit}`,
    `SELECT * FROM admin_audit WHERE (subject_kind = 'order' AND subject_id IN (${scope.orders}))
       OR (subject_kind = 'message' AND subject_id IN (SELECT CAST(id AS TEXT) FROM (${scope.messages})))
       OR (subject_kind = 'quote' AND subject_id IN (${scope.quotes}))
       OR (subject_kind = 'payment' AND subject_id IN (${scope.payments}))
       OR (subject_kind = 'outbox' AND subject_id IN (SELECT CAST(id AS TEXT) FROM outbox WHERE id IN (${scope.emails})))
     ORDER BY at DESC, id DESC ${limit}`,
  ];
}

/**
 * The spellings of the person's addresses (at most MAX_ADDRESSES + 1, so a caller sees there are
 * more) and every kind of row held under the keys, each kind at most MAX_ROWS, in one round trip.
 */
export async function personRecords(
  db: D1Database,
  keys: readonly string[],
): Promise<{ addresses: string[]; rows: PersonRows }> {
  const results = await db.batch(personQueries(keys).map((sql) => db.prepare(sql).bind(...keys)));
  const rows = <T>(i: number) => (results[i]?.results ?? []) as T[];
  return {
    addresses: rows<{ address: string }>(0).map((r) => r.address),
    rows: {
      orders: rows(1),
      items: rows(2),
      payments: rows(3),
      receipts: rows(4),
      subscriptions: rows(5),
      prompts: rows(6),
      notes: rows(7),
      quotes: rows(8),
      quoteLines: rows(9),
      messages: rows(10),
      emails: rows(11),
      billingLinks: rows(12),
      audit: rows(13),
    },
  };
}

/** The data requests made about one person (their key's hash), newest first; or every request when null. */
export async function dataRequests(db: D1Database, subject: string | null, limit: number): Promise<AuditRow[]> {
  const where = subject === null ? "" : "AND subject_id = ?";
  const statement = db.prepare(
    `SELECT * FROM admin_audit WHERE subject_kind = 'person' ${where} ORDER BY at DESC, id DESC LIMIT ${Number(limit)}`,
  );
  const { results } = await (subject === null ? statement : statement.bind(subject)).all<AuditRow>();
  return results;
}

/** Writes a data request (an export, or an erasure refused) to the audit log. */
export async function insertDataRequest(
  db: D1Database,
  request: { at: string; actor: string; action: AuditRow["action"]; subject: string; detail: string },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail) VALUES (?, ?, ?, 'person', ?, ?)`,
    )
    .bind(request.at, request.actor, request.action, request.subject, request.detail)
    .run();
}
