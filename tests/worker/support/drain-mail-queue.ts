// Vitest setup file (runs in workerd before each test file). E-mails the site queued during a file
// are delivered by the real local queue in the background; if the file ends while deliveries are
// still in flight, workerd's teardown stalls and the whole run hangs without output (the pattern
// of cloudflare/workers-sdk#15498). So each file waits until the queue has gone quiet.
import { env } from "cloudflare:workers";
import { afterAll } from "vitest";

/** Longer than the consumer's max_batch_timeout (2 s in wrangler.toml), so a pending batch shows. */
const QUIET_MS = 2_500;
const POLL_MS = 250;
const LIMIT_MS = 30_000;

async function queuedCount(): Promise<number> {
  // Before the migrations ran (a file that never touched D1) there is no outbox to wait for.
  const table = await env.DB.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'").first();
  if (!table) return 0;
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE status = 'queued'").first<{ n: number }>();
  return row?.n ?? 0;
}

afterAll(async () => {
  let last = await queuedCount();
  if (last === 0) return;
  // Rows a test recorded with a stand-in queue stay queued forever: wait for a stable count, not zero.
  const deadline = Date.now() + LIMIT_MS;
  let quietSince = Date.now();
  while (Date.now() < deadline && Date.now() - quietSince < QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const now = await queuedCount();
    if (now === 0) return;
    if (now !== last) quietSince = Date.now();
    last = now;
  }
}, LIMIT_MS + 5_000);
