// `npm run smoke -- <url>`: what a live site must answer (pages, security headers, sitemap, robots,
// favicon, the webhook, the back office, the payment endpoint, the pages' assets, the first-round-trip
// budget). Prints one line per failure and a summary; exits 1 on any failure, 2 on bad usage.
//   npm run smoke -- https://example.com
import { parseOrigin, reportLines } from "./report.ts";
import { runSmoke } from "./run.ts";

const origin = parseOrigin(process.argv[2]);
if (!origin) {
  console.error("Usage: npm run smoke -- <https://your-site>");
  process.exit(2);
}
const started = performance.now();
const result = await runSmoke(origin);
const lines = reportLines(origin, result, performance.now() - started);
for (const line of lines.slice(0, -1)) console.error(line);
console.log(lines.at(-1));
process.exit(result.failures.length ? 1 : 0);
