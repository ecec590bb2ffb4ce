// npm run backup with a fake wrangler on PATH: the export command it runs and the file it reports.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";
import { fakeWrangler } from "./fake-wrangler.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

it("exports the remote database into a dated file and says how big it is", { timeout: 30_000 }, async () => {
  const wrangler = fakeWrangler({ d1: [], r2: [], queues: [], secrets: [] });
  const out = mkdtempSync(join(tmpdir(), "backups-"));
  cleanups.push(wrangler.close, () => rmSync(out, { recursive: true, force: true }));
  const before = new Date();
  const { stdout } = await run(process.execPath, ["scripts/backup.ts", "--out-dir", out], {
    cwd: ROOT,
    env: { PATH: wrangler.path },
  });
  const [file] = readdirSync(out);
  const iso = before.toISOString();
  expect(file).toMatch(new RegExp(`^acacia-site-${iso.slice(0, 10)}-\\d{4}\\.sql$`));
  expect(wrangler.calls().map((c) => c.argv)).toEqual([
    ["d1", "export", "acacia-site", "--remote", "--output", join(out, file ?? "")],
  ]);
  const size = statSync(join(out, file ?? "")).size;
  expect(size).toBeGreaterThan(0);
  expect(stdout).toContain(`Wrote ${join(out, file ?? "")}: ${size} bytes`);
});
