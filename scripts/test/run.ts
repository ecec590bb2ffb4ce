// `npm test`: the whole suite from one build and one served site.
//   node scripts/test/run.ts [--static] [--bench]
// 1. At once: the build, then the Node tests, and (--static, as CI runs it) the static checks
//    (wrangler types --check, tsc, Biome, dependency-cruiser, knip); then the worker tests.
// 2. One site (scripts/lib/test-site.ts: the build under wrangler dev, the Stripe and M-Pesa
//    stand-ins, a fresh D1), then against it, one after the other: Playwright (Chromium), the
//    engines runner (Gecko and WebKit), the smoke, the load run and (--bench) the performance
//    budgets; the deploy dry run beside them.
// A failed stage fails the run; the stages that do not need what it made still run. Each stage's
// time is printed at the end (and appended to $STAGE_TIMES_FILE when set, for .ci/run's table).
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { startTestSite, type TestSite } from "../lib/test-site.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: {
    static: { type: "boolean", default: false },
    bench: { type: "boolean", default: false },
  },
});

type Outcome = "ok" | "failed" | "skipped";
type StageTime = { name: string; seconds: number; outcome: Outcome; alongside?: string };
const times: StageTime[] = [];
const started = Date.now();
const children = new Set<ChildProcess>();

/**
 * A stage that runs longer than this is stopped and failed: a browser or driver that hangs must
 * fail its own stage, not run CI into its 90-minute wall with every later stage unreported.
 */
const DEFAULT_STAGE_MINUTES = 15;

/** Stops a stage's whole process group (it is spawned detached, as the group's leader). */
function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/**
 * Runs one command as a stage. `quiet` keeps its output until it ends and prints it whole (for
 * stages that run alongside others, so their lines do not interleave); otherwise it streams.
 */
function command(
  name: string,
  cmd: string,
  args: string[],
  options: { quiet?: boolean; env?: Record<string, string>; alongside?: string; minutes?: number } = {},
): Promise<boolean> {
  const begun = Date.now();
  if (!options.quiet) console.log(`\n--- ${name}`);
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child);
  const minutes = options.minutes ?? DEFAULT_STAGE_MINUTES;
  let timedOut = false;
  const watchdog = setTimeout(() => {
    timedOut = true;
    console.log(`\n✘ ${name} ran past its ${minutes} minutes: stopping it`);
    stopGroup(child, "SIGTERM");
    setTimeout(() => stopGroup(child, "SIGKILL"), 10_000).unref();
  }, minutes * 60_000);
  let output = "";
  // A streamed stage's output goes out as it comes and is kept too: a failed stage's last lines are
  // printed again at the end, where a long log's reader (CI keeps only its tail) sees them.
  for (const [stream, sink] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    stream?.on("data", (chunk: Buffer) => {
      output += chunk;
      if (!options.quiet) sink.write(chunk);
    });
  }
  return new Promise((done) => {
    child.once("error", (error) => {
      output += `\n${error.message}\n`;
    });
    child.once("close", (code, signal) => {
      clearTimeout(watchdog);
      children.delete(child);
      const ok = code === 0 && !timedOut;
      const seconds = (Date.now() - begun) / 1000;
      if (options.quiet) {
        console.log(`\n--- ${name} (${seconds.toFixed(1)} s, alongside ${options.alongside ?? "others"})`);
        process.stdout.write(output.endsWith("\n") || !output ? output : `${output}\n`);
      }
      if (!ok) {
        console.log(`✘ ${name} failed (${timedOut ? `over ${minutes} min` : (signal ?? `exit ${code}`)})`);
        failedTails.push({ name, tail: lastLines(output, FAILED_TAIL_LINES) });
      }
      record(name, seconds, ok ? "ok" : "failed", options.alongside);
      done(ok);
    });
  });
}

/** How much of a failed stage's output is printed again at the end. */
const FAILED_TAIL_LINES = 60;
const failedTails: { name: string; tail: string }[] = [];

function lastLines(text: string, n: number): string {
  return text.trimEnd().split("\n").slice(-n).join("\n");
}

function record(name: string, seconds: number, outcome: Outcome, alongside?: string): void {
  times.push({ name, seconds, outcome, alongside });
}

const skip = (name: string) => {
  console.log(`\n--- ${name}: skipped (a stage it needs failed)`);
  record(name, 0, "skipped");
  return false;
};

const npm = (script: string): [string, string[]] => ["npm", ["run", "--silent", script]];

/** The static checks, one after the other (each is mostly one core), beside the build. */
async function staticChecks(): Promise<boolean> {
  let ok = true;
  for (const script of ["cf-typecheck", "typecheck", "lint", "check:deps", "check:unused"]) {
    ok = (await command(script, ...npm(script), { quiet: true, alongside: "the build, then the Node tests" })) && ok;
  }
  return ok;
}

const ON_SITE = {
  browser: "browser tests (Playwright, Chromium)",
  engines: "engines (Gecko, WebKit)",
  smoke: "smoke",
  load: "load",
  bench: "performance budgets (bench:check)",
};

/** Stages that need the served site, one after the other (each loads both cores on its own). */
async function againstSite(site: TestSite): Promise<void> {
  await command(ON_SITE.browser, "npx", ["playwright", "test"], { env: { PW_BASE_URL: site.url }, minutes: 25 });
  await command(ON_SITE.engines, "node", ["tests/engines/run.ts", "--url", site.url, "gecko", "webkit"], {
    minutes: 12,
  });
  await command(ON_SITE.smoke, "node", ["scripts/smoke/cli.ts", site.url], { minutes: 3 });
  await command(
    ON_SITE.load,
    "node",
    ["scripts/load/run.ts", "--url", site.url, "--stripe-url", site.stripeUrl, "--persist-to", site.state],
    { minutes: 8 },
  );
  if (values.bench) await command(ON_SITE.bench, "node", ["scripts/bench/run.ts", "--check", "--url", site.url]);
}

let site: TestSite | undefined;

async function main(): Promise<void> {
  // Two lanes, one per core: the static checks; the build, then the Node tests (which start
  // processes with timeouts of their own, so they get a core rather than share one with three).
  const statics = values.static ? staticChecks() : Promise.resolve(true);
  const beside = values.static ? "the static checks" : undefined;
  const built = await command("build", ...npm("build"), { alongside: beside });
  await command("node tests", ...npm("test:node"), { quiet: values.static, alongside: beside });
  await statics;
  const needSite = [
    "site start",
    ON_SITE.browser,
    ON_SITE.engines,
    ON_SITE.smoke,
    ON_SITE.load,
    ...(values.bench ? [ON_SITE.bench] : []),
  ];
  // The worker tests need no build (they compile the worker themselves) and load both cores; the
  // deploy dry run and the site's start (mostly a few processes starting) go beside them.
  const workerTests = command("worker tests", ...npm("test:worker"));
  if (!built) {
    await workerTests;
    for (const name of ["deploy dry run", ...needSite]) skip(name);
    return;
  }
  const deploy = command("deploy dry run", ...npm("test:deploy"), { quiet: true, alongside: "the worker tests" });
  const siteStarting = startSite();
  await Promise.all([workerTests, deploy]);
  site = await siteStarting;
  if (!site) {
    for (const name of needSite.slice(1)) skip(name);
    return;
  }
  try {
    await againstSite(site);
  } finally {
    await site.close();
    site = undefined;
  }
}

/** Starts the site every browser suite uses; undefined (and the stage failed) when it does not start. */
async function startSite(): Promise<TestSite | undefined> {
  const begun = Date.now();
  try {
    const running = await startTestSite();
    site = running; // from here on, an interrupted run stops it too
    record("site start", (Date.now() - begun) / 1000, "ok", "the worker tests");
    console.log(`\n--- site: ${running.url} (the build under wrangler dev; Stripe stand-in ${running.stripeUrl},`);
    console.log(`    M-Pesa stand-in ${running.mpesaUrl}; a fresh D1 in ${running.state})`);
    return running;
  } catch (error) {
    console.log(`\n✘ the site did not start: ${(error as Error).message}`);
    record("site start", (Date.now() - begun) / 1000, "failed", "the worker tests");
    return undefined;
  }
}

/** The stage table: printed here, or appended to $STAGE_TIMES_FILE for .ci/run to print with its own. */
function printTimes(): void {
  const total = (Date.now() - started) / 1000;
  const file = process.env.STAGE_TIMES_FILE;
  if (file) {
    const outcome: Outcome = times.every((t) => t.outcome === "ok") ? "ok" : "failed";
    const rows = [...times, { name: "npm test, all of the above", seconds: total, outcome }];
    appendFileSync(
      file,
      rows.map((t) => `  ${t.name}\t${t.seconds.toFixed(1)}\t${t.outcome}\t${t.alongside ?? ""}\n`).join(""),
    );
    return;
  }
  const width = Math.max(...times.map((t) => t.name.length), 5);
  console.log("\nStage times (wall clock, this run):");
  for (const t of times) {
    const mark = t.outcome === "ok" ? "" : `  ${t.outcome.toUpperCase()}`;
    const beside = t.alongside ? `  (alongside ${t.alongside})` : "";
    console.log(`  ${t.name.padEnd(width)} ${t.seconds.toFixed(1).padStart(7)} s${mark}${beside}`);
  }
  console.log(`  ${"total".padEnd(width)} ${total.toFixed(1).padStart(7)} s`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of children) stopGroup(child, signal);
    void (site?.close() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

await main();
printTimes();
const failed = times.filter((t) => t.outcome !== "ok");
for (const { name, tail } of failedTails) console.log(`\n--- the end of what ${name} printed\n${tail}`);
if (failed.length) {
  console.log(`\n${failed.length} stage(s) did not pass: ${failed.map((t) => t.name).join(", ")}`);
  process.exit(1);
}
console.log("\nEvery stage passed.");
