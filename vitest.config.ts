import { join } from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { clientAssets } from "./build/client-assets-plugin.ts";
import {
  TEST_MPESA_CONSUMER_KEY,
  TEST_MPESA_CONSUMER_SECRET,
  TEST_MPESA_PASSKEY,
  TEST_MPESA_SHORTCODE,
} from "./tests/support/mpesa-standin-ports.ts";
import {
  TEST_MAIL_FROM,
  TEST_OWNER_EMAIL,
  WORKER_ADMIN_PASSWORD,
  WORKER_WEBHOOK_SECRET,
} from "./tests/support/secrets.ts";

/** The key the worker tests configure; the stand-in accepts any sk_test_ key. */
const TEST_STRIPE_SECRET_KEY = "sk_test_worker_tests";

/** The tests that trip the ceilings for all visitors together: they run with wrangler.toml's numbers. */
const CEILING_TESTS = "tests/worker/ceilings.test.ts";

/**
 * The suite is a crowd: one file makes more quotes in a minute than a busy day brings, so outside
 * the ceilings' own tests their limits are raised (same bindings, same namespaces).
 */
type Ratelimits = Record<string, { namespace_id: string; simple: { limit: number; period: 60 } }>;

const RAISED_CEILINGS: Ratelimits = Object.fromEntries(
  [
    ["CONTACT_CEILING", "1009"],
    ["QUOTE_CEILING", "1010"],
    ["BILLING_CEILING", "1011"],
    ["VISITOR_MAIL_CEILING", "1012"],
    ["MPESA_PROMPT_CEILING", "1013"],
  ].map(([name, namespace_id]) => [name, { namespace_id, simple: { limit: 100_000, period: 60 as const } }]),
);

/**
 * Worker tests run inside workerd (the Workers runtime), against the real worker entry. A global
 * setup starts local Stripe and M-Pesa stand-ins first; STRIPE_API_BASE and MPESA_API_BASE point at
 * the normal ones.
 */
function workerProject(name: string, include: string[], exclude: string[], ratelimits: Ratelimits) {
  return {
    plugins: [
      clientAssets(import.meta.dirname),
      cloudflareTest(async ({ inject }) => ({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          ratelimits,
          bindings: {
            STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
            STRIPE_API_BASE: inject("stripeStandinUrl"),
            STRIPE_WEBHOOK_SECRET: WORKER_WEBHOOK_SECRET,
            ADMIN_PASSWORD: WORKER_ADMIN_PASSWORD,
            MAIL_FROM: TEST_MAIL_FROM,
            OWNER_EMAIL: TEST_OWNER_EMAIL,
            MPESA_CONSUMER_KEY: TEST_MPESA_CONSUMER_KEY,
            MPESA_CONSUMER_SECRET: TEST_MPESA_CONSUMER_SECRET,
            MPESA_SHORTCODE: TEST_MPESA_SHORTCODE,
            MPESA_PASSKEY: TEST_MPESA_PASSKEY,
            MPESA_ENV: "sandbox",
            MPESA_API_BASE: inject("mpesaStandinUrl"),
            // The schema, applied to the tests' local D1 by tests/worker/support/apply-migrations.ts.
            TEST_MIGRATIONS: await readD1Migrations(join(import.meta.dirname, "migrations")),
          },
        },
      })),
    ],
    test: {
      name,
      include,
      exclude,
      globalSetup: ["tests/support/stripe-standins.ts", "tests/support/mpesa-standins.ts"],
      setupFiles: ["tests/worker/support/apply-migrations.ts", "tests/worker/support/drain-mail-queue.ts"],
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      workerProject("worker", ["tests/worker/**/*.test.{ts,tsx}"], [CEILING_TESTS], RAISED_CEILINGS),
      workerProject("ceilings", [CEILING_TESTS], [], {}),
    ],
  },
});
