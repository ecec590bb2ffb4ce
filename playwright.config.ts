import { defineConfig } from "@playwright/test";
import { chromiumArgs, findHeadlessChromium } from "./tests/browser/support/chromium.ts";
import { SITE_URL } from "./tests/browser/support/ports.ts";

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
  // A whole purchase (checkout, the stand-in's page, two back-office visits, three axe audits) takes
  // about 30 s on a loaded 2-core CI machine: a minute leaves room without hiding a hang.
  timeout: 60_000,
  reporter: "list",
  use: {
    baseURL: external ?? SITE_URL,
    browserName: "chromium",
    launchOptions: { executablePath: findHeadlessChromium(), args: chromiumArgs },
    trace: "off",
  },
  webServer: external
    ? []
    : [
        {
          // The build (`npm run test:browser` builds first) under wrangler dev, with the Stripe
          // stand-in (paying on its page sends a signed checkout.session.completed to the site's
          // webhook) and the M-Pesa stand-in (its test phone prompt POSTs Safaricom's callback), on a
          // fresh D1: scripts/lib/test-site.ts, as `npm test` serves it for every browser suite.
          command: "node scripts/test/serve-site.ts",
          url: `${SITE_URL}/`,
          reuseExistingServer: false,
          timeout: 90_000,
          // The script stops wrangler and the stand-ins on SIGTERM (wrangler runs in its own group).
          gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
          env: { WRANGLER_SEND_METRICS: "false" },
        },
      ],
});
