// Runs the local Stripe stand-in: `node scripts/stripe-standin/cli.ts --port 12111 [--fail 500] [--delay-ms 2000]`.
import { parseArgs } from "node:util";
import { startStripeStandin } from "./server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "12111" },
    host: { type: "string", default: "127.0.0.1" },
    fail: { type: "string" },
    "delay-ms": { type: "string" },
  },
});

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
});
const mode = values.fail ? ` (failing every API call with HTTP ${values.fail})` : "";
console.log(`Local Stripe stand-in listening on ${standin.url}${mode}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    standin.close().then(() => process.exit(0));
  });
}
