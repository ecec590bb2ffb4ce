// Serves the browser tests' site (scripts/lib/test-site.ts: the current build under wrangler dev,
// the Stripe and M-Pesa stand-ins, a fresh D1) until stopped: Playwright's webServer when
// `npm run test:browser` runs on its own. `npm test` starts the same site in-process instead.
//   node scripts/test/serve-site.ts
import { startTestSite } from "../lib/test-site.ts";

const site = await startTestSite();
console.log(`Test site on ${site.url} (Stripe stand-in ${site.stripeUrl}, M-Pesa stand-in ${site.mpesaUrl})`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    site.close().then(() => process.exit(0));
  });
}
