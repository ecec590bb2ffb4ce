import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromiumArgs, findChromium } from "../../tests/browser/support/chromium.ts";

export type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the host CPU during this run (higher is faster). */
  benchmarkIndex: number;
};

const DEBUG_PORT = 9333;

/** Headless Chromium with a DevTools port for Lighthouse to drive. */
export async function launchChromium(): Promise<{ close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "bench-chromium-"));
  const child: ChildProcess = spawn(
    findChromium(),
    [
      "--headless",
      ...chromiumArgs,
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    // Its own process group, so close() can stop the helpers (zygote, GPU, network) as well.
    { stdio: "ignore", detached: true },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("Chromium's DevTools port did not open");
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    close: async () => {
      // Chromium's helper processes keep writing to the profile until they are gone too.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        killGroup(child);
        await exited;
      }
      killGroup(child);
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
      } catch (error) {
        // A leftover temp profile must not fail a run whose figures are already measured.
        console.warn(`left Chromium's profile ${profile}: ${(error as Error).message}`);
      }
    },
  };
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // The group is already gone.
  }
}

/**
 * Lighthouse's default 4x CPU slowdown turns a high-end desktop (benchmark index 1500-2000, 4x is
 * its recommendation for the middle of that bracket) into a mid-tier phone. On a slower host the
 * same 4x simulates a slower phone, so lab LCP and TBT would measure the CI machine rather than
 * the pages. Lighthouse's throttling guide says to calibrate: the multiplier scales with the
 * host's index, so every host simulates the same phone (index 1750 / 4 = 437.5).
 */
const REFERENCE_HOST_INDEX = 1750;
const DEFAULT_MULTIPLIER = 4;

export function calibratedMultiplier(hostIndex: number): number {
  const m = (DEFAULT_MULTIPLIER * hostIndex) / REFERENCE_HOST_INDEX;
  return Math.round(Math.min(8, Math.max(1, m)) * 100) / 100;
}

/** The host's benchmark index, measured by Lighthouse itself: the median of a few short runs. */
export async function measureHostIndex(url: string, samples = 3): Promise<number> {
  const indexes: number[] = [];
  for (let i = 0; i < samples; i++) indexes.push((await runLighthouse(url)).benchmarkIndex);
  return median(indexes);
}

/** One Lighthouse run: mobile, simulated throttling, with the CPU multiplier given (default 4x). */
export async function runLighthouse(
  url: string,
  cpuSlowdownMultiplier = DEFAULT_MULTIPLIER,
): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    throttling: { cpuSlowdownMultiplier },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, environment } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    benchmarkIndex: environment.benchmarkIndex,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
