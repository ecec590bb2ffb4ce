/** Failed /admin Basic sign-ins per client and overall, per minute (migrations/0009). */

/** Adds one to a bucket's counter for the window, and answers the new count: one statement, atomic. */
const COUNT_CLIENT_SQL = `INSERT INTO admin_sign_in_failures (bucket, window_minute, failures) VALUES (?1, ?2, 1)
  ON CONFLICT (bucket, window_minute) DO UPDATE SET failures = failures + 1
  RETURNING failures`;

/**
 * Adds one to the overall counter, but only for a client within its own limit: one client's attempts
 * past its limit never use up the budget the others share. No row returned: not counted.
 */
const COUNT_OVERALL_SQL = `INSERT INTO admin_sign_in_failures (bucket, window_minute, failures)
  SELECT ?3, ?2, 1 WHERE (SELECT failures FROM admin_sign_in_failures WHERE bucket = ?1 AND window_minute = ?2) <= ?4
  ON CONFLICT (bucket, window_minute) DO UPDATE SET failures = failures + 1
  RETURNING failures`;

/** Deletes the windows before `minute`: past counters hold clients' addresses and decide nothing. */
const forgetPastStatement = (db: D1Database, minute: number): D1PreparedStatement =>
  db.prepare("DELETE FROM admin_sign_in_failures WHERE window_minute < ?1").bind(minute);

/**
 * The same deletion on its own, for the daily retention sweep: sign-ins delete past windows as they
 * come in, so without one the last burst's addresses would stay until the next sign-in. How many went.
 */
export async function forgetPastSignInFailures(db: D1Database, minute: number): Promise<number> {
  const { meta } = await forgetPastStatement(db, minute).run();
  return meta.changes ?? 0;
}

/** Whose attempt, in which window, and the buckets and limit it is counted against. */
export type FailureCount = { client: string; minute: number; overallBucket: string; clientLimit: number };

/**
 * Counts an attempt in one batch (one transaction, one round trip): past windows are deleted (the
 * table holds about one minute of clients), then the client's counter, then the overall one. The
 * counts after it; `overall` is undefined when the overall counter was not bumped.
 */
export async function countSignInFailure(
  db: D1Database,
  { client, minute, overallBucket, clientLimit }: FailureCount,
): Promise<{ client: number | undefined; overall: number | undefined }> {
  const [, clientRow, overallRow] = await db.batch<{ failures: number }>([
    forgetPastStatement(db, minute),
    db.prepare(COUNT_CLIENT_SQL).bind(client, minute),
    db.prepare(COUNT_OVERALL_SQL).bind(client, minute, overallBucket, clientLimit),
  ]);
  return { client: clientRow?.results[0]?.failures, overall: overallRow?.results[0]?.failures };
}

/** Takes one attempt off both counters of its window. */
export async function takeBackSignInFailure(
  db: D1Database,
  { client, minute, overallBucket }: Omit<FailureCount, "clientLimit">,
): Promise<void> {
  await db
    .prepare(
      `UPDATE admin_sign_in_failures SET failures = failures - 1
        WHERE window_minute = ?2 AND bucket IN (?1, ?3) AND failures > 0`,
    )
    .bind(client, minute, overallBucket)
    .run();
}
