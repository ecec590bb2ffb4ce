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
    // Several tests run CLIs (`npm run stripe:sync`, `npm run setup`) two or three times over: on a
    // 2-core machine busy with the static checks beside them, their start-up alone can pass 5 s.
    testTimeout: 20_000,
  },
});
