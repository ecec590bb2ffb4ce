// Vitest setup file (runs in workerd before each test file): the D1 schema from migrations/,
// read by vitest.config.ts. Applying is idempotent, so every file may call it.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
