import { defineConfig } from "@playwright/test";
import { chromiumArgs, findChromium } from "./tests/browser/support/chromium.ts";
import { SITE_PORT, SITE_URL } from "./tests/browser/support/ports.ts";

/** Browser tests: Debian Chromium against the built site served by wrangler on loopback. */
export default defineConfig({
  testDir: "tests/browser",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: SITE_URL,
    browserName: "chromium",
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
    trace: "off",
  },
  webServer: [
    {
      // `npm run test:browser` builds first; this serves the build exactly as `npm start` does.
      command: `wrangler dev --port ${SITE_PORT} --ip 127.0.0.1 --log-level warn`,
      url: `${SITE_URL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { WRANGLER_SEND_METRICS: "false" },
    },
  ],
});
