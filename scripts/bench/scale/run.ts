// `npm run bench:scale [-- --check] [-- --sizes 1000,10000] [-- --reuse]`: seeds a local D1 per size
// (.wrangler/scale-<n>), serves the built worker on it and times every back-office list, search,
// People lookup, export and both crons, the same targets at each size; prints the growth from the
// smallest size to the largest, the full scans of big tables (EXPLAIN QUERY PLAN) and writes
// bench/scale-results.json. --check exits 1 on any budget missed (src/… issue 37's budgets).
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { serveBuiltSite } from "../../lib/wrangler-server.ts";
import { bigScans } from "./plans.ts";
import {
  type CronFigure,
  failures,
  type Measured,
  printScans,
  printTable,
  type SizeRun,
  writeResults,
} from "./report.ts";
import { csvRecords, lastPageOf, pickProbes, targetsFor } from "./targets.ts";
import { scheduledUrl, timeGet } from "./timing.ts";

const { values } = parseArgs({
  options: {
    check: { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
    sizes: { type: "string", default: "1000,100000" },
    port: { type: "string", default: "8798" },
    out: { type: "string", default: "bench/scale-results.json" },
  },
});
const sizes = values.sizes.split(",").map((s) => Number(s.trim()));
if (sizes.length < 2 || sizes.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error("--sizes takes two or more whole numbers of orders, e.g. --sizes 1000,100000");
  process.exit(2);
}

/** wrangler.toml's [triggers]: the five-minute work and the daily digest with retention. */
const CRONS = ["*/5 * * * *", "0 4 * * *"];
const PAGE_RUNS = { runs: 5, warmups: 1 };
const CRON_RUNS = { runs: 3, warmups: 0 };

async function seeded(
  orders: number,
  dir: string,
): Promise<{ ms: number | null; counts: Record<string, number> | null }> {
  if (values.reuse && existsSync(dir)) return { ms: null, counts: null };
  // Loaded only when seeding: a --reuse run needs no seeder.
  const { seedScale } = await import("./seed.ts");
  const start = performance.now();
  const counts = await seedScale({ orders, persistTo: dir });
  return { ms: performance.now() - start, counts };
}

async function measureSize(orders: number): Promise<SizeRun> {
  const dir = `.wrangler/scale-${orders}`;
  const seed = await seeded(orders, dir);
  process.stderr.write(
    `${orders} orders: ${seed.ms === null ? "reusing" : `seeded in ${(seed.ms / 1000).toFixed(1)} s,`} ${dir}\n`,
  );
  const probes = pickProbes(dir);
  // Before serving: the plans read the state file as seeded, before the crons change it.
  const scans = await bigScans(dir, probes);
  const password = crypto.randomUUID();
  const auth = { Authorization: `Basic ${Buffer.from(`admin:${password}`).toString("base64")}` };
  const server = await serveBuiltSite(Number(values.port), { ADMIN_PASSWORD: password }, [
    "--persist-to",
    dir,
    "--test-scheduled",
  ]);
  const measured: Measured[] = [];
  const crons: CronFigure[] = [];
  try {
    const first = await timeGet(`${server.url}/admin/orders`, auth, { runs: 1, warmups: 1 });
    const lastPage = lastPageOf(first.body);
    for (const target of targetsFor(probes, lastPage)) {
      const timed = await timeGet(server.url + target.path, auth, PAGE_RUNS);
      const rows = target.kind === "csv" ? csvRecords(timed.body) : undefined;
      measured.push({
        ...target,
        ms: timed.ms,
        samples: timed.samples,
        status: timed.status,
        bytes: timed.bytes,
        rows,
      });
      process.stderr.write(`  ${target.what}: ${timed.ms.toFixed(1)} ms (${timed.status})\n`);
    }
    // Last: the crons change the data (retention erases what is past its time).
    for (const cron of CRONS) {
      const timed = await timeGet(scheduledUrl(server.url, cron), {}, CRON_RUNS);
      crons.push({ cron, ms: timed.ms, samples: timed.samples, status: timed.status });
      process.stderr.write(`  cron "${cron}": ${timed.ms.toFixed(0)} ms (${timed.status})\n`);
    }
  } finally {
    await server.close();
  }
  return {
    orders,
    seededMs: seed.ms,
    counts: seed.counts,
    probes: { gmailBuyer: probes.gmailBuyer, otherBuyer: probes.otherBuyer },
    expectedRows: probes.expectedRows,
    measured,
    crons,
    scans,
  };
}

const started = performance.now();
const runs: SizeRun[] = [];
for (const orders of sizes) runs.push(await measureSize(orders));
const small = runs[0]!;
const big = runs[runs.length - 1]!;
printTable(small, big);
printScans(big);
const failed = failures(small, big);
const totalMs = performance.now() - started;
writeResults(values.out, runs, failed, totalMs);
console.log(`\nTotal ${(totalMs / 1000).toFixed(0)} s; figures in ${values.out}.`);
if (failed.length) {
  console.log(`\n${failed.length} budget(s) missed:`);
  for (const line of failed) console.log(`  ✗ ${line}`);
}
if (values.check && failed.length) process.exit(1);
