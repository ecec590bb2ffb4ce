import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { clientAssets } from "./build/client-assets-plugin.ts";

/** Worker tests run inside workerd (the Workers runtime), against the real worker entry. */
export default defineConfig({
  plugins: [
    clientAssets(import.meta.dirname),
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
    }),
  ],
  test: {
    include: ["tests/worker/**/*.test.{ts,tsx}"],
  },
});
