/** The hosts an API base override may name: this machine only. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether a URL names this machine (by the host names LOOPBACK_HOSTS allows). */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * An outside service's address override (STRIPE_API_BASE, MPESA_API_BASE), for tests and offline
 * runs: null when unset. It may only name an http(s) server on loopback, since anywhere else the
 * service's secret would be handed to a third party; `refuse` makes the service's own error.
 */
export function loopbackApiBase(
  value: string | undefined,
  name: string,
  refuse: (message: string) => Error,
): URL | null {
  if (!value?.trim()) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw refuse(`${name} is not a URL`);
  }
  if (!isLoopbackUrl(url) || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw refuse(`${name} must be an http(s) URL on 127.0.0.1, localhost or [::1]`);
  }
  return url;
}
