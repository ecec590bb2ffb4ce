// npm run backup [-- --config path] [--out-dir backups]
// A dated SQL dump of the production D1 database (`wrangler d1 export --remote`) into backups/
// (git-ignored), named by the UTC minute it was taken. README "Backups and restore" says how to
// restore from it. The dump holds everyone's personal data, so only the account that took it may
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
const args = ["d1", "export", database, "--remote", "--output", shown];
if (configPath !== DEFAULT_CONFIG) args.push("--config", configPath);

try {
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
