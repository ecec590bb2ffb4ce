/**
 * Everything held about one person, in SQL (the People section: src/privacy/person.ts). A person is
 * the set of addresses that deliver to one mailbox; SQL cannot apply that rule, so the addresses
 * sharing the mailbox's domain are read first and the caller keeps those of the same mailbox. Every
 * later query then names those exact addresses, bound once as ?1…?n and reused.
 */
import { AT_DOMAIN } from "./address-match.ts";
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
} from "./schema.ts";

/** Enough for any real person; a mailbox written more ways than this is cut short, and says so. */
export const MAX_ADDRESSES = 20;
/** Rows of one kind read for one person (bounded: the page and the export stay small). */
export const MAX_ROWS = 500;

/** Every stored address at one of these domains (as address-match.ts compares them), at most `limit`. */
export async function addressesAtDomains(db: D1Database, domains: readonly string[], limit: number): Promise<string[]> {
  const suffixes = domains.map((d) => `@${d}`);
  const match = (column: string) => suffixes.map((_, i) => AT_DOMAIN(column, `?${i + 1}`)).join(" OR ");
  const { results } = await db
    .prepare(
      `SELECT customer_email AS address FROM orders WHERE ${match("customer_email")}
       UNION SELECT customer_email FROM quotes WHERE ${match("customer_email")}
       UNION SELECT email FROM contact_messages WHERE ${match("email")}
       UNION SELECT email FROM billing_links WHERE ${match("email")}
       UNION SELECT recipient FROM outbox WHERE ${match("recipient")}
       LIMIT ${Number(limit)}`,
    )
    .bind(...suffixes)
    .all<{ address: string }>();
  return results.map((r) => r.address);
}

/** The person's exact addresses as ?1…?n, for IN lists and the subqueries below. */
export const addressList = (addresses: readonly string[]) => addresses.map((_, i) => `?${i + 1}`).join(", ");

/** The person's orders, messages and quotes as subqueries over the bound addresses. */
export function personScopes(addresses: readonly string[]) {
  const list = addressList(addresses);
  return {
    orders: `SELECT session_id FROM orders WHERE customer_email IN (${list})`,
    messages: `SELECT id FROM contact_messages WHERE email IN (${list})`,
    quotes: `SELECT number FROM quotes WHERE customer_email IN (${list})`,
    payments: `SELECT payment_id FROM payments WHERE session_id IN (SELECT session_id FROM orders WHERE customer_email IN (${list}))`,
    /** Mail to them, and mail to the owner about their messages, orders and quotes. */
    emails: `SELECT id FROM outbox WHERE recipient IN (${list})
      OR message_id IN (SELECT id FROM contact_messages WHERE email IN (${list}))
      OR order_id IN (SELECT session_id FROM orders WHERE customer_email IN (${list}))
      OR dedupe_key IN (SELECT 'owner-quote:' || number FROM quotes WHERE customer_email IN (${list}))`,
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
  "checkout_request_id, merchant_request_id, session_id, phone, amount_kes, account_reference, status, result_code, result_desc, mpesa_receipt, created_at, updated_at, checked_at";

/** Reads every kind of row about these addresses, each kind at most MAX_ROWS, in one round trip. */
export async function personRows(db: D1Database, addresses: readonly string[]): Promise<PersonRows> {
  const list = addressList(addresses);
  const scope = personScopes(addresses);
  const limit = `LIMIT ${MAX_ROWS}`;
  const query = (sql: string) => db.prepare(`${sql} ${limit}`).bind(...addresses);
  const results = await db.batch([
    query(`SELECT * FROM orders WHERE customer_email IN (${list}) ORDER BY created_at DESC`),
    query(`SELECT * FROM order_items WHERE session_id IN (${scope.orders}) ORDER BY session_id, item_id`),
    query(`SELECT * FROM payments WHERE session_id IN (${scope.orders}) ORDER BY created_at DESC`),
    query(
      `SELECT number, payment_id, created_at FROM receipts WHERE payment_id IN (${scope.payments}) ORDER BY number`,
    ),
    query(`SELECT * FROM subscriptions WHERE session_id IN (${scope.orders}) ORDER BY created_at DESC`),
    query(
      `SELECT ${PROMPT_COLUMNS} FROM mpesa_requests WHERE session_id IN (${scope.orders}) ORDER BY created_at DESC`,
    ),
    query(`SELECT * FROM order_notes WHERE session_id IN (${scope.orders}) ORDER BY at DESC`),
    query(`SELECT * FROM quotes WHERE customer_email IN (${list}) ORDER BY created_at DESC`),
    query(`SELECT * FROM quote_lines WHERE number IN (${scope.quotes}) ORDER BY number, position`),
    query(`SELECT * FROM contact_messages WHERE email IN (${list}) ORDER BY created_at DESC`),
    query(`SELECT * FROM outbox WHERE id IN (${scope.emails}) ORDER BY created_at DESC`),
    query(
      `SELECT email, customer_id, created_at, expires_at, used_at FROM billing_links WHERE email IN (${list}) ORDER BY created_at DESC`,
    ),
    query(
      `SELECT * FROM admin_audit WHERE (subject_kind = 'order' AND subject_id IN (${scope.orders}))
         OR (subject_kind = 'message' AND subject_id IN (SELECT CAST(id AS TEXT) FROM contact_messages WHERE email IN (${list})))
         OR (subject_kind = 'quote' AND subject_id IN (${scope.quotes}))
         OR (subject_kind = 'payment' AND subject_id IN (${scope.payments}))
         OR (subject_kind = 'outbox' AND subject_id IN (SELECT CAST(id AS TEXT) FROM outbox WHERE id IN (${scope.emails})))
       ORDER BY at DESC, id DESC`,
    ),
  ]);
  const rows = <T>(i: number) => (results[i]?.results ?? []) as T[];
  return {
    orders: rows(0),
    items: rows(1),
    payments: rows(2),
    receipts: rows(3),
    subscriptions: rows(4),
    prompts: rows(5),
    notes: rows(6),
    quotes: rows(7),
    quoteLines: rows(8),
    messages: rows(9),
    emails: rows(10),
    billingLinks: rows(11),
    audit: rows(12),
  };
}

/** The data requests made about one mailbox (its hash), newest first; or every request when null. */
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
