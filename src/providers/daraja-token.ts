import { base64Text, darajaFetch, describeDarajaError, MpesaProviderError } from "./daraja-http.ts";

/** A token is renewed this long before Daraja says it expires, so none expires mid-call. */
const TOKEN_MARGIN_MS = 60_000;

// The token cache: per isolate, per Daraja and consumer key; resolved data only, so a failed fetch
// is never kept. Concurrent first callers share one in-flight fetch.
type TokenConfig = { base: string; key: string; secret: string };
type CachedToken = { token: string; expiresAt: number };
const tokens = new Map<string, CachedToken>();
const inFlight = new Map<string, { startedAt: number; promise: Promise<CachedToken> }>();

const cacheKey = (config: TokenConfig) => `${config.base}|${config.key}`;

export function forgetToken(config: TokenConfig, token: string): void {
  if (tokens.get(cacheKey(config))?.token === token) tokens.delete(cacheKey(config));
}

export async function accessToken(config: TokenConfig, now: () => Date, timeoutMs: number): Promise<string> {
  const key = cacheKey(config);
  const cached = tokens.get(key);
  if (cached && now().getTime() < cached.expiresAt - TOKEN_MARGIN_MS) return cached.token;
  let shared = inFlight.get(key);
  // A fetch started by a request that has since ended may never settle: after its timeout, start afresh.
  if (!shared || Date.now() - shared.startedAt > timeoutMs + 1_000) {
    const promise = fetchToken(config, now, timeoutMs).then((fresh) => {
      tokens.set(key, fresh);
      return fresh;
    });
    const entry = { startedAt: Date.now(), promise };
    shared = entry;
    inFlight.set(key, entry);
    const done = () => {
      if (inFlight.get(key) === entry) inFlight.delete(key);
    };
    promise.then(done, done);
  }
  return (await withDeadline(shared.promise, timeoutMs)).token;
}

/** Each waiter gives up on a shared fetch after its own timeout. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new MpesaProviderError(`Daraja OAuth failed: timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

async function fetchToken(config: TokenConfig, now: () => Date, timeoutMs: number): Promise<CachedToken> {
  const answer = await darajaFetch(
    `${config.base}/oauth/v1/generate?grant_type=client_credentials`,
    "OAuth",
    timeoutMs,
    {
      method: "GET",
      headers: { Authorization: `Basic ${base64Text(`${config.key}:${config.secret}`)}` },
    },
  );
  // Never a refusal: a rejected key is our configuration, not the buyer's request.
  if (answer.status !== 200) throw new MpesaProviderError(describeDarajaError(answer, "OAuth"));
  const { access_token: token, expires_in: expiresIn } = answer.body;
  const seconds = typeof expiresIn === "string" ? Number(expiresIn) : expiresIn;
  if (typeof token !== "string" || !token || typeof seconds !== "number" || !Number.isFinite(seconds) || seconds <= 0) {
    throw new MpesaProviderError(describeDarajaError(answer, "OAuth (no token in the answer)"));
  }
  return { token, expiresAt: now().getTime() + seconds * 1000 };
}
