import { INSIGHT_EVENT_PATH } from "../paths.ts";

/**
 * Tells the site's funnel (docs/insight.md) of a step only the browser sees: a cart addition or a
 * saved quote. The step and the page's path, nothing else: no cookie, no id, no storage. A beacon
 * outlives the page and never delays it; a browser without one (or that refuses it) counts nothing.
 */
export function sendInsightBeacon(event: "cart" | "quote"): void {
  try {
    const body = new Blob([JSON.stringify({ event, path: window.location.pathname })], { type: "text/plain" });
    navigator.sendBeacon?.(INSIGHT_EVENT_PATH, body);
  } catch {
    // Counting must never get in the buyer's way.
  }
}
