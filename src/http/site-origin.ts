import { stringBinding } from "./bindings.ts";

/**
 * The origin every absolute link is built on: canonical and Open Graph URLs, the sitemap and
 * robots.txt, Stripe's return URLs and the links in e-mails. The request's own origin comes from its
 * Host header, which any client may forge, so production names its address in SITE_URL. Without
 * one (local runs, tests), or with one that is not an http(s) URL, the request's origin is used.
 */
export function siteOrigin(env: object, requestUrl: string): string {
  const configured = configuredOrigin(stringBinding(env, "SITE_URL"));
  return configured ?? new URL(requestUrl).origin;
}

function configuredOrigin(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin for links made with no request to take one from (the cron sweeps): SITE_URL, or the
 * address `npm start` serves on.
 */
export function cronOrigin(env: object): string {
  return siteOrigin(env, "http://localhost:8787/");
}
