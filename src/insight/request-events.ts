/**
 * The funnel's events that a visitor's own request makes (docs/insight.md): a page view, a cart
 * addition or saved quote (their beacon), a checkout started. Each carries the day's visitor hash
 * and what the request says of where it came from; none carries an address, a cookie or an id.
 */
import type { InsightChannel, InsightEvent, InsightFields } from "./event-point.ts";
import { type EventSink, writeEvent } from "./event-writer.ts";
import { audienceOf, countryOf, deviceOf, referrerHostOf, visitorHash } from "./visitor.ts";

type VisitorEvent = Exclude<InsightEvent, "payment">;

/** What is known of the page or step: its route, and the channel of a checkout. */
type Step = { route: string; channel?: InsightChannel };

/** The event's fields from the request; the referrer only for a page view (a beacon's is our own page). */
export async function visitorEventFields(
  env: Env,
  request: Request,
  event: VisitorEvent,
  step: Step,
  now = new Date(),
): Promise<InsightFields> {
  return {
    event,
    route: step.route,
    referrer: event === "view" ? referrerHostOf(request) : "",
    country: countryOf(request),
    device: deviceOf(request),
    visitor: await visitorHash(env.DB, request, now),
    channel: step.channel ?? "",
    outcome: "",
    resultCode: "",
    audience: audienceOf(request),
  };
}

/** Counts a visitor's step. Resolves whatever happens (a salt D1 could not give is logged). */
export async function recordVisitorEvent(
  sink: EventSink,
  request: Request,
  event: VisitorEvent,
  step: Step,
): Promise<void> {
  try {
    writeEvent(sink, await visitorEventFields(sink.env, request, event, step));
  } catch (error) {
    sink.log.warn("A funnel event was not counted", { event, error });
  }
}

/** Counts a step after the answer (the request's waitUntil); where there is none, on its own. */
export function countStep(sink: EventSink, request: Request, event: VisitorEvent, step: Step): void {
  const counted = recordVisitorEvent(sink, request, event, step);
  sink.defer?.(counted);
}
