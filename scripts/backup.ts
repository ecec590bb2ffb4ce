// npm run backup [-- --config path] [--out-dir backups]
// A dated SQL dump of the production D1 database (`wrangler d1 export --remote`) into backups/
// (git-ignored), named by the UTC minute it was taken. README "Backups and restore" says how to
// restore from it. Exit status: 0 written, 1 wrangler failed.
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { readDeployNames } from "./setup/config-file.ts";
import { runWrangler, spawnWrangler, WranglerError } from "./setup/wrangler.ts";

const ROOT = resolve(import.meta.dirname, "..");
const DEFAULT_CONFIG = join(ROOT, "wrangler.toml");

const { values } = parseArgs({
  options: { config: { type: "string" }, "out-dir": { type: "string", default: join(ROOT, "backups") } },
});

/** YYYY-MM-DD-HHmm in UTC: sorts by time, and means the same wherever it is read. */
function stamp(now: Date): string {
  const iso = now.toISOString();
  return `${iso.slice(0, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}`;
}

const configPath = resolve(values.config ?? DEFAULT_CONFIG);
const { database } = readDeployNames(readFileSync(configPath, "utf8"));
const outDir = resolve(values["out-dir"]);
mkdirSync(outDir, { recursive: true });
const file = join(outDir, `${database}-${stamp(new Date())}.sql`);
const shown = relative(ROOT, file).startsWith("..") ? file : relative(ROOT, file);
const args = ["d1", "export", database, "--remote", "--output", shown];
if (configPath !== DEFAULT_CONFIG) args.push("--config", configPath);

try {
  console.log(`Exporting ${database} (remote) to ${shown}; the database serves no queries until it is done…`);
  await runWrangler(spawnWrangler(process.env, ROOT), args);
  const { size } = statSync(file);
  console.log(`Wrote ${shown}: ${size.toLocaleString("en")} bytes (${(size / 1024 / 1024).toFixed(2)} MB).`);
} catch (err) {
  if (!(err instanceof WranglerError)) throw err;
  console.error(`Backup failed: ${err.message}`);
  process.exit(1);
}
