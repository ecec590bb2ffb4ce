// npm run stripe:sync [-- --dry-run]
// Creates or updates Stripe's products, prices (by lookup key) and the customer portal's
// configuration from our catalogue (src/catalogue/catalogue.ts). Reads STRIPE_SECRET_KEY,
// STRIPE_API_BASE (loopback only) and SITE_URL from the environment, else from .dev.vars.
// Exit status: 0 done (or nothing to do), 1 Stripe refused or failed, 2 bad configuration.
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import Stripe from "stripe";
import { catalogue } from "../../src/catalogue/catalogue.ts";
import { describeTarget, readSyncConfig, SyncConfigError, stripeClient } from "./config.ts";
import { syncStripeCatalogue } from "./sync.ts";

const ROOT = resolve(import.meta.dirname, "../..");

const { values } = parseArgs({ options: { "dry-run": { type: "boolean", default: false } } });

try {
  const config = readSyncConfig(process.env, join(ROOT, ".dev.vars"));
  console.log(describeTarget(config));
  const result = await syncStripeCatalogue({
    stripe: stripeClient(config),
    items: catalogue.values(),
    siteUrl: config.siteUrl,
    dryRun: values["dry-run"],
  });
  for (const line of result.lines) console.log(line);
} catch (err) {
  if (err instanceof SyncConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  if (err instanceof Stripe.errors.StripeError) {
    const parts = [err.type, err.statusCode && `HTTP ${err.statusCode}`, err.code, err.param, err.requestId];
    console.error(`Stripe refused the sync: ${err.message} (${parts.filter(Boolean).join(" | ")})`);
    console.error("Nothing after that call was done; fix the cause and run it again: it picks up where it stopped.");
    process.exit(1);
  }
  throw err;
}
