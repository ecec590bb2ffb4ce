// The site the browser suites run against: the build under `wrangler dev`, with the local Stripe and
// M-Pesa stand-ins it pays through and the Analytics Engine stand-in its funnel is counted in, on a
// D1 state of its own emptied and migrated first. One
// definition for `playwright test` on its own (playwright.config.ts starts it through
// scripts/test/serve-site.ts) and for `npm test`, which starts it once and points Playwright, the
// other engines, the smoke and the load run at it (scripts/test/run.ts).

import { SITE_PORT } from "../../tests/browser/support/ports.ts";
import {
  BROWSER_ANALYTICS_STANDIN_PORT,
  TEST_ANALYTICS_ACCOUNT_ID,
  TEST_ANALYTICS_TOKEN,
} from "../../tests/support/analytics-standin-ports.ts";
import {
  BROWSER_MPESA_STANDIN_PORT,
  TEST_MPESA_CONSUMER_KEY,
  TEST_MPESA_CONSUMER_SECRET,
  TEST_MPESA_PASSKEY,
  TEST_MPESA_SHORTCODE,
} from "../../tests/support/mpesa-standin-ports.ts";
import {
  BROWSER_ADMIN_PASSWORD,
  BROWSER_WEBHOOK_SECRET,
  TEST_MAIL_FROM,
  TEST_OWNER_EMAIL,
} from "../../tests/support/secrets.ts";
import { BROWSER_STRIPE_SECRET_KEY, BROWSER_STRIPE_STANDIN_PORT } from "../../tests/support/stripe-standin-ports.ts";
import { startAnalyticsStandin } from "../analytics-standin/server.ts";
import { applyLocalMigrations } from "../local-d1.ts";
import { startMpesaStandin } from "../mpesa-standin/server.ts";
import { startStripeStandin } from "../stripe-standin/server.ts";
import { syncStandinCatalogue } from "../stripe-sync/standin.ts";
import { raisedCeilingsConfig, serveBuiltSite } from "./wrangler-server.ts";

/** The browser tests' own D1 state, emptied and migrated before each run (never the developer's). */
export const TEST_SITE_STATE = ".wrangler/e2e-state";

export type TestSite = {
  url: string;
  stripeUrl: string;
  mpesaUrl: string;
  /** wrangler's --persist-to of the site (its D1 is readable with `wrangler d1 execute DB --local --persist-to`). */
  state: string;
  close: () => Promise<void>;
};

/**
 * Starts the stand-ins, migrates a fresh D1 and serves the current build (`npm run build` first).
 * Ports default to the Playwright suite's (E2E_SITE_PORT, E2E_STANDIN_PORT, E2E_MPESA_STANDIN_PORT,
 * E2E_ANALYTICS_STANDIN_PORT).
 *
 * The ceilings for all visitors together are raised (as in the worker tests outside their own
 * file): Playwright's two workers, two other engines and the load run are a crowd on purpose, and
 * no browser test is about them (tests/worker/ceilings.test.ts is). The per-client limits stay
 * wrangler.toml's; tests that use one up send a CF-Connecting-IP of their own.
 */
export async function startTestSite(
  options: { port?: number; stripePort?: number; mpesaPort?: number; state?: string } = {},
): Promise<TestSite> {
  const port = options.port ?? SITE_PORT;
  const state = options.state ?? TEST_SITE_STATE;
  const siteUrl = `http://127.0.0.1:${port}`;
  applyLocalMigrations({ persistTo: state, fresh: true });
  // Paying on the stand-in's page sends a signed checkout.session.completed to the site's webhook.
  const stripe = await startStripeStandin({
    port: options.stripePort ?? BROWSER_STRIPE_STANDIN_PORT,
    webhookSecret: BROWSER_WEBHOOK_SECRET,
    webhookUrl: `${siteUrl}/stripe/webhook`,
  });
  const closing: (() => Promise<void>)[] = [() => stripe.close()];
  const close = async () => {
    for (const step of closing.reverse()) await step().catch(() => undefined);
  };
  try {
    // Checkout sells only what Stripe's catalogue holds (fail closed): fill the stand-in's.
    await syncStandinCatalogue(stripe.url, siteUrl);
    // M-Pesa payments answer on its test phone prompt, which POSTs Safaricom's callback to the site.
    const mpesa = await startMpesaStandin({
      port: options.mpesaPort ?? BROWSER_MPESA_STANDIN_PORT,
      passkey: TEST_MPESA_PASSKEY,
    });
    closing.push(() => mpesa.close());
    // The funnel's events: the worker mirrors each to this stand-in, and /admin/insight reads it back.
    const analytics = await startAnalyticsStandin({
      port: BROWSER_ANALYTICS_STANDIN_PORT,
      accountId: TEST_ANALYTICS_ACCOUNT_ID,
      token: TEST_ANALYTICS_TOKEN,
    });
    closing.push(() => analytics.close());
    const site = await serveBuiltSite(
      port,
      {
        STRIPE_SECRET_KEY: BROWSER_STRIPE_SECRET_KEY,
        STRIPE_API_BASE: stripe.url,
        STRIPE_WEBHOOK_SECRET: BROWSER_WEBHOOK_SECRET,
        ADMIN_PASSWORD: BROWSER_ADMIN_PASSWORD,
        MAIL_FROM: TEST_MAIL_FROM,
        OWNER_EMAIL: TEST_OWNER_EMAIL,
        MPESA_CONSUMER_KEY: TEST_MPESA_CONSUMER_KEY,
        MPESA_CONSUMER_SECRET: TEST_MPESA_CONSUMER_SECRET,
        MPESA_SHORTCODE: TEST_MPESA_SHORTCODE,
        MPESA_PASSKEY: TEST_MPESA_PASSKEY,
        MPESA_ENV: "sandbox",
        MPESA_API_BASE: mpesa.url,
        ANALYTICS_ACCOUNT_ID: TEST_ANALYTICS_ACCOUNT_ID,
        ANALYTICS_API_TOKEN: TEST_ANALYTICS_TOKEN,
        ANALYTICS_API_BASE: analytics.url,
      },
      ["--persist-to", state, "--config", raisedCeilingsConfig()],
    );
    closing.push(() => site.close());
    return { url: site.url, stripeUrl: stripe.url, mpesaUrl: mpesa.url, state, close };
  } catch (error) {
    await close();
    throw error;
  }
}
