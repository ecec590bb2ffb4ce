/**
 * What the funnel may know of a request (docs/insight.md): the day's visitor hash, whether it is a
 * bot, the class of device, the referring site's host and the country. Nothing here is stored
 * beyond the event, and nothing can be turned back into an address or a person.
 */
import { nairobiDay } from "../lib/dates.ts";
import { clientBucket } from "../security/client-bucket.ts";
import { sha256Hex } from "../security/sha256.ts";
import type { DeviceClass, InsightAudience } from "./event-point.ts";
import { saltOfDay } from "./salt-queries.ts";

/** Hex characters of the hash kept: 64 bits tell a day's visitors apart and name nobody. */
const VISITOR_HASH_LENGTH = 16;

/** This isolate's copy of today's salt: D1 is asked once a day per isolate, not per page view. */
let todaysSalt: { day: string; salt: string } | null = null;

function randomSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function saltFor(db: D1Database, day: string): Promise<string | null> {
  if (todaysSalt?.day === day) return todaysSalt.salt;
  const salt = await saltOfDay(db, day, randomSalt());
  if (salt) todaysSalt = { day, salt };
  return salt;
}

/**
 * A browser that says "don't track me" (Global Privacy Control, or the older Do Not Track): its
 * visits are counted as no one's, which is how the privacy policy lets a visitor object.
 */
function objectsToCounting(request: Request): boolean {
  return request.headers.get("Sec-GPC")?.trim() === "1" || request.headers.get("DNT")?.trim() === "1";
}

/**
 * The visitor's hash for the Nairobi day of `now`: the day's salt, the client's network (its /64
 * for IPv6, as the rate limits count it) and the user agent. The same browser on the same network
 * is one visitor for a day; tomorrow it is someone new, as in privacy-first analytics tools.
 * "" when the browser objects, or the salt cannot be had (the event is still counted, as no one's).
 */
export async function visitorHash(db: D1Database, request: Request, now: Date): Promise<string> {
  if (objectsToCounting(request)) return "";
  const day = nairobiDay(now);
  const salt = await saltFor(db, day);
  if (!salt) return "";
  const network = clientBucket(request.headers.get("CF-Connecting-IP"));
  const agent = request.headers.get("User-Agent") ?? "";
  return (await sha256Hex(`${salt}\n${day}\n${network}\n${agent}`)).slice(0, VISITOR_HASH_LENGTH);
}

/** What automated clients call themselves; a browser's user agent names none of these. */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|whatsapp|headless|lighthouse|pagespeed|preview|curl\/|wget\/|python-|httpclient|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|uptime|monitor|scanner|^mozilla\/5\.0$/i;

/** Cloudflare's bot score below which a request is "likely automated" (Bot Management's own line). */
const LIKELY_AUTOMATED_BELOW = 30;

type BotSignals = { score?: number; verifiedBot?: boolean };

/**
 * A bot, by Cloudflare's signal where the zone has one (a verified bot, or a score under 30), and
 * by its user agent in any case: a crawler that names itself is a bot whatever its score (wrangler's
 * local request.cf gives every request a score of 99), and no user agent at all is not a browser.
 */
export function audienceOf(request: Request): InsightAudience {
  const signals = (request.cf as { botManagement?: BotSignals } | undefined)?.botManagement;
  if (signals?.verifiedBot) return "bot";
  if (typeof signals?.score === "number" && signals.score > 0 && signals.score < LIKELY_AUTOMATED_BELOW) return "bot";
  const agent = request.headers.get("User-Agent")?.trim() ?? "";
  return agent === "" || BOT_AGENT.test(agent) ? "bot" : "human";
}

/** Phone, tablet or computer, from the user agent's own words. */
export function deviceOf(request: Request): DeviceClass {
  const agent = request.headers.get("User-Agent") ?? "";
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(agent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Opera Mini|KaiOS|IEMobile/i.test(agent)) return "mobile";
  return "desktop";
}

/** A host name as DNS spells it; anything else in a Referer is not kept. */
const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The referring site's host only (no path, no query): "" for none, our own site, or anything odd. */
export function referrerHostOf(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "";
  try {
    const from = new URL(referer);
    const host = from.hostname.toLowerCase();
    if (!/^https?:$/.test(from.protocol) || host === new URL(request.url).hostname.toLowerCase()) return "";
    return HOST_NAME.test(host) && host.length <= 96 ? host : "";
  } catch {
    return "";
  }
}

/** Two letters from Cloudflare (request.cf.country), upper-case; "" when unknown (or "T1", Tor). */
export function countryOf(request: Request): string {
  const country = (request.cf as { country?: unknown } | undefined)?.country;
  return typeof country === "string" && /^[A-Z]{2}$/.test(country) && country !== "T1" ? country : "";
}
