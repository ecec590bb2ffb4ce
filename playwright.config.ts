import { defineConfig } from "@playwright/test";
import { chromiumArgs, findChromium } from "./tests/browser/support/chromium.ts";
import { SITE_PORT, SITE_URL } from "./tests/browser/support/ports.ts";
import {
  BROWSER_MPESA_STANDIN_PORT,
  BROWSER_MPESA_STANDIN_URL,
  TEST_MPESA_CONSUMER_KEY,
  TEST_MPESA_CONSUMER_SECRET,
  TEST_MPESA_PASSKEY,
  TEST_MPESA_SHORTCODE,
} from "./tests/support/mpesa-standin-ports.ts";
import {
  BROWSER_ADMIN_PASSWORD,
  BROWSER_WEBHOOK_SECRET,
  TEST_MAIL_FROM,
  TEST_OWNER_EMAIL,
} from "./tests/support/secrets.ts";
import {
  BROWSER_STRIPE_SECRET_KEY,
  BROWSER_STRIPE_STANDIN_PORT,
  BROWSER_STRIPE_STANDIN_URL,
} from "./tests/support/stripe-standin-ports.ts";

/**
 * Browser tests: Debian Chromium against the built site served by wrangler on loopback.
 * PW_BASE_URL points them at an already running server instead (e.g. `vite dev` while developing).
 */
const external = process.env.PW_BASE_URL;

/** The browser tests' own D1 state, emptied and migrated before each run (never the developer's). */
const E2E_STATE = ".wrangler/e2e-state";

export default defineConfig({
  testDir: "tests/browser",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: "list",
  use: {
    baseURL: external ?? SITE_URL,
    browserName: "chromium",
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
    trace: "off",
  },
  webServer: external
    ? []
    : [
        {
          // The local Stripe stand-in: orders placed in the browser tests pay on its test page.
          // Paying on its page sends a signed checkout.session.completed to the site's webhook.
          command:
            `node scripts/stripe-standin/cli.ts --port ${BROWSER_STRIPE_STANDIN_PORT}` +
            ` --webhook-url ${SITE_URL}/stripe/webhook --webhook-secret ${BROWSER_WEBHOOK_SECRET}`,
          url: `${BROWSER_STRIPE_STANDIN_URL}/__health`,
          reuseExistingServer: false,
          timeout: 10_000,
        },
        {
          // The local M-Pesa (Daraja) stand-in: M-Pesa payments answer on its test phone prompt,
          // which POSTs Safaricom's callback to the CallBackURL the site gave it.
          command: `node scripts/mpesa-standin/cli.ts --port ${BROWSER_MPESA_STANDIN_PORT} --passkey ${TEST_MPESA_PASSKEY}`,
          url: `${BROWSER_MPESA_STANDIN_URL}/__health`,
          reuseExistingServer: false,
          timeout: 10_000,
        },
        {
          // `npm run test:browser` builds first; this serves the build exactly as `npm start` does.
          command:
            `node scripts/local-d1.ts --persist-to ${E2E_STATE} --fresh && ` +
            `wrangler dev --port ${SITE_PORT} --ip 127.0.0.1 --log-level warn --persist-to ${E2E_STATE}` +
            ` --var STRIPE_SECRET_KEY:${BROWSER_STRIPE_SECRET_KEY} --var STRIPE_API_BASE:${BROWSER_STRIPE_STANDIN_URL}` +
            ` --var STRIPE_WEBHOOK_SECRET:${BROWSER_WEBHOOK_SECRET} --var ADMIN_PASSWORD:${BROWSER_ADMIN_PASSWORD}` +
            ` --var MAIL_FROM:${TEST_MAIL_FROM} --var OWNER_EMAIL:${TEST_OWNER_EMAIL}` +
            ` --var MPESA_CONSUMER_KEY:${TEST_MPESA_CONSUMER_KEY} --var MPESA_CONSUMER_SECRET:${TEST_MPESA_CONSUMER_SECRET}` +
            ` --var MPESA_SHORTCODE:${TEST_MPESA_SHORTCODE} --var MPESA_PASSKEY:${TEST_MPESA_PASSKEY}` +
            ` --var MPESA_ENV:sandbox --var MPESA_API_BASE:${BROWSER_MPESA_STANDIN_URL}`,
          url: `${SITE_URL}/`,
          reuseExistingServer: false,
          timeout: 60_000,
          env: { WRANGLER_SEND_METRICS: "false" },
        },
      ],
});
