import type { Context } from "hono";

/**
 * Lets work finish after the answer when the runtime allows it (waitUntil); without an execution
 * context (some tests), waits for it instead.
 */
export function inBackground(c: Context): (work: Promise<void>) => Promise<void> {
  let waitUntil: ((promise: Promise<unknown>) => void) | undefined;
  try {
    const ctx = c.executionCtx;
    waitUntil = (promise) => ctx.waitUntil(promise);
  } catch {
    waitUntil = undefined;
  }
  return async (work) => {
    if (waitUntil) waitUntil(work);
    else await work;
  };
}
