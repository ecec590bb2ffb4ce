import type { TransitionResult } from "../orders/orders.ts";

/** A verified event's envelope. `created` is as Stripe sent it: handlers judge it (stripe-objects.ts readEventTime). */
export type StripeEventLike = { id: string; type: string; created?: unknown; data: { object: unknown } };

export type FulfilmentOutcome =
  | { kind: "ignored"; reason: string }
  | { kind: "duplicate" }
  | { kind: "unknown-session"; orderId: string }
  | { kind: "unknown-subscription"; subscriptionId: string }
  /** An invoice for a subscription no order is linked to yet: held until one is (billing-events.ts). */
  | { kind: "held-invoice"; invoiceId: string; subscriptionId: string }
  | { kind: "applied"; orderId: string; result: TransitionResult }
  | { kind: "billing"; orderId: string; summary: string };
