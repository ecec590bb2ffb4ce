/**
 * The order rules: client records erased once the record period has passed since the relationship's
 * last activity, and checkouts never paid after the enquiry period. The relationship is the
 * mailbox's (retention-mailboxes.ts), not one order's: an old order is kept while any order of the
 * same mailbox was active since the cutoff or has a live subscription.
 * Each order goes with everything about it in one D1 batch (privacy/order-erasure-queries.ts), its receipts' and
 * paid quote's PDFs deleted from R2 first: if the batch then fails, the next run finds the order
 * again and finishes, while the other way round a failure would leave PDFs nothing points to.
 */

import { deleteQuotePdfs } from "../quotes/quote-store.ts";
import { deleteReceiptPdfs } from "../receipts/receipt-store.ts";
import { eraseOrderRows, orderDocuments } from "./order-erasure-queries.ts";
import { activeMailboxes, walkPages } from "./retention-mailboxes.ts";
import { expiredClientOrders, expiredUnpaidOrders, type OldRecord } from "./retention-order-queries.ts";

async function eraseOrder(env: Env, orderId: string): Promise<void> {
  const documents = await orderDocuments(env.DB, orderId);
  await deleteReceiptPdfs(env.DOCUMENTS, documents.receiptNumbers);
  await deleteQuotePdfs(env.DOCUMENTS, documents.quoteNumbers);
  await eraseOrderRows(env.DB, orderId);
}

async function eraseAll(env: Env, orderIds: readonly string[], counted: (erased: number) => void): Promise<void> {
  for (const orderId of orderIds) {
    await eraseOrder(env, orderId);
    counted(1);
  }
}

/** Pages of candidates read a run, at most: kept returning clients' old orders never stall the rule. */
const RECORD_PAGES = 5;

/**
 * Client records with nothing about them since `cutoff`, of mailboxes no longer in a relationship;
 * at most `limit` erased a run.
 */
export async function eraseExpiredRecords(
  env: Env,
  cutoff: string,
  limit: number,
  counted: (erased: number) => void,
): Promise<void> {
  let left = limit;
  await walkPages(
    (after: OldRecord | null) => expiredClientOrders(env.DB, cutoff, after, limit),
    { page: limit, pages: RECORD_PAGES },
    async (records) => {
      const emails = records.map((record) => record.customer_email);
      const active = await activeMailboxes(env.DB, emails, cutoff);
      const ended = records.filter((record) => !active(record.customer_email)).slice(0, left);
      left -= ended.length;
      const orderIds = ended.map((record) => record.order_id);
      await eraseAll(env, orderIds, counted);
      return left > 0;
    },
  );
}

/** Checkouts never paid, opened before `cutoff`, at most `limit` of them a run. */
export async function eraseUnpaidOrders(
  env: Env,
  cutoff: string,
  limit: number,
  counted: (erased: number) => void,
): Promise<void> {
  await eraseAll(env, await expiredUnpaidOrders(env.DB, cutoff, limit), counted);
}
