import { RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { countSignInFailure, deleteFailuresBefore, takeBackSignInFailure } from "./sign-in-failure-queries.ts";

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

/**
 * Counts the attempt, in one batch (one transaction, one round trip): past windows are deleted (the
 * table holds about one minute of clients), then the client's counter, then the overall one.
 */
export async function countAttempt({ db, client, minute }: Attempt): Promise<Counted> {
  const counted = await countSignInFailure(db, {
    client,
    minute,
    overallBucket: OVERALL_BUCKET,
    clientLimit: CLIENT_FAILURES_PER_WINDOW,
  });
  if (typeof counted.client !== "number") throw new Error("the client's counter answered no count");
  return { client: counted.client, overall: counted.overall ?? 0 };
}

/** The attempt was the right password: it is taken off both counters of its window. */
export async function giveBack({ db, client, minute }: Attempt): Promise<void> {
  await takeBackSignInFailure(db, { client, minute, overallBucket: OVERALL_BUCKET });
}

/**
 * Forgets the counters of the windows before `minute` (a window is WINDOW_MS long), for the daily
 * retention sweep: they hold clients' addresses and decide nothing once their minute is over. Sign-ins
 * delete past windows as they come in, so without the sweep the last burst's addresses would stay
 * until the next sign-in. How many windows' counters went (a client's and the overall one count apart).
 */
export function forgetPastSignInFailures(db: D1Database, minute: number): Promise<number> {
  if (!Number.isSafeInteger(minute)) throw new RangeError("forgetPastSignInFailures: the minute is a whole number");
  return deleteFailuresBefore(db, minute);
}
