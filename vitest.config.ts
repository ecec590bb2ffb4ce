import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { clientAssets } from "./build/client-assets-plugin.ts";

/** The key the worker tests configure; the stand-in accepts any sk_test_ key. */
const TEST_STRIPE_SECRET_KEY = "sk_test_worker_tests";

/**
 * Worker tests run inside workerd (the Workers runtime), against the real worker entry. A global
 * setup starts local Stripe stand-ins first; the worker's STRIPE_API_BASE points at the normal one.
 */
export default defineConfig({
  plugins: [
    clientAssets(import.meta.dirname),
    cloudflareTest(({ inject }) => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: { STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY, STRIPE_API_BASE: inject("stripeStandinUrl") },
      },
    })),
  ],
  test: {
    include: ["tests/worker/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/support/stripe-standins.ts"],
  },
});
