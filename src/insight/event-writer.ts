/**
 * Writes a funnel event (docs/insight.md). Analytics Engine's writeDataPoint returns at once and
 * never throws for a well-formed point; anything that goes wrong here is logged and dropped, so a
 * count never costs a visitor an answer or a buyer a payment.
 */
import { stringBinding } from "../http/bindings.ts";
import type { Logger } from "../http/log.ts";
import { loopbackApiBase } from "../http/loopback.ts";
import { ANALYTICS_DATASET, dataPointOf, type InsightFields } from "./event-point.ts";

/** Where an event goes: the bindings, a way to finish work after the answer, and a log. */
export type EventSink = { env: Env; log: Logger; defer?: ((work: Promise<unknown>) => void) | undefined };

/** The stand-in's write address (scripts/analytics-standin/), when ANALYTICS_API_BASE names one. */
function localCopyUrl(env: Env): URL | null {
  try {
    const base = loopbackApiBase(stringBinding(env, "ANALYTICS_API_BASE"), "ANALYTICS_API_BASE", (m) => new Error(m));
    return base ? new URL("/__local/write", base) : null;
  } catch {
    return null;
  }
}

/**
 * wrangler's local Analytics Engine drops every point, so where the SQL API is a stand-in on this
 * machine (`npm start`, the tests), each point is also handed to it: the owner's view then reads
 * what the worker wrote. In production ANALYTICS_API_BASE is unset and nothing more happens.
 */
function copyToStandin(sink: EventSink, point: AnalyticsEngineDataPoint): void {
  const url = localCopyUrl(sink.env);
  if (!url) return;
  const sent = fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ dataset: ANALYTICS_DATASET, ...point }),
  })
    .then((response) => response.body?.cancel())
    .catch((error: unknown) => sink.log.warn("The analytics stand-in did not take an event", { error }));
  sink.defer?.(sent);
}

/** Counts one event: never awaited, never thrown. */
export function writeEvent(sink: EventSink, fields: InsightFields): void {
  const point = dataPointOf(fields);
  try {
    sink.env.ANALYTICS?.writeDataPoint(point);
  } catch (error) {
    sink.log.warn("A funnel event could not be written", { event: fields.event, error });
    return;
  }
  copyToStandin(sink, point);
}
