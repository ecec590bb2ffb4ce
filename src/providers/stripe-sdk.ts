import type Stripe from "stripe";
import { lazyOnce } from "../lib/lazy-once.ts";

/**
 * The Stripe SDK (about a third of the worker's code), loaded by the first request that talks to
 * Stripe rather than evaluated at every cold start.
 */
export const loadStripe = lazyOnce(() => import("stripe").then((module) => module.default));

/** The SDK's error classes, to classify what a call threw. */
export type StripeErrors = typeof Stripe.errors;
