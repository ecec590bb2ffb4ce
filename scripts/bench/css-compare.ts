// `npm run bench:css`: does per-page CSS pruning pay? Builds the site twice, with pruning off
// (CSS_PRUNING=off: every page inlines the whole stylesheet) and on (the default), keeps a copy of
// each build, serves each copy with wrangler on loopback and prints per route the HTML's gzip
// bytes and the Lighthouse LCP median, both ways. The pruned build
// is made last, so dist/ is left as `npm run build` makes it.
//   node scripts/bench/css-compare.ts [--runs 3] [--port 8798] [--route /pricing ...] [--lighthouse-route / ...]
// --lighthouse-route limits the (slow) Lighthouse runs to some routes; the others get bytes only.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { publicRoutes } from "../../tests/support/routes.ts";
import { serveBuiltSite } from "../lib/wrangler-server.ts";
import { applyLocalMigrations } from "../local-d1.ts";
import { launchChromium, median, runLighthouse } from "./lighthouse.ts";
import { measureRoute } from "./sizes.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const WORKER_DIR = "nairobi_it_consultancy";
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "8798" },
    route: { type: "string", multiple: true },
    "lighthouse-route": { type: "string", multiple: true },
  },
});
const runs = Math.max(1, Number(values.runs));
const routes: readonly string[] = values.route?.length ? values.route : publicRoutes;
const lighthouseRoutes = new Set(values["lighthouse-route"]?.length ? values["lighthouse-route"] : routes);

type Variant = "off" | "on";
type Figures = { htmlRaw: number; htmlGzip: number; lcpMs: number; lcpRuns: number[] };

const work = mkdtempSync(join(tmpdir(), "css-compare-"));
const figures: Record<Variant, Record<string, Figures>> = { off: {}, on: {} };

try {
  // Both builds first, each copied aside at once: the measurements then do not depend on dist/,
  // which other work in the tree may rebuild meanwhile.
  for (const variant of ["off", "on"] as const) {
    process.stderr.write(`building with CSS pruning ${variant}\n`);
    const build = spawnSync("npx", ["vite", "build"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CSS_PRUNING: variant },
    });
    if (build.status !== 0) throw new Error(`The build with CSS pruning ${variant} failed`);
    cpSync(join(ROOT, "dist"), join(work, variant, "dist"), { recursive: true });
    // The build's wrangler.json names its migrations ../../migrations.
    cpSync(join(ROOT, "migrations"), join(work, variant, "migrations"), { recursive: true });
  }
  for (const variant of ["off", "on"] as const) {
    const state = join(work, variant, "state");
    applyLocalMigrations({ persistTo: state });
    const server = await serveBuiltSite(Number(values.port), {}, [
      "--config",
      join(work, variant, "dist", WORKER_DIR, "wrangler.json"),
      "--persist-to",
      state,
    ]);
    try {
      const chromium = await launchChromium();
      try {
        for (const path of routes) {
          const sizes = await measureRoute(server.url, path);
          const lcpRuns: number[] = [];
          for (let i = 0; i < (lighthouseRoutes.has(path) ? runs : 0); i++)
            lcpRuns.push((await runLighthouse(server.url + path)).lcpMs);
          figures[variant][path] = {
            htmlRaw: sizes.html.raw,
            htmlGzip: sizes.html.gzip,
            // A run under heavy load can end without an LCP (NaN): the median is of the others.
            lcpMs: lcpRuns.some(Number.isFinite) ? median(lcpRuns.filter(Number.isFinite)) : Number.NaN,
            lcpRuns,
          };
          process.stderr.write(`pruning ${variant}: measured ${path}\n`);
        }
      } finally {
        await chromium.close();
      }
    } finally {
      await server.close();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

printTable();

function printTable() {
  const head = [
    "route",
    "HTML gz B on",
    "HTML gz B off",
    "gz saved",
    "HTML raw B on",
    "HTML raw B off",
    "LCP ms on",
    "LCP ms off",
  ];
  const rows = routes.map((path) => {
    const on = figures.on[path]!;
    const off = figures.off[path]!;
    return [
      path,
      String(on.htmlGzip),
      String(off.htmlGzip),
      `${off.htmlGzip - on.htmlGzip} (${(100 * (1 - on.htmlGzip / off.htmlGzip)).toFixed(0)}%)`,
      String(on.htmlRaw),
      String(off.htmlRaw),
      Number.isNaN(on.lcpMs) ? "-" : on.lcpMs.toFixed(0),
      Number.isNaN(off.lcpMs) ? "-" : off.lcpMs.toFixed(0),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ");
  console.log(`\nCSS pruning on vs off: HTML bytes, and Lighthouse LCP median of ${runs} mobile run(s) per route`);
  console.log("(simulated throttling; lab timings on a shared machine are noisy)\n");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
  for (const r of rows) console.log(line(r));
  const total = (v: Variant) => routes.reduce((n, p) => n + figures[v][p]!.htmlGzip, 0);
  const measured = routes.filter((p) => lighthouseRoutes.has(p));
  const lcps = (v: Variant) => (measured.length ? median(measured.map((p) => figures[v][p]!.lcpMs)) : Number.NaN);
  console.log(
    `\nAll routes: HTML gzip ${total("on")} B on vs ${total("off")} B off; median LCP of the Lighthouse routes ${lcps("on").toFixed(0)} ms on vs ${lcps("off").toFixed(0)} ms off`,
  );
}
