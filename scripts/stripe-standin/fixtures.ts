// Stripe's own example objects (openapi/fixtures3.json of stripe/openapi at commit f6c2a48f,
// copied unchanged: those in /work/shared/stripe, plus product, price and
// billing_portal.configuration from the same file for the catalogue, subscription_schedule for
// plan changes that wait for the period end, and charge and refund for refunds):
// every object the stand-in returns or sends starts as one of these, so the site meets every field
// production carries, not only the ones a hand-written object would remember.
import fixtures from "./fixtures.json" with { type: "json" };

type Fixtures = typeof fixtures;

/** A fresh deep copy of Stripe's example object, for the caller to override. */
export function fixture<K extends keyof Fixtures>(kind: K): Fixtures[K] {
  return structuredClone(fixtures[kind]);
}
