// Runs the local Workers Analytics Engine SQL API stand-in:
//   node scripts/analytics-standin/cli.ts --port 12115 [--account ID] [--token TOKEN]
// Point the site at it with ANALYTICS_API_BASE=http://127.0.0.1:12115 and the same
// ANALYTICS_ACCOUNT_ID and ANALYTICS_API_TOKEN. What it answers and its test controls: README.md.
import { parseArgs } from "node:util";
import { DEFAULT_ACCOUNT_ID, DEFAULT_TOKEN, startAnalyticsStandin } from "./server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "12115" },
    host: { type: "string", default: "127.0.0.1" },
    account: { type: "string", default: DEFAULT_ACCOUNT_ID },
    token: { type: "string", default: DEFAULT_TOKEN },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(2);
}

const standin = await startAnalyticsStandin({
  port,
  host: values.host,
  accountId: values.account,
  token: values.token,
});
console.log(`Local Workers Analytics Engine SQL API stand-in listening on ${standin.url}`);
console.log(`  ANALYTICS_API_BASE=${standin.url} ANALYTICS_ACCOUNT_ID=${standin.accountId} (token as given)`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    standin.close().then(() => process.exit(0));
  });
}
