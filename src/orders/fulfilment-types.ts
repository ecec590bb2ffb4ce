import type { Logger } from "../http/log.ts";
import type { TransitionResult } from "./repository.ts";

/** What fulfilment needs beyond the database: the queue for e-mails, the site's origin for links, a logger. */
export type FulfilmentContext = { env: Env; origin: string; log: Logger };

export type StripeEventLike = { id: string; type: string; created?: number | undefined; data: { object: unknown } };

export type FulfilmentOutcome =
  | { kind: "ignored"; reason: string }
  | { kind: "duplicate" }
  | { kind: "unknown-session"; sessionId: string }
  | { kind: "unknown-subscription"; subscriptionId: string }
  | { kind: "applied"; sessionId: string; result: TransitionResult }
  | { kind: "billing"; sessionId: string; summary: string };
