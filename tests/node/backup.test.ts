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
const SCHEMA_QUERY = "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid";
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
    ["d1", "execute", "acacia-site", "--remote", "--json", "--command", SCHEMA_QUERY],
    ["d1", "export", "acacia-site", "--remote", "--output", join(out, file ?? "")],
  ]);
  const size = statSync(join(out, file ?? "")).size;
  expect(size).toBeGreaterThan(0);
  expect(stdout).toContain(`Wrote ${join(out, file ?? "")}: ${size} bytes`);
});

it("names every table, index and trigger but the search indexes, which wrangler cannot export", {
  timeout: 30_000,
}, async () => {
  const table = (name: string, sql = `CREATE TABLE ${name} (a)`) => ({ type: "table", name, tbl_name: name, sql });
  const wrangler = fakeWrangler({
    d1: [],
    r2: [],
    queues: [],
    secrets: [],
    schema: [
      table("orders"),
      {
        type: "index",
        name: "orders_by_created",
        tbl_name: "orders",
        sql: "CREATE INDEX orders_by_created ON orders (a)",
      },
      table("sqlite_sequence", "CREATE TABLE sqlite_sequence(name,seq)"),
      table("orders_search", "CREATE VIRTUAL TABLE orders_search USING fts5(a, tokenize = 'trigram')"),
      table("orders_search_data"),
      table("orders_search_idx"),
      {
        type: "index",
        name: "sqlite_autoindex_orders_search_idx_1",
        tbl_name: "orders_search_idx",
        sql: "CREATE INDEX x ON orders_search_idx (a)",
      },
      {
        type: "trigger",
        name: "orders_search_insert",
        tbl_name: "orders",
        sql: "CREATE TRIGGER orders_search_insert …",
      },
      table("outbox"),
    ],
  });
  const out = mkdtempSync(join(tmpdir(), "backups-"));
  cleanups.push(wrangler.close, () => rmSync(out, { recursive: true, force: true }));
  await run(process.execPath, ["scripts/backup.ts", "--out-dir", out], { cwd: ROOT, env: { PATH: wrangler.path } });
  const exported = wrangler.calls().find((c) => c.argv[1] === "export")?.argv ?? [];
  const named = exported.flatMap((arg, i) => (exported[i - 1] === "--table" ? [arg] : []));
  expect(named).toEqual(["orders", "orders_by_created", "sqlite_sequence", "orders_search_insert", "outbox"]);
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
