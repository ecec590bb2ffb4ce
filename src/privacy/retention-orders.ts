/**
 * The order rules: client records erased once the record period has passed since their last payment
 * (and their subscription, if any, has ended), and checkouts never paid after the enquiry period.
 * Each order goes with everything about it in one D1 batch (db/order-erasure.ts), its receipts' and
 * paid quote's PDFs deleted from R2 first: if the batch then fails, the next run finds the order
 * again and finishes, while the other way round a failure would leave PDFs nothing points to.
 */
import { eraseOrderRows, orderDocuments } from "../db/order-erasure.ts";
import { expiredClientOrders, expiredUnpaidOrders } from "../db/retention-orders.ts";
import { deleteQuotePdfs } from "../quotes/store.ts";
import { deleteReceiptPdfs } from "../receipts/store.ts";

async function eraseOrder(env: Env, sessionId: string): Promise<void> {
  const documents = await orderDocuments(env.DB, sessionId);
  await deleteReceiptPdfs(env.QUOTES, documents.receiptNumbers);
  await deleteQuotePdfs(env.QUOTES, documents.quoteNumbers);
  await eraseOrderRows(env.DB, sessionId);
}

async function eraseAll(env: Env, sessionIds: readonly string[], counted: (erased: number) => void): Promise<void> {
  for (const sessionId of sessionIds) {
    await eraseOrder(env, sessionId);
    counted(1);
  }
}

/** Client records whose last payment is before `cutoff`, at most `limit` of them a run. */
export async function eraseExpiredRecords(
  env: Env,
  cutoff: string,
  limit: number,
  counted: (erased: number) => void,
): Promise<void> {
  await eraseAll(env, await expiredClientOrders(env.DB, cutoff, limit), counted);
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
