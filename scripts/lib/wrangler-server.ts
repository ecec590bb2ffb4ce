import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export type RunningServer = { url: string; close: () => Promise<void> };

/**
 * Serves the built site with `wrangler dev` on a loopback port and resolves once it answers.
 * Extra `--var NAME:value` flags configure the worker for the run; `extraArgs` go to wrangler as
 * they are (e.g. `--persist-to <dir>` for a local D1 of the run's own).
 */
export async function serveBuiltSite(
  port: number,
  vars: Record<string, string> = {},
  extraArgs: string[] = [],
): Promise<RunningServer> {
  const args = ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--log-level", "warn", ...extraArgs];
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const child = spawn("npx", args, {
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, child, 60_000);
  return { url, close: () => stop(child) };
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await stop(child);
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Stops the whole process group (npx → wrangler → workerd). */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      resolve();
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {}
      resolve();
    }, 5_000).unref();
  });
}

/** The built worker's configuration (`vite build` writes it; `wrangler dev` reads it by default). */
const BUILT_CONFIG = resolve(import.meta.dirname, "../../dist/nairobi_it_consultancy/wrangler.json");

/**
 * A copy of the built configuration with the ceilings for all visitors together raised, beside the
 * original (so its relative paths hold), for a measurement that is a crowd on purpose: a benchmark
 * makes more quotes in a minute than a busy day brings. Pass it as `--config`.
 */
export function raisedCeilingsConfig(limit = 100_000): string {
  const config = JSON.parse(readFileSync(BUILT_CONFIG, "utf8")) as {
    ratelimits: { name: string; simple: { limit: number } }[];
  };
  for (const binding of config.ratelimits) if (binding.name.endsWith("_CEILING")) binding.simple.limit = limit;
  const copy = join(dirname(BUILT_CONFIG), "wrangler.raised-ceilings.json");
  writeFileSync(copy, JSON.stringify(config));
  return copy;
}
