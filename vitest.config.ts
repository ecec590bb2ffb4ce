import { join } from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";
import { clientAssets } from "./build/client-assets-plugin.ts";
import { TEST_ANALYTICS_ACCOUNT_ID, TEST_ANALYTICS_TOKEN } from "./tests/support/analytics-standin-ports.ts";
import {
  TEST_ETIMS_BRANCH_ID,
  TEST_ETIMS_CMC_KEY,
  TEST_ETIMS_DEVICE_SERIAL,
  TEST_ETIMS_TIN,
} from "./tests/support/etims-standin-ports.ts";
import {
  TEST_MPESA_C2B_PATH_SECRET,
  TEST_MPESA_CONSUMER_KEY,
  TEST_MPESA_CONSUMER_SECRET,
  TEST_MPESA_INITIATOR_NAME,
  TEST_MPESA_PASSKEY,
  TEST_MPESA_RESULT_PATH_SECRET,
  TEST_MPESA_SECURITY_CREDENTIAL,
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
 * The tests about the limits and the mail queue themselves: they run with the real (miniflare)
 * rate limiting bindings and queue. Every other file gets counting limiters and a queue that
 * delivers nothing (tests/worker/support/stub-bindings.ts), so none waits on the wall clock.
 */
const REAL_BINDING_TESTS = [
  "tests/worker/rate-limit.test.ts",
  "tests/worker/client-limits.test.ts",
  "tests/worker/mail-outbox.test.ts",
  "tests/worker/mail-once.test.ts",
  "tests/worker/mail-once-contact.test.ts",
];

/** wrangler.toml's rate limiting bindings. */
const RATELIMITS: { name: string; namespace_id: string; simple: { limit: number } }[] = unstable_readConfig({
  config: join(import.meta.dirname, "wrangler.toml"),
}).ratelimits;

/**
 * The suite is a crowd: one file makes more quotes in a minute than a busy day brings, so outside
 * the ceilings' own tests their limits are raised (same bindings, same namespaces).
 */
const RAISED_CEILING = 100_000;
const isCeiling = (name: string) => name.endsWith("_CEILING");

type Ratelimits = Record<string, { namespace_id: string; simple: { limit: number; period: 60 } }>;

const RAISED_CEILINGS: Ratelimits = Object.fromEntries(
  RATELIMITS.filter(({ name }) => isCeiling(name)).map(({ name, namespace_id }) => [
    name,
    { namespace_id, simple: { limit: RAISED_CEILING, period: 60 as const } },
  ]),
);

/** The counting limiters' limits: wrangler.toml's, the ceilings raised as above. */
const COUNTING_LIMITS = Object.fromEntries(
  RATELIMITS.map(({ name, simple }) => [name, isCeiling(name) ? RAISED_CEILING : simple.limit]),
);

type Bindings = "real" | "stubs";

/** The eTIMS tests' files: the only ones whose worker reports sales (to a stand-in). */
const ETIMS_TESTS = "tests/worker/etims/**/*.test.ts";

/** The insight tests' files: the only ones whose worker reads (and mirrors its events to) an Analytics Engine stand-in. */
const INSIGHT_TESTS = "tests/worker/insight/**/*.test.ts";

type Extra = "etims" | "insight" | null;

/**
 * Worker tests run inside workerd (the Workers runtime), against the real worker entry. A global
 * setup starts local Stripe and M-Pesa stand-ins first; STRIPE_API_BASE and MPESA_API_BASE point at
 * the normal ones.
 */
function workerProject(
  name: string,
  include: string[],
  exclude: string[],
  ratelimits: Ratelimits,
  bindings: Bindings,
  extra: Extra = null,
) {
  const etims = extra === "etims";
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
            MPESA_C2B_PATH_SECRET: TEST_MPESA_C2B_PATH_SECRET,
            MPESA_INITIATOR_NAME: TEST_MPESA_INITIATOR_NAME,
            MPESA_SECURITY_CREDENTIAL: TEST_MPESA_SECURITY_CREDENTIAL,
            MPESA_RESULT_PATH_SECRET: TEST_MPESA_RESULT_PATH_SECRET,
            // The schema, applied to the tests' local D1 by tests/worker/support/apply-migrations.ts.
            TEST_MIGRATIONS: await readD1Migrations(join(import.meta.dirname, "migrations")),
            ...(bindings === "stubs" ? { TEST_COUNTING_LIMITS: COUNTING_LIMITS } : {}),
            ...(etims
              ? {
                  ETIMS_TIN: TEST_ETIMS_TIN,
                  ETIMS_BRANCH_ID: TEST_ETIMS_BRANCH_ID,
                  ETIMS_DEVICE_SERIAL: TEST_ETIMS_DEVICE_SERIAL,
                  ETIMS_CMC_KEY: TEST_ETIMS_CMC_KEY,
                  ETIMS_ENV: "sandbox",
                  ETIMS_API_BASE: inject("etimsStandinUrl"),
                }
              : {}),
            ...(extra === "insight"
              ? {
                  ANALYTICS_ACCOUNT_ID: TEST_ANALYTICS_ACCOUNT_ID,
                  ANALYTICS_API_TOKEN: TEST_ANALYTICS_TOKEN,
                  ANALYTICS_API_BASE: inject("analyticsStandinUrl"),
                }
              : {}),
          },
        },
      })),
    ],
    test: {
      name,
      include,
      exclude,
      globalSetup: [
        "tests/support/stripe-standins.ts",
        "tests/support/mpesa-standins.ts",
        ...(etims ? ["tests/support/etims-standins.ts"] : []),
        ...(extra === "insight" ? ["tests/support/analytics-standins.ts"] : []),
      ],
      // With the stand-ins nothing runs on after a file ends, so its files can share one runtime,
      // each emptied first (fresh-storage.ts); the files with the real bindings keep one each.
      isolate: bindings === "real",
      setupFiles:
        bindings === "stubs"
          ? [
              "tests/worker/support/fresh-storage.ts",
              "tests/worker/support/apply-migrations.ts",
              "tests/worker/support/stub-bindings.ts",
            ]
          : ["tests/worker/support/apply-migrations.ts", "tests/worker/support/drain-mail-queue.ts"],
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      workerProject(
        "worker",
        ["tests/worker/**/*.test.{ts,tsx}"],
        [CEILING_TESTS, ETIMS_TESTS, INSIGHT_TESTS, ...REAL_BINDING_TESTS],
        RAISED_CEILINGS,
        "stubs",
      ),
      // With eTIMS configured: every payment is numbered and reported to a local OSCU stand-in.
      workerProject("etims", [ETIMS_TESTS], [], RAISED_CEILINGS, "stubs", "etims"),
      // With the SQL API configured: the owner's view reads a local Analytics Engine stand-in.
      workerProject("insight", [INSIGHT_TESTS], [], RAISED_CEILINGS, "stubs", "insight"),
      workerProject("limits", REAL_BINDING_TESTS, [], RAISED_CEILINGS, "real"),
      workerProject("ceilings", [CEILING_TESTS], [], {}, "real"),
    ],
  },
});
