// Applies the D1 migrations (migrations/) to a local database, as `npm start` and the browser
// tests need before serving:
//   node scripts/local-d1.ts [--persist-to .wrangler/e2e-state] [--fresh]
// --fresh deletes that state directory first (test runs start from an empty database). Production
// is migrated separately, before deploying: `npx wrangler d1 migrations apply DB --remote`.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const ROOT = resolve(import.meta.dirname, "..");

export type LocalD1Options = {
  /** wrangler's --persist-to; default: wrangler's own .wrangler/state (what `wrangler dev` uses). */
  persistTo?: string;
  /** Remove the state directory first. Only allowed together with persistTo. */
  fresh?: boolean;
};

/** Runs `wrangler d1 migrations apply DB --local`; throws with wrangler's output if it fails. */
export function applyLocalMigrations(options: LocalD1Options = {}): void {
  if (options.fresh) {
    if (!options.persistTo)
      throw new Error("--fresh needs --persist-to: the default local state is not a test's to delete.");
    rmSync(resolve(ROOT, options.persistTo), { recursive: true, force: true });
  }
  const wrangler = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
  const args = [wrangler, "d1", "migrations", "apply", "DB", "--local"];
  if (options.persistTo) args.push("--persist-to", options.persistTo);
  const run = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: "utf8",
    // No TTY: wrangler takes its default ("yes") for the confirmation prompt.
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  if (run.status !== 0) {
    throw new Error(`Applying the D1 migrations failed:\n${run.stdout}\n${run.stderr}`);
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { "persist-to": { type: "string" }, fresh: { type: "boolean" } } });
  try {
    applyLocalMigrations({ persistTo: values["persist-to"], fresh: values.fresh ?? false });
    console.log(
      `D1 migrations applied to the local database${values["persist-to"] ? ` in ${values["persist-to"]}` : ""}.`,
    );
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
