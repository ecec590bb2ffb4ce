/**
 * The one shape of the site's funnel events in Workers Analytics Engine (docs/insight.md): what
 * the worker writes (event-writer.ts) and what the owner's view reads back with SQL
 * (insight-queries.ts). Analytics Engine names its columns blob1…blob20, double1…double20 and index1;
 * this file is the only place that says which is which.
 *
 * Nothing here identifies a person: no address, no cookie, no id that outlives the day. The
 * visitor column is a hash of the day's salt, the client's network (/64 for IPv6) and its user
 * agent; the salt is thrown away when the day ends, so yesterday's hashes cannot be recomputed.
 */

/** The dataset wrangler.toml binds as ANALYTICS (a test checks the two agree). */
export const ANALYTICS_DATASET = "acacia_site_events";

/** The funnel's steps, in order, and what each event is. */
export const insightEvents = ["view", "cart", "quote", "checkout", "payment"] as const;
export type InsightEvent = (typeof insightEvents)[number];

/** How a checkout or a payment was made. */
export const insightChannels = ["card", "mpesa", "paybill", "bank"] as const;
export type InsightChannel = (typeof insightChannels)[number];

export type InsightOutcome = "succeeded" | "failed";
export type InsightAudience = "human" | "bot";
export type DeviceClass = "mobile" | "tablet" | "desktop";

/** The columns, by meaning: SQL reads `blob2` for the route, and so on. */
export const insightColumns = {
  event: "blob1",
  /** The page's route ("/pricing", "/quote/:number"): never a path with an id in it. */
  route: "blob2",
  /** The referring site's host name only ("www.google.com"); "" when none or our own. */
  referrer: "blob3",
  /** Two letters from request.cf.country ("KE"); "" when unknown. */
  country: "blob4",
  device: "blob5",
  /** The day's salted visitor hash (16 hex characters); "" for server-side events with no visitor. */
  visitor: "blob6",
  channel: "blob7",
  outcome: "blob8",
  /** M-Pesa's ResultCode for an M-Pesa payment ("0", "1032", "1037"…); "" otherwise. */
  resultCode: "blob9",
  audience: "blob10",
} as const;

/** Every event as it is written: unset fields are "" (Analytics Engine stores strings). */
export type InsightFields = {
  event: InsightEvent;
  route: string;
  referrer: string;
  country: string;
  device: DeviceClass | "";
  visitor: string;
  channel: InsightChannel | "";
  outcome: InsightOutcome | "";
  resultCode: string;
  audience: InsightAudience;
};

/** The order of the blobs: blobN is BLOB_ORDER[N - 1]. */
const BLOB_ORDER = [
  "event",
  "route",
  "referrer",
  "country",
  "device",
  "visitor",
  "channel",
  "outcome",
  "resultCode",
  "audience",
] as const satisfies readonly (keyof InsightFields)[];

/** Analytics Engine keeps at most 16 KB of blobs a point; each field is clipped well below that. */
const BLOB_MAX = 96;

/**
 * The data point for an event: the event name as the index (Analytics Engine samples by index, so
 * each kind of event keeps its own rate), the fields as blobs, and a count of 1 as double1.
 */
export function dataPointOf(fields: InsightFields): AnalyticsEngineDataPoint {
  return {
    indexes: [fields.event],
    blobs: BLOB_ORDER.map((key) => String(fields[key]).slice(0, BLOB_MAX)),
    doubles: [1],
  };
}
