/** Failed /admin Basic sign-ins per client and overall, per minute (migrations/0009). */

import { and, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import { type Database, database, runBatch } from "../db/client.ts";
import { adminSignInFailures as failures } from "../db/limit-tables.ts";

/** Deletes the windows before `minute`: past counters hold clients' addresses and decide nothing. */
const forgetPastStatement = (dz: Database, minute: number) =>
  dz.delete(failures).where(lt(failures.window_minute, minute));

/** How many windows' counters went: those before `minute`. */
export async function deleteFailuresBefore(db: D1Database, minute: number): Promise<number> {
  const { meta } = await forgetPastStatement(database(db), minute);
  return meta.changes ?? 0;
}

/** One more failure on the counter's existing row, or a new row at 1. */
const addOne = { target: [failures.bucket, failures.window_minute], set: { failures: sql`${failures.failures} + 1` } };

/** Adds one to a bucket's counter for the window, and answers the new count: one statement, atomic. */
const countClientStatement = (dz: Database, bucket: string, minute: number) =>
  dz
    .insert(failures)
    .values({ bucket, window_minute: minute, failures: 1 })
    .onConflictDoUpdate(addOne)
    .returning({ failures: failures.failures });

/**
 * Adds one to the overall counter, but only for a client within its own limit: one client's attempts
 * past its limit never use up the budget the others share. The row inserted is selected from the
 * client's own counter (one row at most: the key is bucket and window) while it is within the limit,
 * so the check and the count are one statement. No row returned: not counted.
 */
const countOverallStatement = (dz: Database, { client, minute, overallBucket, clientLimit }: FailureCount) =>
  dz
    .insert(failures)
    .select(
      dz
        .select({
          bucket: sql<string>`${overallBucket}`.as("bucket"),
          window_minute: failures.window_minute,
          failures: sql<number>`1`.as("failures"),
        })
        .from(failures)
        .where(
          and(eq(failures.bucket, client), eq(failures.window_minute, minute), lte(failures.failures, clientLimit)),
        ),
    )
    .onConflictDoUpdate(addOne)
    .returning({ failures: failures.failures });

/** Whose attempt, in which window, and the buckets and limit it is counted against. */
export type FailureCount = { client: string; minute: number; overallBucket: string; clientLimit: number };

/**
 * Counts an attempt in one batch (one transaction, one round trip): past windows are deleted (the
 * table holds about one minute of clients), then the client's counter, then the overall one. The
 * counts after it; `overall` is undefined when the overall counter was not bumped.
 */
export async function countSignInFailure(
  db: D1Database,
  count: FailureCount,
): Promise<{ client: number | undefined; overall: number | undefined }> {
  const dz = database(db);
  const [, clientRows, overallRows] = await runBatch(db, [
    forgetPastStatement(dz, count.minute),
    countClientStatement(dz, count.client, count.minute),
    countOverallStatement(dz, count),
  ]);
  const failuresOf = (rows: Record<string, unknown>[] | undefined) => rows?.[0]?.failures as number | undefined;
  return { client: failuresOf(clientRows), overall: failuresOf(overallRows) };
}

/** Takes one attempt off both counters of its window (never below 0). */
export async function takeBackSignInFailure(
  db: D1Database,
  { client, minute, overallBucket }: Omit<FailureCount, "clientLimit">,
): Promise<void> {
  await database(db)
    .update(failures)
    .set({ failures: sql`${failures.failures} - 1` })
    .where(
      and(
        eq(failures.window_minute, minute),
        inArray(failures.bucket, [client, overallBucket]),
        gt(failures.failures, 0),
      ),
    );
}
