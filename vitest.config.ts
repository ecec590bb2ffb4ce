import { join } from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { clientAssets } from "./build/client-assets-plugin.ts";
import {
  TEST_MAIL_FROM,
  TEST_OWNER_EMAIL,
  WORKER_ADMIN_PASSWORD,
  WORKER_WEBHOOK_SECRET,
} from "./tests/support/secrets.ts";

/** The key the worker tests configure; the stand-in accepts any sk_test_ key. */
const TEST_STRIPE_SECRET_KEY = "sk_test_worker_tests";

/**
 * Worker tests run inside workerd (the Workers runtime), against the real worker entry. A global
 * setup starts local Stripe stand-ins first; the worker's STRIPE_API_BASE points at the normal one.
 */
export default defineConfig({
  plugins: [
    clientAssets(import.meta.dirname),
    cloudflareTest(async ({ inject }) => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
          STRIPE_API_BASE: inject("stripeStandinUrl"),
          STRIPE_WEBHOOK_SECRET: WORKER_WEBHOOK_SECRET,
          ADMIN_PASSWORD: WORKER_ADMIN_PASSWORD,
          MAIL_FROM: TEST_MAIL_FROM,
          OWNER_EMAIL: TEST_OWNER_EMAIL,
          // The schema, applied to the tests' local D1 by tests/worker/support/apply-migrations.ts.
          TEST_MIGRATIONS: await readD1Migrations(join(import.meta.dirname, "migrations")),
        },
      },
    })),
  ],
  test: {
    include: ["tests/worker/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/support/stripe-standins.ts"],
    setupFiles: ["tests/worker/support/apply-migrations.ts", "tests/worker/support/drain-mail-queue.ts"],
  },
});
