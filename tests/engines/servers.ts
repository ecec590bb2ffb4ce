import { spawn } from "node:child_process";
import { type RunningServer, serveBuiltSite } from "../../scripts/lib/wrangler-server.ts";
import { startStripeStandin } from "../../scripts/stripe-standin/server.ts";
import { syncStandinCatalogue } from "../../scripts/stripe-sync/standin.ts";
import {
  BROWSER_ADMIN_PASSWORD,
  BROWSER_WEBHOOK_SECRET,
  TEST_MAIL_FROM,
  TEST_OWNER_EMAIL,
} from "../support/secrets.ts";
import { BROWSER_STRIPE_SECRET_KEY } from "../support/stripe-standin-ports.ts";

/**
 * Ports of the engines' run, apart from the Playwright suite's (8799/12112), `npm start`'s
 * (8787/12111) and the benches' (8794–8798), so the runs can overlap on one machine.
 */
const ENGINES_SITE_PORT = Number(process.env.E2E_ENGINES_SITE_PORT ?? 8793);
const ENGINES_STANDIN_PORT = Number(process.env.E2E_ENGINES_STANDIN_PORT ?? 12193);

/** The run's own D1 state, emptied and migrated first (never the developer's or the Playwright suite's). */
const STATE = ".wrangler/engines-state";

/**
 * Empties the run's D1 state and applies the migrations. Started before the build, as it needs none
 * and takes longer (a wrangler process per run, 5–20 s here).
 */
export function migrateState(): Promise<void> {
  const child = spawn(process.execPath, ["scripts/local-d1.ts", "--persist-to", STATE, "--fresh"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => {
    errors += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`Migrating ${STATE} failed:\n${errors}`))));
  });
}

/**
 * The built site (after migrateState) under `wrangler dev` with its Stripe stand-in, configured as the Playwright suite's
 * server is, so paying on the stand-in's page sends the webhook that completes the order.
 */
export async function startSite(): Promise<RunningServer> {
  const siteUrl = `http://127.0.0.1:${ENGINES_SITE_PORT}`;
  const standin = await startStripeStandin({
    port: ENGINES_STANDIN_PORT,
    webhookSecret: BROWSER_WEBHOOK_SECRET,
    webhookUrl: `${siteUrl}/stripe/webhook`,
  });
  const site = await serveBuiltSite(
    ENGINES_SITE_PORT,
    {
      STRIPE_SECRET_KEY: BROWSER_STRIPE_SECRET_KEY,
      STRIPE_API_BASE: standin.url,
      STRIPE_WEBHOOK_SECRET: BROWSER_WEBHOOK_SECRET,
      ADMIN_PASSWORD: BROWSER_ADMIN_PASSWORD,
      MAIL_FROM: TEST_MAIL_FROM,
      OWNER_EMAIL: TEST_OWNER_EMAIL,
    },
    ["--persist-to", STATE],
  );
  await syncStandinCatalogue(standin.url, siteUrl);
  return {
    url: site.url,
    async close() {
      await site.close();
      await standin.close();
    },
  };
}
