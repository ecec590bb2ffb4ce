// Vitest globalSetup (runs in Node): the Workers Analytics Engine SQL API stand-ins the insight
// tests talk to. Free ports, as for the other stand-ins: two vitest runs at once must not fight.
import { createServer } from "node:net";
import type { TestProject } from "vitest/node";
import { startAnalyticsStandin } from "../../scripts/analytics-standin/server.ts";
import { TEST_ANALYTICS_ACCOUNT_ID, TEST_ANALYTICS_TOKEN } from "./analytics-standin-ports.ts";

/** A loopback port nothing listens on: what an SQL API that does not answer looks like. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export default async function setup(project: TestProject) {
  const options = { port: 0, accountId: TEST_ANALYTICS_ACCOUNT_ID, token: TEST_ANALYTICS_TOKEN };
  const standin = await startAnalyticsStandin(options);
  const scratch = await startAnalyticsStandin(options);
  project.provide("analyticsStandinUrl", standin.url);
  project.provide("analyticsScratchUrl", scratch.url);
  project.provide("analyticsDeadUrl", `http://127.0.0.1:${await closedPort()}`);
  return async () => {
    await Promise.all([standin.close(), scratch.close()]);
  };
}
