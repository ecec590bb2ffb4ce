// `npm run test:load` (after the build): mixed load on the built worker, on loopback, for a bounded
// time. Pages, robots/sitemap, a static file and the 404 page, interleaved with payment posts that
// create real (stand-in) Checkout Sessions and D1 orders. Prints the figures; exits non-zero on
// any error (an unexpected status or a failed connection) or if a created session has no order.
//   node scripts/load/run.ts [--seconds 10] [--connections 8] [--port 8796]
//   node scripts/load/run.ts --url <site> --stripe-url <its stand-in> --persist-to <its D1 state>
// The second form loads a site already served as scripts/lib/test-site.ts serves it (`npm test`)
// instead of serving one; the sessions and orders it checks are the ones made during the run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { type LoadResult, runLoad } from "../bench/load.ts";
import { serveBuiltSite } from "../lib/wrangler-server.ts";
import { applyLocalMigrations } from "../local-d1.ts";
import { startStripeStandin } from "../stripe-standin/server.ts";
import { syncStandinCatalogue } from "../stripe-sync/standin.ts";
import { interleave, pageTargets, paymentTargets } from "./targets.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    port: { type: "string", default: "8796" },
    url: { type: "string" },
    "stripe-url": { type: "string" },
    "persist-to": { type: "string" },
  },
});
const durationMs = Number(values.seconds) * 1000;
const connections = Number(values.connections);
/** The payment limiter allows 10 posts a minute per client; no client gets near it. */
const USES_PER_CLIENT = 8;
const PAYMENT_CLIENTS = 150;

const external = values.url
  ? { url: values.url.replace(/\/$/, ""), stripeUrl: values["stripe-url"], state: values["persist-to"] }
  : undefined;
if (external && (!external.stripeUrl || !external.state)) {
  console.error("--url needs --stripe-url and --persist-to: the run checks the sessions and orders it made.");
  process.exit(2);
}
if (!external && !existsSync(join(ROOT, "dist/nairobi_it_consultancy/wrangler.json"))) {
  console.error("No build found: run `npm run build` first (`npm run test:load` does).");
  process.exit(2);
}

/** Rows of the run's own D1, read with wrangler (the worker's database, not a copy). */
function countRows(persistTo: string, sql: string): number {
  const wrangler = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
  const run = spawnSync(
    process.execPath,
    [wrangler, "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" } },
  );
  if (run.status !== 0) throw new Error(`Reading D1 failed:\n${run.stdout}\n${run.stderr}`);
  const [result] = JSON.parse(run.stdout) as { results: { n: number }[] }[];
  return result?.results[0]?.n ?? Number.NaN;
}

function print(label: string, r: LoadResult): void {
  const statuses = Object.entries(r.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
  console.log(
    `${label}: ${r.requests} requests in ${(durationMs / 1000).toFixed(0)} s, ${r.rps.toFixed(0)} req/s, ` +
      `p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, errors ${r.errors} (${statuses})`,
  );
}

/** Checkout Sessions the stand-in created (the site's successful create calls). */
async function sessionsCreated(stripeUrl: string): Promise<number> {
  const res = await fetch(`${stripeUrl}/__requests`);
  if (!res.ok) throw new Error(`GET ${stripeUrl}/__requests answered ${res.status}`);
  const recorded = (await res.json()) as { path: string; status: number }[];
  return recorded.filter((r) => r.path === "/v1/checkout/sessions" && r.status === 200).length;
}

const countOrders = (state: string) => countRows(state, "SELECT COUNT(*) AS n FROM orders");

/** The mixed load against a served site; true when it passed. Sessions and orders are counted from before the run. */
async function loadSite(site: { url: string; stripeUrl: string; state: string }): Promise<boolean> {
  let passed = true;
  const sessionsBefore = await sessionsCreated(site.stripeUrl);
  const ordersBefore = countOrders(site.state);
  const payments = paymentTargets(site.url, PAYMENT_CLIENTS);
  const targets = interleave(pageTargets(site.url, 20), payments);
  const result = await runLoad(targets, {
    connections,
    durationMs,
    maxRequests: targets.length * USES_PER_CLIENT,
  });
  print(
    `Mixed load (${connections} connections, ${targets.length} targets, 1 in ${Math.round(targets.length / payments.length)} a payment)`,
    result,
  );

  const sessions = (await sessionsCreated(site.stripeUrl)) - sessionsBefore;
  const orders = countOrders(site.state) - ordersBefore;
  console.log(`Payments: ${sessions} Checkout Sessions created, ${orders} orders stored`);
  if (result.errors > 0) {
    console.error(`FAIL: ${result.errors} errors under load`);
    passed = false;
  }
  if (sessions === 0 || orders !== sessions) {
    console.error("FAIL: every created session must have exactly one stored order");
    passed = false;
  }
  return passed;
}

let failed = false;
if (external) {
  failed = !(await loadSite({ url: external.url, stripeUrl: external.stripeUrl!, state: external.state! }));
} else {
  const state = mkdtempSync(join(tmpdir(), "load-d1-"));
  const standin = await startStripeStandin({ port: 0 });
  try {
    // Checkout sells only what Stripe's catalogue holds (fail closed): fill the fresh stand-in's.
    await syncStandinCatalogue(standin.url);
    applyLocalMigrations({ persistTo: state });
    const site = await serveBuiltSite(
      Number(values.port),
      { STRIPE_SECRET_KEY: "sk_test_load", STRIPE_API_BASE: standin.url },
      ["--persist-to", state],
    );
    try {
      failed = !(await loadSite({ url: site.url, stripeUrl: standin.url, state }));
    } finally {
      await site.close();
    }
  } finally {
    await standin.close();
    rmSync(state, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
