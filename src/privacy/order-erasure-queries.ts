/**
 * Erasing one order with everything that hangs off it (the retention sweep; shareable with any other
 * erasure). D1 enforces foreign keys, so children go first: receipts before payments, a
 * subscription's held invoices before the subscription, quote lines before their quote, the order last.
 */

/** The documents in R2 an order's erasure must also delete: its receipts' and its paid quote's PDFs. */
export type OrderDocuments = { receiptNumbers: string[]; quoteNumbers: string[] };

/** The receipts of the order's payments and the quote it paid (quotes.accepted_order), by number. */
export async function orderDocuments(db: D1Database, orderId: string): Promise<OrderDocuments> {
  const [receipts, quotes] = await db.batch<{ number: string }>([
    db
      .prepare(
        `SELECT number FROM receipts
         WHERE payment_id IN (SELECT payment_id FROM payments WHERE order_id = ?) ORDER BY number`,
      )
      .bind(orderId),
    db.prepare("SELECT number FROM quotes WHERE accepted_order = ? ORDER BY number").bind(orderId),
  ]);
  return {
    receiptNumbers: (receipts?.results ?? []).map((row) => row.number),
    quoteNumbers: (quotes?.results ?? []).map((row) => row.number),
  };
}

/**
 * The statements that delete the order and every row about it, children first, for one `db.batch`
 * (one transaction: all or nothing): receipts, payments, M-Pesa prompts, held invoices of its
 * subscription, the subscription, lines, notes, handled Stripe events of the session, its e-mails
 * (outbox rows naming it), and the quote it paid with that quote's lines. The audit log is not
 * touched: it is the record of what was done. R2 documents are the caller's (orderDocuments).
 */
function eraseOrderStatements(db: D1Database, orderId: string): D1PreparedStatement[] {
  const sql = [
    "DELETE FROM receipts WHERE payment_id IN (SELECT payment_id FROM payments WHERE order_id = ?1)",
    "DELETE FROM payments WHERE order_id = ?1",
    "DELETE FROM mpesa_requests WHERE order_id = ?1",
    "DELETE FROM pending_invoices WHERE subscription_id IN (SELECT subscription_id FROM subscriptions WHERE order_id = ?1)",
    "DELETE FROM subscriptions WHERE order_id = ?1",
    "DELETE FROM order_items WHERE order_id = ?1",
    "DELETE FROM order_notes WHERE order_id = ?1",
    "DELETE FROM stripe_events WHERE order_id = ?1",
    "DELETE FROM outbox WHERE order_id = ?1",
    "DELETE FROM quote_lines WHERE number IN (SELECT number FROM quotes WHERE accepted_order = ?1)",
    "DELETE FROM quotes WHERE accepted_order = ?1",
    "DELETE FROM orders WHERE order_id = ?1",
  ];
  return sql.map((statement) => db.prepare(statement).bind(orderId));
}

/** Runs eraseOrderStatements as one transaction. */
export async function eraseOrderRows(db: D1Database, orderId: string): Promise<void> {
  await db.batch(eraseOrderStatements(db, orderId));
}
