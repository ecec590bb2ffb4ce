import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientAssets, clientInputs } from "./build/client-assets-plugin.ts";

export default defineConfig({
  plugins: [clientAssets(import.meta.dirname), tailwindcss(), cloudflare()],
  environments: {
    client: {
      build: {
        manifest: true,
        rollupOptions: {
          input: Object.values(clientInputs),
          // Entries export `ready` (their islands hydrated) for the island loader to wait on.
          preserveEntrySignatures: "exports-only",
          output: {
            // Modules every page loads (paths, the cart store, header copy) and React's packages
            // are shared by several chunks; left alone they become eight files of a few hundred
            // bytes each, and each file costs a request and its own gzip overhead on a phone.
            codeSplitting: {
              groups: [
                {
                  name: "site",
                  test: /[\\/]src[\\/](paths\.ts|checkout[\\/]checkout-copy\.ts|site[\\/]navigation-copy\.ts|client[\\/]cart[\\/]store\.ts)|preload-helper/,
                },
                { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              ],
            },
          },
        },
      },
    },
  },
  builder: {
    // The client is built first so the worker build can compile its manifest in (see
    // client-assets-plugin); the Cloudflare plugin's own post-build step then builds the worker.
    async buildApp(builder) {
      if (builder.environments.client) await builder.build(builder.environments.client);
    },
  },
});
