/** A bounded closed-loop load generator: `connections` loops issue requests until time or count runs out. */
export type LoadResult = {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  rps: number;
  p50Ms: number;
  p99Ms: number;
};

export type LoadTarget = { url: string; init?: RequestInit; expectStatus?: (status: number) => boolean };

export async function runLoad(
  targets: LoadTarget[],
  { connections = 8, durationMs = 5_000, maxRequests = 50_000 } = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  async function loop(offset: number) {
    for (let i = offset; performance.now() < deadline && issued < maxRequests; i++) {
      issued++;
      const target = targets[i % targets.length]!;
      const t0 = performance.now();
      try {
        const res = await fetch(target.url, target.init);
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const ok = target.expectStatus ? target.expectStatus(res.status) : res.status < 400;
        if (!ok) errors++;
      } catch {
        errors++;
        statuses.network = (statuses.network ?? 0) + 1;
      }
      latencies.push(performance.now() - t0);
    }
  }

  await Promise.all(Array.from({ length: connections }, (_, i) => loop(i)));
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    statuses,
    rps: latencies.length / elapsedS,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
