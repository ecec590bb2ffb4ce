// `npm run test:smoke` (after the build): serves the built site with wrangler dev on a free loopback
// port, as the load test does, and runs the smoke against it; it must pass. The site is http here,
// so HSTS is not expected. The webhook needs a signing secret to refuse with 400 (503 without one).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { serveBuiltSite } from "../lib/wrangler-server.ts";
import { applyLocalMigrations } from "../local-d1.ts";
import { reportLines } from "./report.ts";
import { runSmoke } from "./run.ts";

const ROOT = resolve(import.meta.dirname, "../..");
if (!existsSync(join(ROOT, "dist/nairobi_it_consultancy/wrangler.json"))) {
  console.error("No build found: run `npm run build` first (`npm run test:smoke` does).");
  process.exit(2);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

// A D1 of the run's own, migrated: pages that read it answer as they would in production.
const state = mkdtempSync(join(tmpdir(), "smoke-d1-"));
let failed = true;
try {
  applyLocalMigrations({ persistTo: state });
  const site = await serveBuiltSite(await freePort(), { STRIPE_WEBHOOK_SECRET: "whsec_local_smoke" }, [
    "--persist-to",
    state,
  ]);
  try {
    const started = performance.now();
    const result = await runSmoke(site.url);
    for (const line of reportLines(site.url, result, performance.now() - started)) console.log(line);
    failed = result.failures.length > 0;
  } finally {
    await site.close();
  }
} finally {
  rmSync(state, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
