/**
 * Workers rate limiting (and miniflare's local copy of it) counts in fixed windows aligned to the
 * wall clock: every 60 s window starts at a whole minute. A test that uses up a client's allowance
 * and then expects a refusal fails when a minute turns between the two. Called before such a test,
 * this waits for the next window whenever fewer than `marginMs` are left in the current one.
 *
 * Where the limiters are counting stand-ins that never roll over (the worker tests' `worker`
 * project, tests/worker/support/stub-bindings.ts) there is no window, and it returns at once.
 */
export async function freshLimiterWindow(marginMs = 5_000, periodMs = 60_000): Promise<void> {
  if ((globalThis as Record<symbol, unknown>)[COUNTING_LIMITERS]) return;
  const left = periodMs - (Date.now() % periodMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

const COUNTING_LIMITERS = Symbol.for("acacia.tests.countingLimiters");

/** Says that this runtime's limiters count without windows (called by the setup that installs them). */
export function limitersCountWithoutWindows(): void {
  (globalThis as Record<symbol, unknown>)[COUNTING_LIMITERS] = true;
}
