/**
 * Who the owner of /admin is, and how they signed in. Audit rows record `adminWho(identity)`: the
 * Access e-mail address, or "admin" for Basic auth.
 */
export type AdminIdentity = { method: "access"; email: string } | { method: "basic"; user: string };

export type AdminAuthOptions = {
  /**
   * Fetches the JSON at the team's key URL (`https://<team domain>/cdn-cgi/access/certs`). Default:
   * the global fetch with a 5 s timeout. Tests serve keys they made.
   */
  fetchKeys?: (url: string) => Promise<unknown>;
  /** The clock in milliseconds: the key cache, the token's times, Basic sign-in's minutes (default Date.now; tests). */
  now?: () => number;
};

/** Every answer of /admin, signed in or not: never cached, never indexed, never framed. */
export const ADMIN_PRIVATE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
} as const;
