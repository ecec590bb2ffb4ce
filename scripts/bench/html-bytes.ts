// `npm run bench:html`: builds, serves the build and prints each route's HTML
// response bytes against the first congestion window; a quick loop while trimming pages.
import { publicRoutes } from "../../tests/support/routes.ts";
import { serveBuiltSite } from "../lib/wrangler-server.ts";
import { FIRST_WINDOW_BYTES } from "./budgets.ts";
import { measureRoute } from "./sizes.ts";

const server = await serveBuiltSite(8795);
try {
  for (const path of publicRoutes) {
    const { html, response } = await measureRoute(server.url, path);
    const spare = FIRST_WINDOW_BYTES - response.bytes;
    console.log(
      `${path.padEnd(18)} ${String(response.bytes).padStart(6)} B ${response.encoding.padEnd(5)} ` +
        `(${spare >= 0 ? `${spare} spare` : `${-spare} over`}; HTML ${html.raw} raw)`,
    );
  }
} finally {
  await server.close();
}
