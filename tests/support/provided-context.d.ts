/** What the worker tests' global setups (tests/support/stripe-standins.ts, mpesa-standins.ts) provide to them. */
import "vitest";

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
    /** A stand-in for tests of the stand-in itself, which call its API directly. */
    stripeScratchUrl: string;
    /**
     * A Daraja stand-in; the worker's MPESA_API_BASE in the tests. It knows the tests' passkey, so
     * it checks every Password exactly. With no site to reach from Node, tests settle pushes with
     * `send: false` and replay the callback to the worker themselves.
     */
    mpesaStandinUrl: string;
    /** A Daraja stand-in that answers every call (OAuth included) with HTTP 500. */
    mpesaFailingUrl: string;
    /**
     * A Daraja stand-in for paybill payments (C2B): the paybill tests register URLs on it and pay with
     * `send: false`, delivering Safaricom's bodies to the worker themselves.
     */
    mpesaC2bStandinUrl: string;
    /**
     * A KRA eTIMS (OSCU) stand-in knowing the tests' device (etims-standin-ports.ts); the worker's
     * ETIMS_API_BASE in the tests. Its /__control/sales and /__control/sequence show what was reported.
     */
    etimsStandinUrl: string;
    /**
     * A Workers Analytics Engine SQL API stand-in (analytics-standins.ts) knowing the tests' account
     * and token; the insight project's ANALYTICS_API_BASE. Its /__local/write takes the points the
     * worker (and the tests) write, /__local/clear empties it.
     */
    analyticsStandinUrl: string;
    /** Another, for tests that seed and read through a context of their own (the digest). */
    analyticsScratchUrl: string;
    /** A loopback address nothing listens on: an SQL API that does not answer. */
    analyticsDeadUrl: string;
  }
}
