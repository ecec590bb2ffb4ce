// Where the sync talks to and what it links to, from the environment or `.dev.vars` (the
// environment wins), checked before any request: STRIPE_API_BASE may only name a server on
// loopback, by the worker's own rule (src/http/loopback.ts), so the key is never sent anywhere but
// Stripe or the stand-in.
import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import Stripe from "stripe";
import { loopbackApiBase } from "../../src/http/loopback.ts";

export type SyncConfig = {
  key: string;
  /** The loopback server to use instead of api.stripe.com (the stand-in), or null for Stripe. */
  apiBase: URL | null;
  siteUrl: string;
  /** Where each value came from, for the first line the sync prints. */
  keySource: string;
};

/** A configuration the sync refuses to run with; the message says what to fix. */
export class SyncConfigError extends Error {
  override name = "SyncConfigError";
}

/** Where `npm start` serves the site: the stand-in's portal links there when SITE_URL is unset. */
const LOCAL_SITE_URL = "http://127.0.0.1:8787";

/** Reads the configuration from `env`, falling back to the file `devVars` (ignored when absent). */
export function readSyncConfig(env: Record<string, string | undefined>, devVars: string): SyncConfig {
  const file = existsSync(devVars) ? parseEnv(readFileSync(devVars, "utf8")) : {};
  const value = (name: string): { value: string; from: string } | null => {
    const fromEnv = env[name]?.trim();
    if (fromEnv) return { value: fromEnv, from: "the environment" };
    const fromFile = file[name]?.trim();
    return fromFile ? { value: fromFile, from: ".dev.vars" } : null;
  };
  const key = value("STRIPE_SECRET_KEY");
  if (!key) {
    throw new SyncConfigError(
      "STRIPE_SECRET_KEY is not set: put a Stripe secret key (sk_test_… first) in .dev.vars or the environment.",
    );
  }
  if (!/^(sk|rk)_(test|live)_\w+$/.test(key.value))
    throw new SyncConfigError("STRIPE_SECRET_KEY is not a Stripe secret key.");
  const apiBase = loopbackApiBase(
    value("STRIPE_API_BASE")?.value,
    "STRIPE_API_BASE",
    (message) => new SyncConfigError(`${message}.`),
  );
  return { key: key.value, apiBase, siteUrl: siteUrl(value("SITE_URL")?.value, apiBase), keySource: key.from };
}

/** The portal links to the site's terms and privacy pages, so Stripe needs its public address. */
function siteUrl(value: string | undefined, apiBase: URL | null): string {
  if (!value) {
    if (apiBase) return LOCAL_SITE_URL;
    throw new SyncConfigError(
      "SITE_URL is not set: the customer portal links to the site's terms and privacy pages, so give its public address (https://…).",
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SyncConfigError("SITE_URL is not a URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SyncConfigError("SITE_URL must be http(s).");
  return url.origin;
}

/** The SDK, pointed at Stripe or at the loopback server the configuration names. */
export function stripeClient(config: Pick<SyncConfig, "key" | "apiBase">): Stripe {
  const base = config.apiBase;
  const protocol = base?.protocol === "http:" ? "http" : "https";
  return new Stripe(config.key, {
    telemetry: false,
    maxNetworkRetries: 2,
    ...(base ? { host: base.hostname, port: base.port || (protocol === "http" ? 80 : 443), protocol } : {}),
  });
}

/** Says which account (mode) and server a run writes to, before it does. */
export function describeTarget(config: SyncConfig): string {
  const live = /^(sk|rk)_live_/.test(config.key);
  const where = config.apiBase ? `the Stripe-compatible server at ${config.apiBase.origin}` : "Stripe";
  return `Syncing with ${where}, ${live ? "LIVE mode" : "test mode"} (STRIPE_SECRET_KEY from ${config.keySource}); portal links to ${config.siteUrl}.`;
}
