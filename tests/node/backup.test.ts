// npm run backup with a fake wrangler on PATH: the export command it runs and the file it reports.
import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
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

/** The permission bits of a path (0o600 for rw-------). */
const modeOf = (path: string): number => statSync(path).mode & 0o777;

/**
 * npm run backup from an owner's ordinary shell, whose umask (022) lets everyone read what it
 * creates: the dump must be private anyway.
 */
async function backupWithOpenUmask(out: string) {
  const wrangler = fakeWrangler({ d1: [], r2: [], queues: [], secrets: [] });
  cleanups.push(wrangler.close);
  await run("/bin/sh", ["-c", 'umask 022 && exec "$0" scripts/backup.ts --out-dir "$1"', process.execPath, out], {
    cwd: ROOT,
    env: { PATH: wrangler.path },
  });
  const [file] = readdirSync(out);
  return join(out, file ?? "");
}

it.skipIf(process.platform === "win32")(
  "writes the dump readable by its owner alone (0600), in a folder it makes owner-only (0700)",
  { timeout: 30_000 },
  async () => {
    const parent = mkdtempSync(join(tmpdir(), "backups-"));
    cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
    const out = join(parent, "backups");
    const file = await backupWithOpenUmask(out);
    expect(modeOf(out).toString(8)).toBe("700");
    expect(modeOf(file).toString(8)).toBe("600");
  },
);

it.skipIf(process.platform === "win32")(
  "narrows a backups folder others could list and open (0755) to 0700",
  { timeout: 30_000 },
  async () => {
    const parent = mkdtempSync(join(tmpdir(), "backups-"));
    cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
    const out = join(parent, "backups");
    mkdirSync(out);
    chmodSync(out, 0o755);
    const file = await backupWithOpenUmask(out);
    expect(modeOf(out).toString(8)).toBe("700");
    expect(modeOf(file).toString(8)).toBe("600");
  },
);
