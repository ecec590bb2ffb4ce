// Runs the local M-Pesa (Daraja) stand-in:
//   node scripts/mpesa-standin/cli.ts --port 12112 [--fail 500] [--delay-ms 2000] [--passkey KEY]
// Point the site at it with MPESA_API_BASE=http://127.0.0.1:12112 (and any MPESA_CONSUMER_KEY,
// MPESA_CONSUMER_SECRET, MPESA_SHORTCODE, MPESA_PASSKEY). Each push gets a test phone prompt at
// /__prompt/<CheckoutRequestID>; answering there POSTs Safaricom's callback to the push's CallBackURL.
import { parseArgs } from "node:util";
import { startMpesaStandin } from "./server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "12112" },
    host: { type: "string", default: "127.0.0.1" },
    fail: { type: "string" },
    "delay-ms": { type: "string" },
    passkey: { type: "string" },
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

const standin = await startMpesaStandin({
  port: integerOption("port", values.port) ?? 12112,
  host: values.host,
  fail: integerOption("fail", values.fail),
  delayMs: integerOption("delay-ms", values["delay-ms"]),
  passkey: values.passkey,
});
const mode = values.fail ? ` (failing every Daraja call with HTTP ${values.fail})` : "";
console.log(`Local M-Pesa stand-in listening on ${standin.url}${mode}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    standin.close().then(() => process.exit(0));
  });
}
