import type Stripe from "stripe";
import { stringBinding } from "../http/bindings.ts";
import { loopbackApiBase } from "../http/loopback.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { loadStripe, type StripeErrors } from "./stripe-sdk.ts";

/**
 * The bindings this module reads. Both are optional: STRIPE_SECRET_KEY is a secret (.dev.vars
 * locally, `wrangler secret put` in production) that may be absent, and STRIPE_API_BASE only
 * exists in tests and offline runs.
 */
type StripeEnv = { STRIPE_SECRET_KEY?: string; STRIPE_API_BASE?: string };

/** Reads the bindings at run time (see stringBinding): a missing or odd one means "not configured". */
function readStripeEnv(env: object): StripeEnv {
  return {
    STRIPE_SECRET_KEY: stringBinding(env, "STRIPE_SECRET_KEY"),
    STRIPE_API_BASE: stringBinding(env, "STRIPE_API_BASE"),
  };
}

export type CheckoutSessionParams = Stripe.Checkout.SessionCreateParams;

export type CreatedCheckoutSession = { id: string; url: string };

/** What the site reads back about a session: its status, the figures to verify, what it created. */
type CheckoutSessionState = {
  id: string;
  status: string | null;
  payment_status: string | null;
  amount_total: number | null;
  currency: string | null;
  subscription: string | null;
  customer: string | null;
};

const idOf = (value: string | { id: string } | null): string | null =>
  value === null ? null : typeof value === "string" ? value : value.id;

/** A catalogue price as Stripe holds it, with what Checkout checks against our catalogue. */
export type StripePrice = {
  id: string;
  lookupKey: string;
  unitAmount: number | null;
  currency: string;
  /** `one_time` or `recurring` (Stripe may add kinds; anything else is refused). */
  type: string;
  /** The billing period of a recurring price (null for a one-time one). */
  interval: string | null;
  intervalCount: number | null;
};

/** Stripe takes at most 10 lookup keys in one list call. */
const LOOKUP_KEYS_PER_CALL = 10;

/** What the site asks of Stripe. */
export type PaymentGateway = {
  /**
   * Which Stripe (account and server) this gateway talks to: a key for what is cached per isolate.
   * Kept in memory only, never logged.
   */
  readonly account: string;
  /** The active prices these lookup keys name, in calls of at most LOOKUP_KEYS_PER_CALL keys. */
  findPricesByLookupKeys(keys: readonly string[]): Promise<StripePrice[]>;
  /** The id of the newest portal configuration whose metadata has this key and value, or null. */
  findPortalConfiguration(metadataKey: string, metadataValue: string): Promise<string | null>;
  createCheckoutSession(params: CheckoutSessionParams, idempotencyKey: string): Promise<CreatedCheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionState>;
  /** Closes a session nobody should pay (its order could not be recorded). */
  expireCheckoutSession(id: string): Promise<void>;
  /**
   * A short-lived page on Stripe where the customer manages their subscription; its url. Null
   * configuration: the account's default one.
   */
  createBillingPortalSession(customerId: string, returnUrl: string, configuration: string | null): Promise<string>;
};

export type StripeClientOptions = { timeoutMs?: number; maxNetworkRetries?: number };

/** Stripe creates a session in well under a second; past 6 s (twice, with the retry) the visitor is better told to try again. */
export const STRIPE_TIMEOUT_MS = 6_000;
/** One retry of a dropped request is safe: every create carries an idempotency key. */
export const STRIPE_MAX_NETWORK_RETRIES = 1;

/** No usable Stripe configuration: the endpoint answers 503 rather than trying. */
export class PaymentsNotConfiguredError extends Error {
  override name = "PaymentsNotConfiguredError";
}

/** Stripe failed, refused or timed out. The message is for logs, never for the browser. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}

/**
 * Stripe refused to create a Checkout Session for what it was asked (a 4xx about the request):
 * the same order would be refused again, so the visitor is asked to contact us rather than retry.
 * A PaymentProviderError still, for any caller that only knows "Stripe did not give a session".
 */
export class PaymentRefusedError extends PaymentProviderError {
  override name = "PaymentRefusedError";
}

/**
 * 4xx answers that are not about the order, so they stay PaymentProviderErrors: 401 and 403 (our
 * key or account: configuration the visitor cannot fix), 404 (the session names no object that
 * could be missing, so the API address itself is wrong), 409 (a concurrent request on the same
 * idempotency key) and 429 (too many requests), the last two cured by trying again.
 */
const NOT_REFUSALS = new Set([401, 403, 404, 409, 429]);

/** Whether Stripe turned the request down for its content: a 4xx other than NOT_REFUSALS. */
function isRefusal(err: unknown, errors: StripeErrors): boolean {
  if (!(err instanceof errors.StripeError) || err.statusCode === undefined) return false;
  // Stripe also signals rate limits and a reused idempotency key with a 400; neither is the order's fault.
  if (err instanceof errors.StripeRateLimitError || err instanceof errors.StripeIdempotencyError) {
    return false;
  }
  return err.statusCode >= 400 && err.statusCode < 500 && !NOT_REFUSALS.has(err.statusCode);
}

/** Stripe has no such Checkout Session (in this account and mode). */
export class CheckoutSessionNotFoundError extends Error {
  override name = "CheckoutSessionNotFoundError";
}

/**
 * Builds the gateway from the worker's env. STRIPE_API_BASE may only name a server on loopback:
 * anywhere else the secret key would be handed to a third party.
 */
export function createPaymentGateway(bindings: object, options: StripeClientOptions = {}): PaymentGateway {
  const { account, client } = stripeClient(bindings, options);
  return {
    account,

    ...catalogueCalls(client),

    async createCheckoutSession(params, idempotencyKey) {
      const { stripe, errors } = await client();
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(params, { idempotencyKey });
      } catch (err) {
        const message = describeStripeError(err, "create", errors);
        if (isRefusal(err, errors)) throw new PaymentRefusedError(message, { cause: err });
        throw new PaymentProviderError(message, { cause: err });
      }
      if (!session.url) throw new PaymentProviderError(`Checkout Session ${session.id} has no url`);
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id) {
      const { stripe, errors } = await client();
      try {
        const session = await stripe.checkout.sessions.retrieve(id);
        return {
          id: session.id,
          status: session.status,
          payment_status: session.payment_status,
          amount_total: session.amount_total,
          currency: session.currency,
          subscription: idOf(session.subscription),
          customer: idOf(session.customer),
        };
      } catch (err) {
        if (err instanceof errors.StripeInvalidRequestError && err.code === "resource_missing") {
          throw new CheckoutSessionNotFoundError(`No Checkout Session ${id}`, { cause: err });
        }
        throw new PaymentProviderError(describeStripeError(err, "retrieve", errors), { cause: err });
      }
    },

    async expireCheckoutSession(id) {
      const { stripe, errors } = await client();
      try {
        await stripe.checkout.sessions.expire(id);
      } catch (err) {
        throw new PaymentProviderError(describeStripeError(err, "expire", errors), { cause: err });
      }
    },

    async createBillingPortalSession(customer, returnUrl, configuration) {
      const { stripe, errors } = await client();
      try {
        const portal = await stripe.billingPortal.sessions.create({
          customer,
          return_url: returnUrl,
          ...(configuration ? { configuration } : {}),
        });
        return portal.url;
      } catch (err) {
        throw new PaymentProviderError(describeStripeError(err, "portal", errors), { cause: err });
      }
    },
  };
}

/**
 * The SDK's client for the env's key and address, made by its first call: what every gateway to
 * Stripe (checkout, refunds) builds on. Throws PaymentsNotConfiguredError.
 */
export function stripeClient(
  bindings: object,
  options: StripeClientOptions = {},
): { account: string; client: StripeClient } {
  const env = readStripeEnv(bindings);
  const key = env.STRIPE_SECRET_KEY?.trim();
  if (!key) throw new PaymentsNotConfiguredError("STRIPE_SECRET_KEY is not set");
  // Checked before the SDK loads, so a bad address is refused at once, as before.
  const address = apiBase(env.STRIPE_API_BASE);

  const client = lazyOnce(async () => {
    const StripeSdk = await loadStripe();
    const stripe = new StripeSdk(key, {
      httpClient: StripeSdk.createFetchHttpClient(),
      timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
      maxNetworkRetries: options.maxNetworkRetries ?? STRIPE_MAX_NETWORK_RETRIES,
      telemetry: false,
      ...address,
    });
    return { stripe, errors: StripeSdk.errors };
  });
  return { account: `${address.host ?? "api.stripe.com"}:${address.port ?? ""}|${key}`, client };
}

export type StripeClient = () => Promise<{ stripe: Stripe; errors: StripeErrors }>;

/** The gateway's reads of our catalogue in Stripe: prices by lookup key, the sync's portal configuration. */
function catalogueCalls(
  client: StripeClient,
): Pick<PaymentGateway, "findPricesByLookupKeys" | "findPortalConfiguration"> {
  return {
    async findPricesByLookupKeys(keys) {
      const { stripe, errors } = await client();
      const batches: string[][] = [];
      for (let i = 0; i < keys.length; i += LOOKUP_KEYS_PER_CALL) batches.push(keys.slice(i, i + LOOKUP_KEYS_PER_CALL));
      try {
        const pages = await Promise.all(
          batches.map((lookup_keys) => stripe.prices.list({ lookup_keys, active: true, limit: LOOKUP_KEYS_PER_CALL })),
        );
        return pages.flatMap((page) => page.data.flatMap(priceOf));
      } catch (err) {
        throw new PaymentProviderError(describeStripeError(err, "prices", errors), { cause: err });
      }
    },

    async findPortalConfiguration(metadataKey, metadataValue) {
      const { stripe, errors } = await client();
      try {
        // One page of the newest 100: the sync makes one configuration and keeps updating it.
        const page = await stripe.billingPortal.configurations.list({ active: true, limit: 100 });
        return page.data.find((configuration) => configuration.metadata?.[metadataKey] === metadataValue)?.id ?? null;
      } catch (err) {
        throw new PaymentProviderError(describeStripeError(err, "portal", errors), { cause: err });
      }
    },
  };
}

/** A price named by a lookup key, as the gateway hands it on; one without a key is not ours. */
function priceOf(price: Stripe.Price): StripePrice[] {
  if (!price.lookup_key) return [];
  return [
    {
      id: price.id,
      lookupKey: price.lookup_key,
      unitAmount: price.unit_amount,
      currency: price.currency,
      type: price.type,
      interval: price.recurring?.interval ?? null,
      intervalCount: price.recurring?.interval_count ?? null,
    },
  ];
}

function apiBase(value: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  const url = loopbackApiBase(value, "STRIPE_API_BASE", (message) => new PaymentsNotConfiguredError(message));
  if (!url) return {};
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/** What the server log says about a failed call: type, status and request id, never the key. */
function describeStripeError(
  err: unknown,
  action: "create" | "retrieve" | "expire" | "portal" | "prices",
  errors: StripeErrors,
): string {
  const what =
    action === "portal"
      ? "Stripe billing portal call failed"
      : action === "prices"
        ? "Stripe price lookup failed"
        : `Stripe checkout session ${action} failed`;
  if (err instanceof errors.StripeError) {
    const parts = [err.type, err.statusCode && `HTTP ${err.statusCode}`, err.code, err.requestId, err.message];
    return `${what}: ${parts.filter(Boolean).join(" | ")}`;
  }
  return `${what}: ${err instanceof Error ? err.message : String(err)}`;
}
