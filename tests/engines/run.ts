// `npm run test:engines [-- gecko webkit] [--flow 3] [--shots [dir]] [--no-build] [--url <site>]`: the
// buyer's flows and axe-core in Chromium (Playwright), Gecko (Firefox ESR over WebDriver BiDi) and
// WebKit (WebKitGTK MiniBrowser over WebDriver), all at once against one built site. --shots also
// saves full-page screenshots of the audited routes to $ENGINES_SHOTS (default <tmp>/engines-screenshots).
// --url runs against a site already served as scripts/lib/test-site.ts serves it (what `npm test`
// does, naming gecko and webkit: its Chromium runs are Playwright's) instead of building and serving one.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { launchChromium } from "./adapters/chromium.ts";
import { launchGecko } from "./adapters/gecko.ts";
import { launchWebkit } from "./adapters/webkit.ts";
import { auditAndPhotograph } from "./checks.ts";
import { type Engine, MissingRunner, type Tab } from "./engine.ts";
import { buyerFlows } from "./flows/buyer.ts";
import type { Flow } from "./flows/flow.ts";
import { pageFlows } from "./flows/pages.ts";
import { migrateState, startSite } from "./servers.ts";

const launchers = { chromium: launchChromium, gecko: launchGecko, webkit: launchWebkit };
type EngineName = keyof typeof launchers;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    flow: { type: "string", multiple: true },
    shots: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    url: { type: "string" },
  },
});
const unknown = positionals.filter((name) => !(name in launchers));
if (unknown.length) throw new Error(`No engine ${unknown.join(", ")}: chromium, gecko or webkit`);
const engines = (positionals.length ? positionals : Object.keys(launchers)) as EngineName[];
const flows = [...buyerFlows, ...pageFlows].filter(
  (flow) => !values.flow || values.flow.some((n) => flow.name.startsWith(`${n} `)),
);
const shotsDir = values.shots ? resolve(process.env.ENGINES_SHOTS ?? join(tmpdir(), "engines-screenshots")) : undefined;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

/** How long a browser may take to start, one flow to run, and a tab or browser to close. */
const LAUNCH_MS = 60_000;
const FLOW_MS = 90_000;
const CLOSE_MS = 15_000;
/**
 * How many times a tab (for WebKit, a whole MiniBrowser session) is asked for before the flow
 * fails. Declared with the deadlines, above the run below: a constant declared after the module's
 * top-level await is not yet initialised when a retry reads it.
 */
const OPEN_ATTEMPTS = 3;
/** One engine's whole run: past it, its remaining flows are reported as not run. */
const ENGINE_MS = 8 * 60_000;

/** `work`, or a rejection naming `what` once `ms` have passed (a hung driver call never settles). */
function within<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const started = Date.now();
const site = values.url ? { url: values.url.replace(/\/$/, ""), close: async () => {} } : await buildAndServe();
const failures: string[] = [];
try {
  // At once: most of each engine's time is waiting on its browser, so on two cores the three overlap.
  const results = await Promise.all(engines.map((name) => runEngine(name, site.url)));
  for (const { log, failed } of results) {
    console.log(log.join("\n"));
    failures.push(...failed);
  }
} finally {
  await site.close();
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nEngines (${engines.join(", ")}) took ${seconds} s${shotsDir ? `; screenshots in ${shotsDir}` : ""}`);
if (failures.length) {
  console.error(`\n${failures.length} failed:\n${failures.map((f) => `  ✘ ${f}`).join("\n")}`);
  process.exit(1);
}
console.log("All passed.");
// A driver's socket or child left open must not keep the run alive once every result is in.
process.exit(0);

/** The site of this run alone: a fresh D1, the build (unless --no-build), wrangler dev and its stand-in. */
async function buildAndServe() {
  const migrated = migrateState();
  if (!values["no-build"]) await build();
  await migrated;
  return startSite();
}

/** `npm run build` under the lock every build and browser run takes (they share dist/). */
async function build(): Promise<void> {
  const child = spawn("flock", ["/tmp/dist.lock", "npm", "run", "build"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const code = await new Promise((done) => child.once("close", done));
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${output}`);
}

/** One engine's flows, then axe-core (skipped when only some flows were asked for); its log is kept to print whole. */
async function runEngine(name: EngineName, baseUrl: string): Promise<{ log: string[]; failed: string[] }> {
  const begun = Date.now();
  const log = [`\n— ${name}`];
  let engine: Engine;
  try {
    engine = await within(`starting ${name}`, LAUNCH_MS, launchers[name](baseUrl));
  } catch (error) {
    const why = error instanceof MissingRunner ? error.message : `could not start: ${(error as Error).stack}`;
    log.push(`  ✘ ${why}`);
    return { log, failed: [`${name}: ${why}`] };
  }
  const failed: string[] = [];
  const deadline = begun + ENGINE_MS;
  try {
    for (const flow of flows) {
      if (Date.now() > deadline) {
        log.push(`  ✘ ${flow.name}: not run (${name} ran past ${ENGINE_MS / 60_000} minutes)`);
        failed.push(`${name} · ${flow.name}: not run, the engine ran out of time`);
        continue;
      }
      const error = await runFlow(engine, flow, log);
      if (error) failed.push(`${name} · ${flow.name}: ${error}`);
    }
    if (!values.flow) {
      const violations = await within(`${name}'s axe-core audit`, 4 * FLOW_MS, auditAndPhotograph(engine, shotsDir));
      log.push(
        `  ${violations.length ? "✘" : "✔"} axe-core: /, /pricing, /custom-quote, /checkout at ${engine.phoneWidth} and 1280 px`,
      );
      for (const violation of violations) log.push(`      ${violation}`);
      failed.push(...violations.map((violation) => `axe-core ${violation}`));
    }
  } catch (error) {
    failed.push(`${name}: ${(error as Error).stack}`);
  } finally {
    await within(`closing ${name}`, CLOSE_MS, engine.close()).catch((error: Error) => log.push(`  ! ${error.message}`));
  }
  log.push(`  (${name}: ${((Date.now() - begun) / 1000).toFixed(1)} s)`);
  return { log, failed };
}

/**
 * A fresh tab for the flow. WebKitWebDriver now and then never answers a new session's request
 * (seen once in about ten CI runs: MiniBrowser did not come up): such a start is abandoned after
 * 20 s and a new one asked for, and the log says so. The flow itself is never run twice.
 */
async function openTab(engine: Engine, flow: Flow, log: string[]): Promise<Tab> {
  const phone = flow.phone ?? false;
  const options = { width: phone ? engine.phoneWidth : 1280, height: phone ? 812 : 900, javaScript: flow.javaScript };
  for (let attempt = 1; ; attempt++) {
    try {
      return await within(`opening a tab for ${flow.name}`, 20_000, engine.open(options));
    } catch (error) {
      if (attempt >= OPEN_ATTEMPTS) throw error;
      log.push(`  ! ${(error as Error).message}; opening another (attempt ${attempt + 1} of ${OPEN_ATTEMPTS})`);
    }
  }
}

/** Runs one flow in a fresh tab; resolves to its failure, if any. */
async function runFlow(engine: Engine, flow: Flow, log: string[]): Promise<string | undefined> {
  const begun = Date.now();
  let tab: Tab;
  try {
    tab = await openTab(engine, flow, log);
  } catch (error) {
    log.push(`  ✘ ${flow.name}\n      ${(error as Error).message}`);
    return (error as Error).message;
  }
  try {
    await within(flow.name, FLOW_MS, flow.run(tab, engine));
    log.push(`  ✔ ${flow.name} (${Date.now() - begun} ms)`);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const shot = join(shotsDir ?? tmpdir(), `failed-${engine.name}-${flow.name.split(" ")[0]}.png`);
    await within("a screenshot", CLOSE_MS, tab.screenshot(shot)).catch(() => undefined);
    log.push(`  ✘ ${flow.name}\n      ${message.split("\n").join("\n      ")}\n      (screenshot: ${shot})`);
    return message;
  } finally {
    await within("closing the tab", CLOSE_MS, engine.done(tab)).catch(() => undefined);
  }
}
