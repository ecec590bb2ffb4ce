// The worker's cold start: active start-up CPU as `wrangler check startup` reports it (median of a
// few runs, each profile written to a temporary folder and deleted), and the gzip bytes of the
// worker's code: its entry, what start-up evaluates (the entry and every chunk it imports
// statically), and every chunk (routes load the rest, e.g. Stripe's SDK or the PDF library, on
// first use). Part of `npm run bench`; alone: `node scripts/bench/startup.ts` after `npm run build`.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

const ROOT = resolve(import.meta.dirname, "../..");
const WORKER_DIR = join(ROOT, "dist/nairobi_it_consultancy");

export type CodeBytes = { files: number; raw: number; gzip: number };
export type StartupFigures = {
  /** "Active" of each `wrangler check startup` run, in ms, in the order measured. */
  activeMs: number[];
  medianMs: number;
  entry: CodeBytes;
  /** The entry and the chunks it imports statically: the code every cold start evaluates. */
  atStartup: CodeBytes;
  /** Every JavaScript file of the worker. */
  all: CodeBytes;
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One `wrangler check startup` of the built worker: its "Active" figure in ms. */
async function checkStartupOnce(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "worker-startup-"));
  try {
    // No --config: check startup builds with `wrangler deploy --dry-run` in the working folder,
    // which follows the build's redirect (.wrangler/deploy/config.json) to dist/.
    const args = ["wrangler", "check", "startup", "--outfile", join(dir, "profile.cpuprofile")];
    const { stdout, stderr } = await promisify(execFile)("npx", args, {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      maxBuffer: 16 * 1024 * 1024,
    });
    const active = /Active:\s*([\d.]+)\s*ms/.exec(stdout + stderr)?.[1];
    if (active === undefined) throw new Error(`wrangler check startup printed no "Active: N ms":\n${stdout}${stderr}`);
    return Number(active);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The relative chunks a module imports statically (`import … from "./assets/x.js"`), not `import()`. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const specifiers = [
    ...code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'"();]*?\sfrom\s*)?["'](\.[^"']+)["']/g),
  ];
  return specifiers.map((match) => resolve(dirname(file), match[1]!));
}

function codeBytes(files: Iterable<string>): CodeBytes {
  const bytes = { files: 0, raw: 0, gzip: 0 };
  for (const file of files) {
    const code = readFileSync(file);
    bytes.files++;
    bytes.raw += code.byteLength;
    bytes.gzip += gzipSync(code, { level: 9 }).byteLength;
  }
  return bytes;
}

/** The worker's code bytes, from the built dist/ (run `npm run build` first). */
export function workerCodeBytes(): Pick<StartupFigures, "entry" | "atStartup" | "all"> {
  const entry = join(WORKER_DIR, "index.js");
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const imported of staticImports(file)) visit(imported);
  };
  visit(entry);
  const assets = readdirSync(join(WORKER_DIR, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => join(WORKER_DIR, "assets", name));
  return { entry: codeBytes([entry]), atStartup: codeBytes(loaded), all: codeBytes([entry, ...assets]) };
}

/** Runs added when the first median is over budget: see measureStartup. */
const RETRY_RUNS = 4;

/**
 * Start-up CPU (median of `runs`) and the code's bytes. The figure measures this machine too: on a
 * shared 2-core host a busy neighbour lengthens a run, so when `overBudget` says the first median
 * is over, four more runs are made and the median of them all is the figure (as the Lighthouse
 * timings are retried in run.ts).
 */
export async function measureStartup(
  runs = 5,
  overBudget?: (figures: StartupFigures) => boolean,
): Promise<StartupFigures> {
  const activeMs: number[] = [];
  for (let i = 0; i < runs; i++) activeMs.push(await checkStartupOnce());
  const figures = { activeMs, medianMs: median(activeMs), ...workerCodeBytes() };
  if (!overBudget?.(figures)) return figures;
  for (let i = 0; i < RETRY_RUNS; i++) activeMs.push(await checkStartupOnce());
  return { ...figures, medianMs: median(activeMs) };
}

export function printStartup(figures: StartupFigures): void {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const bytes = (b: CodeBytes) => `${kb(b.raw)} KB raw / ${kb(b.gzip)} KB gzip`;
  console.log("\nWorker start-up (wrangler check startup, this machine):");
  console.log(
    `  active start-up CPU: median ${figures.medianMs.toFixed(1)} ms of ${figures.activeMs.length} runs ` +
      `(${figures.activeMs.map((ms) => ms.toFixed(1)).join(", ")})`,
  );
  console.log(`  entry index.js:      ${bytes(figures.entry)}`);
  console.log(`  evaluated at start:  ${bytes(figures.atStartup)} (${figures.atStartup.files} files)`);
  console.log(`  all worker chunks:   ${bytes(figures.all)} (${figures.all.files} files)`);
}

if (import.meta.main) {
  printStartup(await measureStartup(Number(process.argv[2] ?? 5)));
}
