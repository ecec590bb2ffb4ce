/** The scale run's table, its budgets (--check) and bench/scale-results.json. */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Scan } from "./plans.ts";
import type { Target } from "./targets.ts";

export type Measured = Target & { ms: number; samples: number[]; status: number; bytes: number; rows?: number };
export type CronFigure = { cron: string; ms: number; samples: number[]; status: number };
export type SizeRun = {
  orders: number;
  seededMs: number | null;
  counts: Record<string, number> | null;
  probes: { gmailBuyer: string; otherBuyer: string };
  expectedRows: { orders: number; messages: number; emails: number };
  measured: Measured[];
  crons: CronFigure[];
  scans: Scan[];
};

/** The daily cron's budget at the big size (the "within 5 s locally"). */
const DAILY_CRON_BUDGET_MS = 5_000;
/** A list, search or People lookup at the big size may cost at most this many times its small-size time. */
const GROWTH_BUDGET = 2;
const DAILY_CRON = "0 4 * * *";

const fmt = (ms: number | undefined) => (ms === undefined ? "-" : ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

export function printTable(small: SizeRun, big: SizeRun): void {
  const rows: string[][] = [["what", `${small.orders} ms`, `${big.orders} ms`, "growth (×)", "status"]];
  for (const b of big.measured) {
    const s = small.measured.find((m) => m.what === b.what);
    const growth = s && s.ms > 0 ? (b.ms / s.ms).toFixed(1) : "-";
    rows.push([b.what, fmt(s?.ms), fmt(b.ms), growth, `${s?.status ?? "-"}/${b.status}`]);
  }
  for (const b of big.crons) {
    const s = small.crons.find((c) => c.cron === b.cron);
    const growth = s && s.ms > 0 ? (b.ms / s.ms).toFixed(1) : "-";
    rows.push([`cron "${b.cron}"`, fmt(s?.ms), fmt(b.ms), growth, `${s?.status ?? "-"}/${b.status}`]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  for (const r of rows)
    console.log(r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
  console.log("");
  for (const run of [small, big]) {
    for (const m of run.measured.filter((x) => x.kind === "csv")) {
      const expected = expectedRowsOf(run, m.what);
      console.log(
        `${run.orders} orders: ${m.what}: ${m.rows} of ${expected} rows, ${m.bytes.toLocaleString("en")} bytes`,
      );
    }
    for (const c of run.crons)
      console.log(`${run.orders} orders: cron "${c.cron}" runs: ${c.samples.map(fmt).join(", ")} ms`);
  }
}

/** The rows a CSV target must hold: every row of its table (the exports' filter is none). */
function expectedRowsOf(run: SizeRun, what: string): number {
  if (what.startsWith("orders")) return run.expectedRows.orders;
  return what.startsWith("e-mails") ? run.expectedRows.emails : run.expectedRows.messages;
}

export function printScans(run: SizeRun): void {
  const print = (heading: string, scans: SizeRun["scans"]) => {
    console.log(`\n${heading} at ${run.orders} orders (EXPLAIN QUERY PLAN):`);
    if (scans.length === 0) console.log("  none");
    for (const s of scans) {
      const rows = s.rows >= 0 ? `${s.rows.toLocaleString("en")} rows` : "rows unknown";
      console.log(`  ${s.query}: ${s.detail} (${rows})\n    ${s.sql.replace(/\s+/g, " ").slice(0, 300)}`);
    }
  };
  print(
    "Full scans of tables over 1,000 rows",
    run.scans.filter((s) => !s.bounded),
  );
  print(
    "Index reads in order that stop at their LIMIT (keyset pages, capped counts)",
    run.scans.filter((s) => s.bounded),
  );
}

/** Every budget the big size misses, as a line a person can act on. */
export function failures(small: SizeRun, big: SizeRun): string[] {
  const failed: string[] = [];
  for (const run of [small, big]) {
    for (const m of run.measured) {
      if (m.status !== 200) failed.push(`${m.what} at ${run.orders} orders answered ${m.status}`);
      if (m.kind !== "csv") continue;
      const expected = expectedRowsOf(run, m.what);
      if (m.rows !== expected) failed.push(`${m.what} at ${run.orders} orders holds ${m.rows} of ${expected} rows`);
    }
  }
  for (const b of big.measured) {
    if (b.kind === "csv") continue;
    const s = small.measured.find((m) => m.what === b.what);
    if (!s) failed.push(`${b.what}: not measured at ${small.orders} orders`);
    else if (b.ms > GROWTH_BUDGET * s.ms)
      failed.push(
        `${b.what}: ${fmt(b.ms)} ms at ${big.orders} orders, ${(b.ms / s.ms).toFixed(1)}× its ${fmt(s.ms)} ms (budget ${GROWTH_BUDGET}×)`,
      );
  }
  for (const s of small.measured) {
    if (!big.measured.some((b) => b.what === s.what)) failed.push(`${s.what}: not measured at ${big.orders} orders`);
  }
  const daily = big.crons.find((c) => c.cron === DAILY_CRON);
  if (daily?.status !== 200) failed.push(`the daily cron did not run at ${big.orders} orders`);
  else if (daily.ms > DAILY_CRON_BUDGET_MS)
    failed.push(`the daily cron takes ${fmt(daily.ms)} ms at ${big.orders} orders (budget ${DAILY_CRON_BUDGET_MS} ms)`);
  return failed;
}

export function writeResults(path: string, runs: SizeRun[], failed: string[], totalMs: number): void {
  mkdirSync("bench", { recursive: true });
  const strip = (run: SizeRun) => ({
    ...run,
    scans: run.scans.map(({ sql, ...rest }) => ({ ...rest, sql: sql.slice(0, 2000) })),
  });
  writeFileSync(
    path,
    `${JSON.stringify({ at: new Date().toISOString(), totalMs, failures: failed, runs: runs.map(strip) }, null, 2)}\n`,
  );
}
