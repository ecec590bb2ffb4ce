/**
 * When a subscription has ended, said once: Stripe bills it no more and never revives it (a new
 * subscription comes with a new id). The back office, the ledger's guards, erasure and retention all
 * ask here. And where Stripe's status text enters: it is narrowed to the statuses we know.
 */

import { subscriptionStatuses } from "../db/column-values.ts";
import type { SubscriptionStatus } from "../db/schema.ts";

export const ENDED_SUBSCRIPTION_STATUSES = [
  "canceled",
  "incomplete_expired",
] as const satisfies readonly SubscriptionStatus[];

export function hasEnded(status: string): boolean {
  return (ENDED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/**
 * A status as Stripe wrote it, if it is one we know; null for any other (Stripe may add one). The
 * caller keeps the status stored and has the owner review the subscription: an unknown word is
 * never read as billing, nor as ended.
 */
export function readSubscriptionStatus(text: string): SubscriptionStatus | null {
  return subscriptionStatuses.find((known) => known === text) ?? null;
}

/** What a subscription first seen with a status we do not know is stored as: not billing, not ended. */
export const UNKNOWN_STATUS_AT_FIRST: SubscriptionStatus = "incomplete";
