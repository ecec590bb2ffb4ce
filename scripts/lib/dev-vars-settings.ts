// Settings a command reads the way the worker gets them locally: the environment first, else
// .dev.vars at the repository's root (or the file given), so one set of secrets serves both.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseEnv } from "node:util";

const DEV_VARS = join(resolve(import.meta.dirname, "../.."), ".dev.vars");

/** The named settings that are set (trimmed, non-empty), each from the environment or else the file. */
export function devVarsSettings(
  names: readonly string[],
  env: Record<string, string | undefined> = process.env,
  file = DEV_VARS,
): Record<string, string> {
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, "utf8")) : {};
  const settings: Record<string, string> = {};
  for (const name of names) {
    const value = env[name]?.trim() || fromFile[name]?.trim();
    if (value) settings[name] = value;
  }
  return settings;
}
