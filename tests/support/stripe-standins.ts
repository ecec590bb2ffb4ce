// Vitest globalSetup (runs in Node): the Stripe stand-ins the worker tests talk to.
import type { TestProject } from "vitest/node";
import { type StripeStandin, startStripeStandin } from "../../scripts/stripe-standin/server.ts";
import { syncStandinCatalogue } from "../../scripts/stripe-sync/standin.ts";
import { WORKER_WEBHOOK_SECRET } from "./secrets.ts";

export const STRIPE_SLOW_DELAY_MS = 3_000;

/**
 * Free ports rather than fixed ones: this setup runs for every vitest run, and two runs at once
 * (a developer's and CI's, or two test files' authors) must not fight over a port.
 */
export default async function setup(project: TestProject) {
  const started: StripeStandin[] = [];
  try {
    const normal = await startStripeStandin({ port: 0, webhookSecret: WORKER_WEBHOOK_SECRET });
    started.push(normal);
    // Checkout sells only what Stripe's catalogue holds (fail closed): the sync fills it, as
    // `npm start` does, then its calls are forgotten so the contract test sees only the worker's.
    await syncStandinCatalogue(normal.url);
    await fetch(`${normal.url}/__requests`, { method: "DELETE" });
    const failing = await startStripeStandin({ port: 0, fail: 500 });
    started.push(failing);
    const slow = await startStripeStandin({ port: 0, delayMs: STRIPE_SLOW_DELAY_MS });
    started.push(slow);
    const sentinel = await startStripeStandin({ port: 0 });
    started.push(sentinel);
    // For tests of the stand-in itself: their direct API calls stay out of what the worker sent
    // the normal one (stripe-contract.test.ts checks every call recorded there).
    const scratch = await startStripeStandin({ port: 0, webhookSecret: WORKER_WEBHOOK_SECRET });
    started.push(scratch);
    project.provide("stripeStandinUrl", normal.url);
    project.provide("stripeFailingUrl", failing.url);
    project.provide("stripeSlowUrl", slow.url);
    project.provide("stripeSentinelUrl", sentinel.url);
    project.provide("stripeScratchUrl", scratch.url);
  } catch (err) {
    await Promise.all(started.map((s) => s.close()));
    throw err;
  }
  return async () => {
    await Promise.all(started.map((s) => s.close()));
  };
}
