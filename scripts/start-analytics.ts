// `npm start`'s Insight part: with no ANALYTICS_API_TOKEN configured it runs the local Workers
// Analytics Engine SQL API stand-in and points the worker at it, so /admin/insight counts what this
// machine's visits write (wrangler's local Analytics Engine keeps nothing: the worker mirrors each
// data point to the stand-in, src/insight/event-writer.ts).
import { randomBytes } from "node:crypto";
import { type AnalyticsStandin, DEFAULT_ACCOUNT_ID, startAnalyticsStandin } from "./analytics-standin/server.ts";
import type { FileLookup } from "./start-mpesa.ts";

const ANALYTICS_STANDIN_PORT = 12115;
const SETTINGS = ["ANALYTICS_ACCOUNT_ID", "ANALYTICS_API_TOKEN", "ANALYTICS_API_BASE"] as const;

export type AnalyticsSetup = { args: string[]; standin?: AnalyticsStandin };

export async function analyticsSetup(fromFiles: FileLookup): Promise<AnalyticsSetup> {
  const token = fromFiles("ANALYTICS_API_TOKEN");
  if (token) {
    const account = fromFiles("ANALYTICS_ACCOUNT_ID");
    const base = fromFiles("ANALYTICS_API_BASE");
    console.log(
      !account
        ? `Insight: ANALYTICS_API_TOKEN is in ${token.from} but ANALYTICS_ACCOUNT_ID is not, so /admin/insight says it is not configured.`
        : base
          ? `Insight: /admin/insight reads the SQL API at ANALYTICS_API_BASE (${base.from}).`
          : `Insight: /admin/insight reads Cloudflare's Analytics Engine SQL API (ANALYTICS_* from ${token.from}).\n` +
            "  Locally wrangler's Analytics Engine keeps no events, so it shows what the deployed site counted.",
    );
    return { args: [] };
  }
  if (SETTINGS.some((name) => process.env[name]?.trim())) {
    console.log("Insight: ANALYTICS_* keys in the environment are not read by `npm start`; put them in .dev.vars.");
  }
  return localAnalyticsStandin();
}

async function localAnalyticsStandin(): Promise<AnalyticsSetup> {
  // A fresh token per run: only this run's worker can read the stand-in's SQL endpoint.
  const token = `local-${randomBytes(16).toString("hex")}`;
  let standin: AnalyticsStandin;
  try {
    standin = await startAnalyticsStandin({ port: ANALYTICS_STANDIN_PORT, accountId: DEFAULT_ACCOUNT_ID, token });
  } catch (err) {
    const inUse = err instanceof Error && "code" in err && err.code === "EADDRINUSE";
    throw new Error(
      inUse
        ? `Port ${ANALYTICS_STANDIN_PORT} is in use, so the local Analytics Engine stand-in cannot start. Is another \`npm start\` running?`
        : `The local Analytics Engine stand-in could not start: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const vars = { ANALYTICS_ACCOUNT_ID: standin.accountId, ANALYTICS_API_TOKEN: token, ANALYTICS_API_BASE: standin.url };
  console.log(
    `Insight: no ANALYTICS_API_TOKEN configured, so the local Analytics Engine SQL API stand-in runs at ${standin.url}.\n` +
      "  The worker copies every funnel event to it and /admin/insight reads it. Put ANALYTICS_ACCOUNT_ID and\n" +
      "  ANALYTICS_API_TOKEN in .dev.vars to read Cloudflare's instead (docs/insight.md).",
  );
  return { args: Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]), standin };
}
