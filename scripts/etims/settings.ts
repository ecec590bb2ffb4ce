// The ETIMS_* settings the eTIMS commands read: the environment first, else .dev.vars (as
// `npm run stripe:sync` reads its key), so the same secrets serve the worker and the commands.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseEnv } from "node:util";

const ROOT = resolve(import.meta.dirname, "../..");
const NAMES = [
  "ETIMS_TIN",
  "ETIMS_BRANCH_ID",
  "ETIMS_DEVICE_SERIAL",
  "ETIMS_CMC_KEY",
  "ETIMS_ENV",
  "ETIMS_API_BASE",
  "ETIMS_CONSUMER_KEY",
  "ETIMS_CONSUMER_SECRET",
] as const;

export function etimsSettings(env: Record<string, string | undefined> = process.env): Record<string, string> {
  const file = join(ROOT, ".dev.vars");
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, "utf8")) : {};
  const settings: Record<string, string> = {};
  for (const name of NAMES) {
    const value = env[name]?.trim() || fromFile[name]?.trim();
    if (value) settings[name] = value;
  }
  return settings;
}
