/**
 * The order rules: client records erased once the record period has passed since the relationship's
 * last activity, and checkouts never paid after the enquiry period. The relationship is the
 * mailbox's (retention-mailboxes.ts), not one order's: an old order is kept while any order of the
 * same mailbox was active since the cutoff or has a live subscription.
 * Each order goes with everything about it in one D1 batch (privacy/order-erasure-queries.ts), its receipts' and
 * paid quote's PDFs deleted from R2 first: if the batch then fails, the next run finds the order
 * again and finishes, while the other way round a failure would leave PDFs nothing points to.
 */

import { type StepTally, tally } from "../http/cron-step.ts";
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
 * Client records with nothing about them since `cutoff`, of mailboxes no longer in a relationship.
 * Budget: at most `limit` erased and `limit` × RECORD_PAGES candidates examined a run; the next run
 * goes on after the last candidate examined (walkPages), so kept ones are not read again each run.
 */
export async function eraseExpiredRecords(
  env: Env,
  run: { step: string; cutoff: string; now: string; limit: number; counted?: StepTally },
  erased: (n: number) => void,
): Promise<void> {
  const { cutoff, limit } = run;
  let left = limit;
  await walkPages(
    {
      db: env.DB,
      step: run.step,
      now: run.now,
      key: (record: OldRecord) => ({ created_at: record.created_at, id: record.order_id }),
    },
    (after) =>
      expiredClientOrders(env.DB, cutoff, after && { created_at: after.created_at, order_id: after.id }, limit),
    { page: limit, pages: RECORD_PAGES },
    async (records) => {
      const active = await activeMailboxes(
        env.DB,
        records.map((record) => record.customer_email),
        cutoff,
      );
      // In order, so that the place saved is the last record examined: one the budget left is read next run.
      let examined = 0;
      for (const record of records) {
        if (!active(record.customer_email)) {
          if (left === 0) break;
          await eraseAll(env, [record.order_id], erased);
          left -= 1;
        }
        examined += 1;
      }
      return examined;
    },
    run.counted,
  );
}

/**
 * Checkouts never paid, opened before `cutoff`, at most `limit` of them a run. Each one found is
 * erased, so the next run's WHERE no longer finds it: it goes on where this one stopped.
 */
export async function eraseUnpaidOrders(
  env: Env,
  run: { cutoff: string; limit: number; counted?: StepTally },
  erased: (n: number) => void,
): Promise<void> {
  const orderIds = await expiredUnpaidOrders(env.DB, run.cutoff, run.limit);
  tally(run.counted, orderIds.length, run.limit);
  await eraseAll(env, orderIds, erased);
}
