// npm run backup [-- --config path] [--out-dir backups]
// A dated SQL dump of the production D1 database (`wrangler d1 export --remote`) into backups/
// (git-ignored), named by the UTC minute it was taken. README "Backups and restore" says how to
// restore from it (the search indexes are not in it: see exportedNames). The dump holds everyone's personal data, so only the account that took it may
// read it: the file 0600, its folder 0700. Exit status: 0 written, 1 wrangler failed.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { readDeployNames } from "./setup/config-file.ts";
import { runWrangler, spawnWrangler, WranglerError } from "./setup/wrangler.ts";

const ROOT = resolve(import.meta.dirname, "..");
const DEFAULT_CONFIG = join(ROOT, "wrangler.toml");

/** Owner only: read and write for the dump, and list and enter for its folder. */
const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;
/** A umask that takes every permission from group and others, for whatever wrangler creates. */
const OWNER_ONLY_UMASK = 0o077;

const { values } = parseArgs({
  options: { config: { type: "string" }, "out-dir": { type: "string", default: join(ROOT, "backups") } },
});

/**
 * The folder, made or narrowed to 0700: mkdir's mode leaves one that already exists as it was
 * (often 0755 from a checkout or an older run), and a readable folder lists, and may open, its dumps.
 */
function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  chmodSync(dir, PRIVATE_DIR);
}

/** YYYY-MM-DD-HHmm in UTC: sorts by time, and means the same wherever it is read. */
function stamp(now: Date): string {
  const iso = now.toISOString();
  return `${iso.slice(0, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}`;
}

const configPath = resolve(values.config ?? DEFAULT_CONFIG);
const { database } = readDeployNames(readFileSync(configPath, "utf8"));
const outDir = resolve(values["out-dir"]);
privateFolder(outDir);
// wrangler creates the dump, and inherits this umask: the file is never readable by others, not
// even while it is being written.
process.umask(OWNER_ONLY_UMASK);
const file = join(outDir, `${database}-${stamp(new Date())}.sql`);
const shown = relative(ROOT, file).startsWith("..") ? file : relative(ROOT, file);
const configArgs = configPath !== DEFAULT_CONFIG ? ["--config", configPath] : [];

type SchemaRow = { type: string; name: string; tbl_name: string; sql: string | null };

/**
 * What to export, by name: `wrangler d1 export` refuses a whole database that holds a virtual table
 * ("cannot export databases with Virtual Tables (fts5)": the back office's search indexes,
 * migrations/0027), but exports the tables, indexes and triggers it is given with --table. Left out:
 * each virtual table and its shadow tables (`<name>_data`, `_idx`, …) with their own indexes. They are
 * derived from the rows; a restore makes and fills them again by running migrations/0027 once more.
 */
function exportedNames(rows: readonly SchemaRow[]): string[] {
  const virtual = rows.filter((row) => row.sql?.startsWith("CREATE VIRTUAL TABLE")).map((row) => row.name);
  // None: the whole database, as one export takes it (every name, and nothing named, are the same).
  if (virtual.length === 0) return [];
  const derived = (table: string) => virtual.some((index) => table === index || table.startsWith(`${index}_`));
  // The triggers that keep the indexes are the searched tables' and stay in the dump: until the
  // restore runs migrations/0027, a write to those tables fails rather than going unindexed.
  return rows.filter((row) => !derived(row.tbl_name)).map((row) => row.name);
}

async function schemaRows(): Promise<SchemaRow[]> {
  const sql = "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid";
  const output = await runWrangler(spawnWrangler(process.env, ROOT), [
    "d1",
    "execute",
    database,
    "--remote",
    "--json",
    "--command",
    sql,
    ...configArgs,
  ]);
  const [answer] = JSON.parse(output) as { results: SchemaRow[] }[];
  return answer?.results ?? [];
}

try {
  const names = exportedNames(await schemaRows());
  const args = ["d1", "export", database, "--remote", "--output", shown, ...names.flatMap((name) => ["--table", name])];
  args.push(...configArgs);
  console.log(`Exporting ${database} (remote) to ${shown}; the database serves no queries until it is done…`);
  await runWrangler(spawnWrangler(process.env, ROOT), args);
  // Whatever mode wrangler gave it (a rewrite of a dump taken earlier in the same minute keeps that
  // file's mode), it ends owner-only before it is reported written.
  chmodSync(file, PRIVATE_FILE);
  const { size } = statSync(file);
  console.log(`Wrote ${shown}: ${size.toLocaleString("en")} bytes (${(size / 1024 / 1024).toFixed(2)} MB).`);
} catch (err) {
  if (!(err instanceof WranglerError)) throw err;
  // A partial dump is as personal as a whole one.
  if (existsSync(file)) chmodSync(file, PRIVATE_FILE);
  console.error(`Backup failed: ${err.message}`);
  process.exit(1);
}
