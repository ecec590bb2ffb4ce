// npm run setup [-- --dry-run] [--site-url https://…] [--config path] [--print] [--no-input]
// Creates or finds the D1 database, R2 bucket and queues, writes the database id into wrangler.toml,
// applies the migrations, sets the missing secrets, makes Stripe's webhook endpoint, catalogue and
// portal, and prints what only a person can do. Reads STRIPE_SECRET_KEY, SITE_URL and
// STRIPE_API_BASE (loopback only: tests) from the environment; never from .dev.vars, whose values
// are for local runs. Exit status: 0 done, 1 wrangler or Stripe failed, 2 bad configuration.
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import Stripe from "stripe";
import { readSyncConfig, SyncConfigError, stripeClient } from "../stripe-sync/config.ts";
import type { Ask } from "./secrets.ts";
import { runSetup } from "./setup.ts";
import { spawnWrangler, WranglerError } from "./wrangler.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const DEFAULT_CONFIG = join(ROOT, "wrangler.toml");
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

const { values } = parseArgs({
  options: {
    "dry-run": { type: "boolean", default: false },
    print: { type: "boolean", default: false },
    "no-input": { type: "boolean", default: false },
    config: { type: "string" },
    "site-url": { type: "string" },
  },
});

/** The configuration, or a SyncConfigError saying what to fix. */
function configuration() {
  if (!process.env.STRIPE_SECRET_KEY?.trim()) {
    throw new SyncConfigError("STRIPE_SECRET_KEY is not set: run with the live key in the environment.");
  }
  const site = values["site-url"] ?? process.env.SITE_URL;
  if (!site?.trim()) throw new SyncConfigError("SITE_URL is not set: give --site-url https://<your domain>.");
  // No .dev.vars fallback (the empty path): a deploy's keys come from the environment only.
  const config = readSyncConfig({ ...process.env, SITE_URL: site }, "");
  const url = new URL(config.siteUrl);
  if (url.protocol !== "https:" && !LOOPBACK.has(url.hostname)) {
    throw new SyncConfigError(`SITE_URL must be https (${config.siteUrl}): Stripe and buyers reach the site there.`);
  }
  return config;
}

function asker(): Ask {
  if (values["no-input"] || !process.stdin.isTTY) return null;
  return async (name) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return await rl.question(`${name} (empty: leave unset): `);
    } finally {
      rl.close();
    }
  };
}

try {
  const config = configuration();
  const configPath = resolve(values.config ?? DEFAULT_CONFIG);
  const inRoot = relative(ROOT, configPath);
  const configArgs = configPath === DEFAULT_CONFIG ? [] : ["--config", inRoot.startsWith("..") ? configPath : inRoot];
  console.log(`Stripe: ${config.apiBase ? config.apiBase.origin : "api.stripe.com"}; site: ${config.siteUrl}.`);
  await runSetup({
    wrangler: spawnWrangler(process.env, ROOT),
    configArgs,
    dryRun: values["dry-run"],
    log: (line) => console.log(line),
    configPath,
    secretsExample: readFileSync(join(ROOT, ".dev.vars.example"), "utf8"),
    print: values.print,
    stripe: stripeClient(config),
    stripeKey: config.key,
    siteUrl: config.siteUrl,
    ask: asker(),
  });
} catch (err) {
  if (err instanceof SyncConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  if (err instanceof WranglerError || err instanceof Stripe.errors.StripeError) {
    console.error(`Setup stopped: ${err.message}`);
    console.error("Nothing after that was done; fix the cause and run it again: it picks up where it stopped.");
    process.exit(1);
  }
  throw err;
}
