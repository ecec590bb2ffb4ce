/**
 * Workers rate limiting (and miniflare's local copy of it) counts in fixed windows aligned to the
 * wall clock: every 60 s window starts at a whole minute. A test that uses up a client's allowance
 * and then expects a refusal fails when a minute turns between the two. Called before such a test,
 * this waits for the next window whenever fewer than `marginMs` are left in the current one.
 */
export async function freshLimiterWindow(marginMs = 5_000, periodMs = 60_000): Promise<void> {
  const left = periodMs - (Date.now() % periodMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
