/**
 * When a subscription has ended, said once: Stripe bills it no more and never revives it (a new
 * subscription comes with a new id). The back office, the ledger's guards, erasure and retention all
 * ask here.
 */
import type { SubscriptionStatus } from "../db/schema.ts";

export const ENDED_SUBSCRIPTION_STATUSES = [
  "canceled",
  "incomplete_expired",
] as const satisfies readonly SubscriptionStatus[];

export function hasEnded(status: string): boolean {
  return (ENDED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/** The ended statuses as a SQL list, for the statements that must decide it inside the database. */
export const ENDED_SUBSCRIPTIONS_SQL = `(${ENDED_SUBSCRIPTION_STATUSES.map((s) => `'${s}'`).join(", ")})`;
