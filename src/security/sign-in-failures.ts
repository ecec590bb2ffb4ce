import { RETRY_AFTER_SECONDS } from "./rate-limit.ts";

/*
 * Failed /admin Basic sign-ins, counted in D1 (table admin_sign_in_failures): each attempt is counted
 * before its password is compared, and taken back when it was right, so only failures use up the
 * limits, yet a burst is counted before any guess in it is judged.
 */

/** Counters are kept per minute (windows aligned to the clock's minutes). */
export const WINDOW_MS = RETRY_AFTER_SECONDS * 1000;
/** Failed attempts a client (an IPv4 address, an IPv6 /64) may make in a window. */
export const CLIENT_FAILURES_PER_WINDOW = 10;
/** Failed attempts from all clients together in a window, so many addresses cannot guess faster. */
export const OVERALL_FAILURES_PER_WINDOW = 60;
/** The bucket of the overall counter (a client's bucket is an address or a /64: never this). */
const OVERALL_BUCKET = "all";

export type Attempt = { db: D1Database; client: string; minute: number };
/** The attempts counted in the window with this one: the client's, and all clients' (0 when not counted). */
export type Counted = { client: number; overall: number };

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

/**
 * Counts the attempt, in one batch (one transaction, one round trip): past windows are deleted (the
 * table holds about one minute of clients), then the client's counter, then the overall one.
 */
export async function countAttempt({ db, client, minute }: Attempt): Promise<Counted> {
  const [, clientRow, overallRow] = await db.batch<{ failures: number }>([
    db.prepare("DELETE FROM admin_sign_in_failures WHERE window_minute < ?1").bind(minute),
    db.prepare(COUNT_CLIENT_SQL).bind(client, minute),
    db.prepare(COUNT_OVERALL_SQL).bind(client, minute, OVERALL_BUCKET, CLIENT_FAILURES_PER_WINDOW),
  ]);
  const clientCount = clientRow?.results[0]?.failures;
  if (typeof clientCount !== "number") throw new Error("the client's counter answered no count");
  return { client: clientCount, overall: overallRow?.results[0]?.failures ?? 0 };
}

/** The attempt was the right password: it is taken off both counters of its window. */
export async function giveBack({ db, client, minute }: Attempt): Promise<void> {
  await db
    .prepare(
      `UPDATE admin_sign_in_failures SET failures = failures - 1
        WHERE window_minute = ?2 AND bucket IN (?1, ?3) AND failures > 0`,
    )
    .bind(client, minute, OVERALL_BUCKET)
    .run();
}
