import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveBuiltSite } from "../../../scripts/lib/wrangler-server.ts";
import { applyLocalMigrations } from "../../../scripts/local-d1.ts";
import { type StripeStandinOptions, startStripeStandin } from "../../../scripts/stripe-standin/server.ts";

export type OutageSite = { url: string; standinUrl: string; close: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * A second copy of the built site whose Stripe is a stand-in started to fail or to stall, with a
 * database of its own (migrated, emptied at the end), for what the visitor sees when Stripe is down.
 */
export async function startOutageSite(stripe: Omit<StripeStandinOptions, "port">): Promise<OutageSite> {
  const standin = await startStripeStandin({ port: 0, ...stripe });
  const state = mkdtempSync(join(tmpdir(), "outage-site-"));
  try {
    applyLocalMigrations({ persistTo: state });
    const site = await serveBuiltSite(
      await freePort(),
      { STRIPE_SECRET_KEY: "sk_test_outage", STRIPE_API_BASE: standin.url },
      ["--persist-to", state],
    );
    return {
      url: site.url,
      standinUrl: standin.url,
      close: async () => {
        await Promise.all([site.close(), standin.close()]);
        rmSync(state, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await standin.close();
    rmSync(state, { recursive: true, force: true });
    throw err;
  }
}
