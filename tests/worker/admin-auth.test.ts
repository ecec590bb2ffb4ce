import { env, exports } from "cloudflare:workers";
import { Hono } from "hono";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { adminWho, authenticateOwner } from "../../src/admin/admin-auth.ts";
import type { AdminAuthOptions } from "../../src/admin/admin-identity.ts";
import type { AppEnv } from "../../src/env.ts";
import { adminSectionPaths } from "../../src/paths.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { envWith } from "./support/env.ts";

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));

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

/** A random /64 of the documentation prefix, as four groups. */
function randomPrefix(): string {
  const [a, b] = Array.from(crypto.getRandomValues(new Uint16Array(2)), (n) => n.toString(16));
  return `2001:db8:${a}:${b}`;
}

function addressIn(prefix: string): string {
  const low = Array.from(crypto.getRandomValues(new Uint16Array(4)), (n) => n.toString(16));
  return `${prefix}:${low.join(":")}`;
}

/**
 * The clock of the Basic tests: half-way through a minute of its own, far from the real clock's, so
 * each test starts with no failures counted, for its clients and overall (the counters live in D1,
 * per minute). Minutes only grow, as real ones do.
 */
let testMinute = Math.floor(Date.now() / 60_000) + 100_000;
let clock = 0;
beforeEach(() => {
  testMinute += 10;
  clock = testMinute * 60_000 + 30_000;
});

async function basicSignIn(
  authorization: string | undefined,
  ip: string,
  overrides: { [K in keyof Env]?: unknown } = {},
) {
  const headers: Record<string, string> = { "CF-Connecting-IP": ip };
  if (authorization) headers.Authorization = authorization;
  const env = envWith({ ACCESS_TEAM_DOMAIN: undefined, ACCESS_AUD: undefined, ...overrides });
  const res = await signInApp({ now: () => clock }).request("https://site.test/admin", { headers }, env);
  const text = await res.text();
  return { res, status: res.status, text };
}

const owner = () => basic("admin", WORKER_ADMIN_PASSWORD);
const guess = (i: number) => basic("admin", `guess-${i}`);
const TOO_MANY_FROM_YOU = "Too many sign-in attempts from your connection. Please wait a minute and try again.";
const TOO_MANY_OVERALL = "Too many sign-in attempts right now. Please wait a minute and try again.";

/** `count` wrong passwords from the addresses `from` gives, one after the other: their statuses. */
async function wrongGuesses(count: number, from: () => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await basicSignIn(guess(i), from())).status);
  return statuses;
}

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
});

describe("Basic sign-in limits: failed attempts only, per client (IPv6 by /64) and overall", () => {
  it("lets the signed-in owner open 100 back-office pages in a minute, all 200", async () => {
    const sections = Object.values(adminSectionPaths);
    const ip = addressIn(randomPrefix());
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const url = `https://site.test${sections[i % sections.length]}`;
      const res = await exports.default.fetch(
        new Request(url, { headers: { Authorization: owner(), "CF-Connecting-IP": ip } }),
      );
      await res.body?.cancel();
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(100).fill(200));
  });

  it("refuses the right password after 10 wrong ones from the same /64 (429, not 200), as it refuses a guess", async () => {
    const prefix = randomPrefix();
    expect(await wrongGuesses(10, () => addressIn(prefix))).toEqual(Array(10).fill(401));

    const right = await basicSignIn(owner(), addressIn(prefix));
    const wrong = await basicSignIn(guess(10), addressIn(prefix));
    for (const refused of [right, wrong]) {
      expect(refused.status).toBe(429);
      expect(refused.text).toBe(TOO_MANY_FROM_YOU);
      expect(refused.res.headers.get("Retry-After")).toBe("60");
      expect(refused.res.headers.get("Cache-Control")).toBe("no-store");
      expect(refused.res.headers.get("WWW-Authenticate")).toBeNull();
    }
    // Nothing tells the right password from a wrong one.
    expect([...right.res.headers]).toEqual([...wrong.res.headers]);

    expect((await basicSignIn(owner(), addressIn(randomPrefix()))).status).toBe(200);
  });

  it("counts only failures: the owner's sign-ins between them use up nothing", async () => {
    const ip = addressIn(randomPrefix());
    expect(await wrongGuesses(9, () => ip)).toEqual(Array(9).fill(401));
    for (let i = 0; i < 30; i++) expect((await basicSignIn(owner(), ip)).status, `sign-in ${i + 1}`).toBe(200);
    expect((await basicSignIn(guess(9), ip)).status).toBe(401);
    expect((await basicSignIn(owner(), ip)).status).toBe(429);
  });

  it("counts a burst: 25 wrong attempts at once count 25, and only 10 of them are judged", async () => {
    const prefix = randomPrefix();
    const burst = await Promise.all(Array.from({ length: 25 }, (_, i) => basicSignIn(guess(i), addressIn(prefix))));
    const statuses = burst.map((attempt) => attempt.status).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(15).fill(429)]);
    expect(await failuresCounted(`${prefix}::/64`)).toBe(25);
    expect((await basicSignIn(owner(), addressIn(prefix))).status).toBe(429);
  });

  it("leaves another /64 unaffected until the overall ceiling of 60 failures a minute", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // One /64 past its own limit: its refused attempts do not use up what the others share.
    const locked = randomPrefix();
    expect(await wrongGuesses(40, () => addressIn(locked))).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
    expect(await failuresCounted("all")).toBe(10);

    // 49 more failures from as many /64s: 59 overall, and a new /64 still signs in.
    expect(await wrongGuesses(49, () => addressIn(randomPrefix()))).toEqual(Array(49).fill(401));
    expect((await basicSignIn(owner(), addressIn(randomPrefix()))).status).toBe(200);
    expect(warn).not.toHaveBeenCalled();

    // The 60th failure reaches the ceiling: from then on every client waits, the owner included.
    expect((await basicSignIn(guess(60), addressIn(randomPrefix()))).status).toBe(401);
    const limited = await basicSignIn(owner(), addressIn(randomPrefix()));
    expect(limited.status).toBe(429);
    expect(limited.text).toBe(TOO_MANY_OVERALL);
    expect(limited.res.headers.get("Retry-After")).toBe("60");
    expect(loggedLines(warn).map((line) => line.message)).toContainEqual(
      expect.stringContaining("over the overall limit"),
    );

    // The next minute starts afresh.
    clock += 60_000;
    expect((await basicSignIn(owner(), addressIn(locked))).status).toBe(200);
  });

  it("counts every address of a /64 as one client, and an IPv4-mapped address as the IPv4 one", async () => {
    const prefix = "2001:db8:1:2";
    for (const ip of ["2001:db8:1:2::1", "2001:DB8:1:2:ffff:eeee:dddd:cccc", "[2001:db8:1:2::9%eth0]"]) {
      expect(await wrongGuesses(3, () => ip)).toEqual(Array(3).fill(401));
    }
    expect((await basicSignIn(guess(9), addressIn(prefix))).status).toBe(401);
    expect((await basicSignIn(owner(), addressIn(prefix))).status).toBe(429);
    expect((await basicSignIn(owner(), "2001:db8:1:3::1")).status).toBe(200);

    expect(await wrongGuesses(5, () => "::ffff:203.0.113.7")).toEqual(Array(5).fill(401));
    expect(await wrongGuesses(5, () => "203.0.113.7")).toEqual(Array(5).fill(401));
    expect((await basicSignIn(owner(), "203.0.113.7")).status).toBe(429);
    expect((await basicSignIn(owner(), "203.0.113.8")).status).toBe(200);
  });

  it("does not count requests without usable credentials (the browser's first request)", async () => {
    const ip = addressIn(randomPrefix());
    for (const auth of [undefined, "Basic %%%", "Bearer abc"]) {
      for (let i = 0; i < 10; i++) expect((await basicSignIn(auth, ip)).status).toBe(401);
    }
    expect((await basicSignIn(owner(), ip)).status).toBe(200);
  });

  it("keeps only the current minute's counters: past windows are deleted as sign-ins come in", async () => {
    const ip = "198.51.100.20";
    await wrongGuesses(3, () => ip);
    expect(await failuresCounted(ip)).toBe(3);
    clock += 60_000;
    expect((await basicSignIn(owner(), addressIn(randomPrefix()))).status).toBe(200);
    const { count } = (await env.DB.prepare(
      "SELECT count(*) AS count FROM admin_sign_in_failures WHERE window_minute < ?",
    )
      .bind(Math.floor(clock / 60_000))
      .first<{ count: number }>()) ?? { count: -1 };
    expect(count).toBe(0);
  });

  it("answers 503 (never 200 or 500) when the counters cannot be read, and logs why", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = { prepare: () => ({ bind: () => ({}) }), batch: async () => Promise.reject(new Error("D1 down")) };
    for (const auth of [owner(), guess(1)]) {
      const { status, text, res } = await basicSignIn(auth, addressIn(randomPrefix()), { DB: broken });
      expect(status).toBe(503);
      expect(text).toBe("Sign-in is unavailable for a moment. Please try again shortly.");
      expect(res.headers.get("Retry-After")).toBe("30");
    }
    expect(loggedLines(error).map((line) => line.message)).toContainEqual(
      expect.stringContaining("sign-in failures could not be counted"),
    );
  });
});

/** The attempts counted against a bucket (a client, or "all") in the test's minute. */
async function failuresCounted(bucket: string): Promise<number> {
  const row = await env.DB.prepare("SELECT failures FROM admin_sign_in_failures WHERE bucket = ? AND window_minute = ?")
    .bind(bucket, Math.floor(clock / 60_000))
    .first<{ failures: number }>();
  return row?.failures ?? 0;
}
