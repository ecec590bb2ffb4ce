// Runs the local Stripe stand-in:
//   node scripts/stripe-standin/cli.ts --port 12111 [--fail 500] [--delay-ms 2000]
//     [--webhook-url http://127.0.0.1:8787/stripe/webhook --webhook-secret whsec_…]
//     [--async-payment-delay-ms 2000|none] [--empty]
// It starts with our catalogue synced into it (`npm run stripe:sync`), since Checkout sells only
// what Stripe's catalogue holds; --empty (or --fail) starts it with none.
// With a webhook secret, paying a session on its test page (or POST /__expire/:id and the other
// /__ controls) sends signed checkout.session.*, customer.subscription.* and invoice.* events to
// the webhook url; STRIPE_WEBHOOK_SECRET and WEBHOOK_URL also work.
import { parseArgs } from "node:util";
import { syncStandinCatalogue } from "../stripe-sync/standin.ts";
import { startStripeStandin } from "./server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "12111" },
    host: { type: "string", default: "127.0.0.1" },
    fail: { type: "string" },
    "delay-ms": { type: "string" },
    "async-payment-delay-ms": { type: "string" },
    "webhook-url": { type: "string" },
    "webhook-secret": { type: "string" },
    empty: { type: "boolean", default: false },
  },
});

const webhookSecret = values["webhook-secret"] ?? process.env.STRIPE_WEBHOOK_SECRET;
const webhookUrl = values["webhook-url"] ?? process.env.WEBHOOK_URL;
if (webhookUrl && !webhookSecret) {
  console.error("--webhook-url needs --webhook-secret (the secret the site verifies events with).");
  process.exit(2);
}

function integerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, got ${value}`);
    process.exit(2);
  }
  return n;
}

const standin = await startStripeStandin({
  port: integerOption("port", values.port) ?? 12111,
  host: values.host,
  fail: integerOption("fail", values.fail),
  delayMs: integerOption("delay-ms", values["delay-ms"]),
  // "none": a pending bank debit settles only through POST /__sessions/:id/settle.
  asyncPaymentDelayMs:
    values["async-payment-delay-ms"] === "none"
      ? null
      : integerOption("async-payment-delay-ms", values["async-payment-delay-ms"]),
  webhookSecret,
  webhookUrl,
});
if (!values.fail && !values.empty) {
  const synced = await syncStandinCatalogue(standin.url, webhookUrl ? new URL(webhookUrl).origin : undefined);
  console.log(`Catalogue synced: ${synced.changes.length} products and prices created.`);
}
const mode = values.fail ? ` (failing every API call with HTTP ${values.fail})` : "";
console.log(`Local Stripe stand-in listening on ${standin.url}${mode}`);
if (webhookSecret) console.log(`  Signed webhook events go to ${webhookUrl ?? "nowhere (recorded at /__events only)"}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    standin.close().then(() => process.exit(0));
  });
}
