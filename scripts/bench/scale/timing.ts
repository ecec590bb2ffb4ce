/** Wall-clock timings of whole responses: the body read to its end, as the owner's browser waits for it. */

type Timed = { ms: number; samples: number[]; status: number; bytes: number; body: string };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function once(
  url: string,
  headers: Record<string, string>,
): Promise<Omit<Timed, "samples" | "ms"> & { ms: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const ms = performance.now() - start;
  return { ms, status: res.status, bytes: bytes.byteLength, body: new TextDecoder().decode(bytes) };
}

/**
 * The median of `runs` GETs after `warmups` unmeasured ones (the worker warm, its code and the
 * database's pages cached). The body is the last run's, for the caller to check.
 */
export async function timeGet(
  url: string,
  headers: Record<string, string>,
  options: { runs: number; warmups: number },
): Promise<Timed> {
  for (let i = 0; i < options.warmups; i++) await once(url, headers);
  const samples: number[] = [];
  let last = await once(url, headers);
  samples.push(last.ms);
  for (let i = 1; i < options.runs; i++) {
    last = await once(url, headers);
    samples.push(last.ms);
  }
  return { ...last, ms: median(samples), samples };
}

/**
 * With `--test-scheduled`, miniflare runs the scheduled handler for `cron` at this path and answers
 * once it has returned: 200 "ok", or 500 when it threw. (wrangler's older `/__scheduled` is a
 * middleware of wrangler's own bundling, which a worker built by vite does not get.)
 */
export function scheduledUrl(base: string, cron: string): string {
  return `${base}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}`;
}
