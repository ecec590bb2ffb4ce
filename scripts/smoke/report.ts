import { formatFailure } from "./expect.ts";
import type { SmokeResult } from "./run.ts";

/** The lines a run prints: one per failure, then one summary line. */
export function reportLines(origin: string, result: SmokeResult, elapsedMs: number): string[] {
  const seconds = (elapsedMs / 1000).toFixed(1);
  const { checks, failures } = result;
  const summary = failures.length
    ? `smoke ${origin}: ${failures.length} of ${checks} checks failed (${seconds} s)`
    : `smoke ${origin}: all ${checks} checks passed (${seconds} s)`;
  return [...failures.map(formatFailure), summary];
}

/** The site's origin from the command line: http(s) only, any path dropped (the checks name their own). */
export function parseOrigin(arg: string | undefined): string | null {
  if (!arg) return null;
  try {
    const url = new URL(arg);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}
