// Proves the production bundle builds for deploy and prints its size (no Cloudflare account needed).
import { execFileSync } from "node:child_process";

const output = execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", "dist/deploy-dry-run"], {
  encoding: "utf8",
  env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
});
const size = output.match(/Total Upload:[^\n]*/)?.[0];
if (!size || !/--dry-run: exiting now/.test(output)) {
  console.error(output);
  console.error("wrangler deploy --dry-run did not report a bundle size");
  process.exit(1);
}
console.log(`wrangler deploy --dry-run: ${size}`);
