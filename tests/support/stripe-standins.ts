// Vitest globalSetup (runs in Node): the Stripe stand-ins the worker tests talk to.
import type { TestProject } from "vitest/node";
import { type StripeStandin, startStripeStandin } from "../../scripts/stripe-standin/server.ts";
import { WORKER_WEBHOOK_SECRET } from "./secrets.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * A stand-in that behaves like Stripe; the worker's STRIPE_API_BASE in the tests. It signs
     * webhook events with the tests' STRIPE_WEBHOOK_SECRET but, with no site to reach from Node,
     * only records them (GET /__events): tests replay them to the worker.
     */
    stripeStandinUrl: string;
    /** A stand-in that answers every API call with HTTP 500. */
    stripeFailingUrl: string;
    /** A stand-in that waits STRIPE_SLOW_DELAY_MS before answering. */
    stripeSlowUrl: string;
    /**
     * A stand-in only the refusal tests point at: every request they send must be refused before
     * Stripe, so it must never record a single call.
     */
    stripeSentinelUrl: string;
  }
}

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
    const failing = await startStripeStandin({ port: 0, fail: 500 });
    started.push(failing);
    const slow = await startStripeStandin({ port: 0, delayMs: STRIPE_SLOW_DELAY_MS });
    started.push(slow);
    const sentinel = await startStripeStandin({ port: 0 });
    started.push(sentinel);
    project.provide("stripeStandinUrl", normal.url);
    project.provide("stripeFailingUrl", failing.url);
    project.provide("stripeSlowUrl", slow.url);
    project.provide("stripeSentinelUrl", sentinel.url);
  } catch (err) {
    await Promise.all(started.map((s) => s.close()));
    throw err;
  }
  return async () => {
    await Promise.all(started.map((s) => s.close()));
  };
}
