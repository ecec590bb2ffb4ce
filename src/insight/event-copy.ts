/** What the funnel's beacon answers a client that sent something else (docs/insight.md). */
export const insightEventCopy = {
  tooLarge: "An event is a few bytes: this one is too large to be one.",
  malformed: 'Send {"event": "cart" or "quote", "path": the page\'s path} as JSON.',
  rateLimited: "Too many events from your network for now. Nothing is lost: please carry on.",
  ceiling: "The site is counting no more events for the moment. Nothing is lost: please carry on.",
  methodNotAllowed: "Events are sent with POST.",
} as const;
