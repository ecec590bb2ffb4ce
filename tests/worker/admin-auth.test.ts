import { Hono } from "hono";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppEnv } from "../../src/env.ts";
import { type AdminAuthOptions, adminWho, authenticateOwner } from "../../src/security/admin-auth.ts";
import { WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { envWith } from "./support/env.ts";

const OWNER = "owner@acacia-it.example";
const CHALLENGE = 'Basic realm="Acacia admin", charset="UTF-8"';

/** A tiny app answering with the identity as JSON, or with authenticateOwner's Response. */
function signInApp(options?: AdminAuthOptions) {
  return new Hono<AppEnv>().get("/admin", async (c) => {
    const who = await authenticateOwner(c, options);
    return who instanceof Response ? who : c.json({ ...who, who: adminWho(who) });
  });
}

function basic(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** Lines the worker logged at one level, parsed (each is one JSON object). */
function loggedLines(spy: { mock: { calls: unknown[][] } }): { level?: string; message?: string }[] {
  return spy.mock.calls.map((args) => JSON.parse(String(args[0])));
}

afterEach(() => {
  vi.restoreAllMocks();
});

// --- Cloudflare Access -------------------------------------------------------------------------

type SigningKey = { kid: string; privateKey: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"]; jwk: JWK };

async function signingKey(kid: string): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  return { kid, privateKey, jwk };
}

let current: SigningKey;
let next: SigningKey;
let stranger: SigningKey;

beforeAll(async () => {
  [current, next, stranger] = await Promise.all([
    signingKey(`kid-current-${crypto.randomUUID()}`),
    signingKey(`kid-next-${crypto.randomUUID()}`),
    signingKey(`kid-stranger-${crypto.randomUUID()}`),
  ]);
});

/**
 * A Zero Trust team of its own for each test (so the module's key cache, kept per team, starts
 * empty): its domain, the application's AUD tag, the keys it publishes, a clock, and every fetch of
 * its key URL.
 */
function team(published: SigningKey[] = [current]) {
  const name = `t${crypto.randomUUID().slice(0, 8)}`;
  const state = {
    domain: `${name}.cloudflareaccess.com`,
    aud: Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join(""),
    published,
    failing: false,
    clock: Date.now(),
    fetches: [] as string[],
  };
  const options: AdminAuthOptions = {
    now: () => state.clock,
    fetchKeys: async (url) => {
      state.fetches.push(url);
      if (state.failing) throw new Error("key URL unreachable");
      // The shape Access publishes: the JWKs, and the same keys as PEM (ignored).
      return { keys: state.published.map((key) => key.jwk), public_cert: { kid: "x", cert: "-----BEGIN…" } };
    },
  };
  return { state, options, issuer: `https://${state.domain}` };
}
type Team = ReturnType<typeof team>;

type Claims = {
  iss?: string;
  aud?: string | string[];
  email?: string | null;
  iat?: number;
  nbf?: number;
  exp?: number;
};

/** An Access application token for the team, as Access makes them; claims and kid overridable. */
async function accessToken(t: Team, key: SigningKey, claims: Claims = {}, kid: string = key.kid): Promise<string> {
  const now = Math.floor(t.state.clock / 1000);
  const payload: Record<string, unknown> = {
    type: "app",
    identity_nonce: crypto.randomUUID(),
    country: "KE",
  };
  if (claims.email !== null) payload.email = claims.email ?? OWNER;
  const jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", kid })
    .setIssuer(claims.iss ?? t.issuer)
    .setAudience(claims.aud ?? [t.state.aud])
    .setSubject(crypto.randomUUID())
    .setIssuedAt(claims.iat ?? now)
    .setNotBefore(claims.nbf ?? now);
  if (claims.exp !== -1) jwt.setExpirationTime(claims.exp ?? now + 24 * 3600);
  return jwt.sign(key.privateKey);
}

function accessEnv(t: Team, extra: { [K in keyof Env]?: unknown } = {}) {
  return envWith({ ACCESS_TEAM_DOMAIN: t.state.domain, ACCESS_AUD: t.state.aud, ...extra });
}

async function signIn(t: Team, headers: Record<string, string>, env = accessEnv(t)) {
  const res = await signInApp(t.options).request("https://site.test/admin", { headers }, env);
  const text = await res.text();
  return {
    res,
    status: res.status,
    text,
    json: res.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : null,
  };
}

const withToken = (token: string) => ({ "Cf-Access-Jwt-Assertion": token, "CF-Connecting-IP": "203.0.113.50" });

/** A JWT with the given header, signed (or not) with what the caller gives. */
function rawJwt(header: object, payload: object, signature = ""): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  return `${part(header)}.${part(payload)}.${signature}`;
}

describe("Cloudflare Access sign-in (ACCESS_TEAM_DOMAIN and ACCESS_AUD set)", () => {
  it("accepts a valid Access token: the identity is its e-mail address", async () => {
    const t = team();
    const { status, json, res } = await signIn(t, withToken(await accessToken(t, current)));
    expect(status).toBe(200);
    expect(json).toEqual({ method: "access", email: OWNER, who: OWNER });
    expect(res.headers.get("WWW-Authenticate")).toBeNull();
    expect(t.state.fetches).toEqual([`https://${t.state.domain}/cdn-cgi/access/certs`]);
  });

  it("accepts a small clock skew (a token just expired, or valid a few seconds from now)", async () => {
    const t = team();
    const now = Math.floor(t.state.clock / 1000);
    expect((await signIn(t, withToken(await accessToken(t, current, { exp: now - 5 })))).status).toBe(200);
    expect((await signIn(t, withToken(await accessToken(t, current, { nbf: now + 5, iat: now + 5 })))).status).toBe(
      200,
    );
  });

  it("reads the team domain written with https:// and a slash, or as the bare team name", async () => {
    const t = team();
    const token = await accessToken(t, current);
    for (const domain of [`https://${t.state.domain}/`, t.state.domain.replace(".cloudflareaccess.com", "")]) {
      const { status } = await signIn(t, withToken(token), accessEnv(t, { ACCESS_TEAM_DOMAIN: domain }));
      expect(status, domain).toBe(200);
    }
  });

  const refusals: [string, (t: Team) => Promise<Record<string, string>>, string][] = [
    ["no token at all", async () => ({ "CF-Connecting-IP": "203.0.113.50" }), "no Access token"],
    [
      "an expired token",
      async (t) => {
        const now = Math.floor(t.state.clock / 1000);
        return withToken(await accessToken(t, current, { iat: now - 7200, nbf: now - 7200, exp: now - 60 }));
      },
      "ERR_JWT_EXPIRED",
    ],
    [
      "a token not yet valid",
      async (t) => withToken(await accessToken(t, current, { nbf: Math.floor(t.state.clock / 1000) + 120 })),
      "nbf",
    ],
    [
      "another application's token (wrong audience)",
      async (t) => withToken(await accessToken(t, current, { aud: ["another-application-aud"] })),
      "aud",
    ],
    [
      "another team's token (wrong issuer)",
      async (t) => withToken(await accessToken(t, current, { iss: "https://someone-else.cloudflareaccess.com" })),
      "iss",
    ],
    [
      "a token signed by another key under the team's kid",
      async (t) => withToken(await accessToken(t, stranger, {}, current.kid)),
      "ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
    ],
    [
      "a token without an e-mail address (a service token)",
      async (t) => withToken(await accessToken(t, current, { email: null })),
      "email",
    ],
    ["a token that never expires", async (t) => withToken(await accessToken(t, current, { exp: -1 })), "exp"],
    [
      "an HS256 token (keyed with a guessable secret)",
      async (t) => {
        const now = Math.floor(t.state.clock / 1000);
        const token = await new SignJWT({ email: OWNER })
          .setProtectedHeader({ alg: "HS256", kid: current.kid })
          .setIssuer(t.issuer)
          .setAudience(t.state.aud)
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(new TextEncoder().encode("a-secret-anyone-could-pick-0123456789"));
        return withToken(token);
      },
      "RS256",
    ],
    [
      "an unsigned token (alg none)",
      async (t) => {
        const now = Math.floor(t.state.clock / 1000);
        return withToken(
          rawJwt({ alg: "none", kid: current.kid }, { email: OWNER, iss: t.issuer, aud: t.state.aud, exp: now + 60 }),
        );
      },
      "RS256",
    ],
    ["not a JWT", async () => withToken("not.a.jwt"), "not a JWT"],
    [
      "a Basic header with the right password instead of a token",
      async () => ({ Authorization: basic("admin", WORKER_ADMIN_PASSWORD), "CF-Connecting-IP": "203.0.113.50" }),
      "no Access token",
    ],
  ];

  it.each(refusals)("refuses %s with a short 403, and logs why", async (_name, headers, why) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = team();
    const { status, res, text } = await signIn(t, await headers(t));
    expect(status).toBe(403);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("WWW-Authenticate")).toBeNull();
    expect(text).toBe("Access denied. Sign in through Cloudflare Access as the site owner.");
    const refusal = loggedLines(warn).find((line) => line.message?.startsWith("Admin sign-in refused"));
    expect(refusal?.message).toContain(why);
    expect(refusal).toMatchObject({ level: "warn", path: "/admin" });
  });

  it("fetches no keys for a request without a token or with a token of another algorithm", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = team();
    await signIn(t, { Authorization: basic("admin", WORKER_ADMIN_PASSWORD) });
    await signIn(t, withToken(rawJwt({ alg: "HS256", kid: "forged" }, { email: OWNER }, "c2ln")));
    expect(t.state.fetches).toEqual([]);
  });

  it("answers 503 (and logs an error) when only one of the two settings is set: it never falls back to Basic", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const t = team();
    const headers = { Authorization: basic("admin", WORKER_ADMIN_PASSWORD), "CF-Connecting-IP": "203.0.113.51" };
    for (const env of [accessEnv(t, { ACCESS_AUD: "" }), accessEnv(t, { ACCESS_TEAM_DOMAIN: undefined })]) {
      const { status } = await signIn(t, headers, env);
      expect(status).toBe(503);
    }
    expect((await signIn(t, headers, accessEnv(t, { ACCESS_TEAM_DOMAIN: "not a domain!" }))).status).toBe(503);
    expect(loggedLines(error).map((line) => line.message)).toEqual([
      expect.stringContaining("ACCESS_TEAM_DOMAIN is set without ACCESS_AUD"),
      expect.stringContaining("ACCESS_AUD is set without ACCESS_TEAM_DOMAIN"),
      expect.stringContaining("not a host name"),
    ]);
  });
});

describe("Access keys: fetched once, kept, refetched when stale or for a new kid", () => {
  it("fetches the keys once for two requests", async () => {
    const t = team();
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);
    t.state.clock += 1000;
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);
    expect(t.state.fetches).toHaveLength(1);
  });

  it("refetches once for an unknown kid (at most once per 30 s), then refuses it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = team();
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);
    expect(t.state.fetches).toHaveLength(1);

    t.state.clock += 31_000;
    expect((await signIn(t, withToken(await accessToken(t, stranger)))).status).toBe(403);
    expect(t.state.fetches).toHaveLength(2);

    // More made-up kids right after: no more fetches.
    for (let i = 0; i < 5; i++) {
      t.state.clock += 1000;
      const forged = await accessToken(t, stranger, {}, `forged-${i}`);
      expect((await signIn(t, withToken(forged))).status).toBe(403);
    }
    expect(t.state.fetches).toHaveLength(2);
    // The team's own key still signs in from the cache.
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);
    expect(t.state.fetches).toHaveLength(2);
  });

  it("picks up rotated keys when a token names a new kid; the previous key keeps working", async () => {
    const t = team([current]);
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);

    t.state.published = [next, current]; // Access publishes the new key, keeps the previous one a while
    t.state.clock += 45_000;
    const rotated = await signIn(t, withToken(await accessToken(t, next)));
    expect(rotated.status).toBe(200);
    expect(rotated.json).toMatchObject({ method: "access", email: OWNER });
    expect(t.state.fetches).toHaveLength(2);
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);
    expect(t.state.fetches).toHaveLength(2);
  });

  it("refetches keys older than 10 minutes, and keeps the cached ones when that fetch fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = team();
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);
    t.state.clock += 9 * 60_000;
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);
    expect(t.state.fetches).toHaveLength(1);

    t.state.clock += 2 * 60_000;
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);
    expect(t.state.fetches).toHaveLength(2);

    t.state.clock += 11 * 60_000;
    t.state.failing = true;
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);
    expect(t.state.fetches).toHaveLength(3);
    expect(loggedLines(warn).map((line) => line.message)).toContain(
      "Access keys could not be fetched: the cached ones are used.",
    );
    // While the URL is down, it is asked again at most every 30 s.
    t.state.clock += 5_000;
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);
    expect(t.state.fetches).toHaveLength(3);
  });

  it("answers 503 when no keys are cached and the fetch fails, and tries again 30 s later", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = team();
    t.state.failing = true;
    const first = await signIn(t, withToken(await accessToken(t, current)));
    expect(first.status).toBe(503);
    expect(first.res.headers.get("Retry-After")).toBe("30");
    t.state.clock += 1000;
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(503);
    expect(t.state.fetches).toHaveLength(1);

    t.state.failing = false;
    t.state.clock += 30_000;
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(200);
    expect(t.state.fetches).toHaveLength(2);
  });

  it("treats a key document without keys as a failed fetch", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = team([]);
    expect((await signIn(t, withToken(await accessToken(t, current)))).status).toBe(503);
  });
});

// --- HTTP Basic ----------------------------------------------------------------------------------

/** A limiter that counts per key and records every key it is asked about. */
function countingLimiter(limit: number) {
  const counts = new Map<string, number>();
  const keys: string[] = [];
  const limiter: RateLimit = {
    limit: async ({ key }) => {
      keys.push(key);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { success: count <= limit };
    },
  };
  return { limiter, keys };
}

/** A random /64 of the documentation prefix, as four groups. */
function randomPrefix(): string {
  const [a, b] = Array.from(crypto.getRandomValues(new Uint16Array(2)), (n) => n.toString(16));
  return `2001:db8:${a}:${b}`;
}

function addressIn(prefix: string): string {
  const low = Array.from(crypto.getRandomValues(new Uint16Array(4)), (n) => n.toString(16));
  return `${prefix}:${low.join(":")}`;
}

async function basicSignIn(
  authorization: string | undefined,
  ip: string,
  overrides: { [K in keyof Env]?: unknown } = {},
) {
  const headers: Record<string, string> = { "CF-Connecting-IP": ip };
  if (authorization) headers.Authorization = authorization;
  // The real ADMIN_GLOBAL_LIMITER counts every sign-in of the whole suite: an unlimited stand-in
  // unless the test gives its own.
  const env = envWith({
    ACCESS_TEAM_DOMAIN: undefined,
    ACCESS_AUD: undefined,
    ADMIN_GLOBAL_LIMITER: countingLimiter(Number.MAX_SAFE_INTEGER).limiter,
    ...overrides,
  });
  const res = await signInApp().request("https://site.test/admin", { headers }, env);
  const text = await res.text();
  return { res, status: res.status, text };
}

const owner = () => basic("admin", WORKER_ADMIN_PASSWORD);

describe("HTTP Basic sign-in (Access not configured)", () => {
  it("signs the owner in with user admin and ADMIN_PASSWORD: the identity is 'admin'", async () => {
    const { status, text } = await basicSignIn(owner(), addressIn(randomPrefix()));
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({ method: "basic", user: "admin", who: "admin" });
  });

  it.each([
    ["no credentials", undefined],
    ["a wrong password", basic("admin", "not-the-password")],
    ["a wrong user", basic("owner", WORKER_ADMIN_PASSWORD)],
    ["not base64", "Basic %%%"],
    ["an Access-style bearer token", "Bearer abc.def.ghi"],
  ])("answers %s with the Basic challenge (401)", async (_name, auth) => {
    const { status, res, text } = await basicSignIn(auth, addressIn(randomPrefix()));
    expect(status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toBe(CHALLENGE);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(text).toBe("Sign-in required. This page is for the site owner.");
  });

  it.each([
    ["unset", undefined],
    ["empty", ""],
  ])("is 404 when ADMIN_PASSWORD is %s, whatever the credentials", async (_name, value) => {
    for (const auth of [undefined, owner()]) {
      const { status, res } = await basicSignIn(auth, addressIn(randomPrefix()), { ADMIN_PASSWORD: value });
      expect(status).toBe(404);
      expect(res.headers.get("WWW-Authenticate")).toBeNull();
    }
  });

  it("limits attempts per IPv6 /64: the 11th from 11 addresses of one /64 waits, another /64 gets in", async () => {
    // The real ADMIN_LOGIN_LIMITER (wrangler.toml: 10 a minute). Its local emulation counts in
    // windows aligned to the wall clock's minutes: a run that straddles one is tried once more.
    const global = countingLimiter(Number.MAX_SAFE_INTEGER);
    const limiters = { ADMIN_GLOBAL_LIMITER: global.limiter };
    const run = async () => {
      const prefix = randomPrefix();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push((await basicSignIn(basic("admin", `guess-${i}`), addressIn(prefix), limiters)).status);
      }
      const limited = await basicSignIn(owner(), addressIn(prefix), limiters);
      return { statuses, limited };
    };
    const minute = () => Math.floor(Date.now() / 60_000);
    let started = minute();
    let attempt = await run();
    if (minute() !== started) {
      started = minute();
      global.keys.length = 0;
      attempt = await run();
    }
    expect(minute(), "the retried run also straddled a minute").toBe(started);

    expect(attempt.statuses).toEqual(Array(10).fill(401));
    expect(attempt.limited.status).toBe(429);
    expect(attempt.limited.res.headers.get("Retry-After")).toBe("60");
    expect(attempt.limited.res.headers.get("Cache-Control")).toBe("no-store");
    expect(attempt.limited.text).toBe(
      "Too many sign-in attempts from your connection. Please wait a minute and try again.",
    );
    // The /64's 11th attempt was stopped before the global limiter, which counted only 10.
    expect(global.keys).toEqual(Array(10).fill("all"));

    const elsewhere = await basicSignIn(owner(), addressIn(randomPrefix()), limiters);
    expect(elsewhere.status).toBe(200);
  });

  it("counts the 11 addresses of one /64 as one client with a limiter of its own, deterministically", async () => {
    const perClient = countingLimiter(10);
    const limiters = { ADMIN_LOGIN_LIMITER: perClient.limiter };
    const prefix = randomPrefix();
    for (let i = 0; i < 10; i++) {
      expect((await basicSignIn(basic("admin", `guess-${i}`), addressIn(prefix), limiters)).status).toBe(401);
    }
    expect((await basicSignIn(owner(), addressIn(prefix), limiters)).status).toBe(429);
    expect((await basicSignIn(owner(), addressIn(randomPrefix()), limiters)).status).toBe(200);
    expect(new Set(perClient.keys.slice(0, 11))).toEqual(new Set([`${prefix}::/64`]));
  });

  it("keys the per-client limiter by /64 (IPv6) or address (IPv4, also IPv4-mapped), and counts only attempts with credentials", async () => {
    const perClient = countingLimiter(Number.MAX_SAFE_INTEGER);
    const global = countingLimiter(Number.MAX_SAFE_INTEGER);
    const limiters = { ADMIN_LOGIN_LIMITER: perClient.limiter, ADMIN_GLOBAL_LIMITER: global.limiter };
    await basicSignIn(undefined, "2001:db8:1:2::1", limiters);
    await basicSignIn(owner(), "2001:DB8:1:2::1", limiters);
    await basicSignIn(owner(), "2001:db8:1:2:ffff:eeee:dddd:cccc", limiters);
    await basicSignIn(owner(), "[2001:db8:1:2::9%eth0]", limiters);
    await basicSignIn(owner(), "::ffff:203.0.113.7", limiters);
    await basicSignIn(owner(), "203.0.113.7", limiters);
    expect(perClient.keys).toEqual([
      "2001:db8:1:2::/64",
      "2001:db8:1:2::/64",
      "2001:db8:1:2::/64",
      "203.0.113.7",
      "203.0.113.7",
    ]);
    expect(global.keys).toEqual(Array(5).fill("all"));
  });

  it("limits attempts overall: many /64s together hit the global limiter (429, logged)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const global = countingLimiter(5);
    for (let i = 0; i < 5; i++) {
      const { status } = await basicSignIn(basic("admin", `guess-${i}`), addressIn(randomPrefix()), {
        ADMIN_GLOBAL_LIMITER: global.limiter,
      });
      expect(status, `attempt ${i + 1}`).toBe(401);
    }
    const limited = await basicSignIn(owner(), addressIn(randomPrefix()), { ADMIN_GLOBAL_LIMITER: global.limiter });
    expect(limited.status).toBe(429);
    expect(limited.res.headers.get("Retry-After")).toBe("60");
    expect(limited.text).toBe("Too many sign-in attempts right now. Please wait a minute and try again.");
    expect(loggedLines(warn).map((line) => line.message)).toContainEqual(
      expect.stringContaining("over the overall limit"),
    );
  });

  it("still signs in when a limiter binding is missing (and says so in the log)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { status } = await basicSignIn(owner(), addressIn(randomPrefix()), { ADMIN_GLOBAL_LIMITER: undefined });
    expect(status).toBe(200);
    expect(loggedLines(warn).map((line) => line.message)).toContainEqual(
      expect.stringContaining("Rate limiter missing"),
    );
  });
});
