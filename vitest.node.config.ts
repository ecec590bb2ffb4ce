import { defineConfig } from "vitest/config";

/**
 * Node-side tests (`npm run test:node`): tooling that runs in Node rather than in the worker, such
 * as the Stripe catalogue sync, which these tests run against stand-ins they start themselves (the
 * Workers pool cannot start servers or processes).
 */
export default defineConfig({
  test: {
    name: "node",
    include: ["tests/node/**/*.test.ts"],
    environment: "node",
  },
});
