import { defineConfig } from "@playwright/test";
import { chromiumArgs, findChromium } from "./tests/browser/support/chromium.ts";
import { SITE_PORT, SITE_URL } from "./tests/browser/support/ports.ts";
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
          command: `node scripts/stripe-standin/cli.ts --port ${BROWSER_STRIPE_STANDIN_PORT}`,
          url: `${BROWSER_STRIPE_STANDIN_URL}/__health`,
          reuseExistingServer: false,
          timeout: 10_000,
        },
        {
          // `npm run test:browser` builds first; this serves the build exactly as `npm start` does.
          command:
            `wrangler dev --port ${SITE_PORT} --ip 127.0.0.1 --log-level warn` +
            ` --var STRIPE_SECRET_KEY:${BROWSER_STRIPE_SECRET_KEY} --var STRIPE_API_BASE:${BROWSER_STRIPE_STANDIN_URL}`,
          url: `${SITE_URL}/`,
          reuseExistingServer: false,
          timeout: 60_000,
          env: { WRANGLER_SEND_METRICS: "false" },
        },
      ],
});
