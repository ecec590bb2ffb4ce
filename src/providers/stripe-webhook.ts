import type Stripe from "stripe";
import { lazyOnce } from "../lib/lazy-once.ts";
import { loadStripe } from "./stripe-sdk.ts";

/** Stripe's recommended window: a signed event older than this is refused as a possible replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The SDK and its crypto provider, made by the first webhook. The synchronous Node crypto provider
 * does not exist in workerd; Web Crypto does.
 */
const webhookVerifier = lazyOnce(async () => {
  const StripeSdk = await loadStripe();
  return { webhooks: StripeSdk.webhooks, crypto: StripeSdk.createSubtleCryptoProvider() };
});

/** A webhook request that is not a fresh, well-formed event signed with our secret. */
export class WebhookVerificationError extends Error {
  override name = "WebhookVerificationError";
}

/**
 * The signing times (`t=`) a Stripe-Signature header names. The SDK refuses only old ones, so a
 * header stamped ahead of our clock is checked here.
 */
function signatureTimestamps(signature: string): number[] {
  return signature
    .split(",")
    .map((part) => part.trim().split("="))
    .filter(([key]) => key === "t")
    .map(([, value]) => Number(value));
}

/** Whether any signing time is more than the tolerance ahead of now (a clock wildly off, or a payload signed to be replayed later). */
function signedInTheFuture(signature: string, nowSeconds: number): boolean {
  return signatureTimestamps(signature).some((t) => Number.isFinite(t) && t > nowSeconds + WEBHOOK_TOLERANCE_SECONDS);
}

/**
 * Checks a webhook's Stripe-Signature against the raw body and the endpoint's signing secret, and
 * parses the event. Throws WebhookVerificationError for anything unsigned, forged, malformed, or
 * signed more than the tolerance before or after now.
 */
export async function verifyStripeWebhook(rawBody: string, signature: string, secret: string): Promise<Stripe.Event> {
  const { webhooks, crypto } = await webhookVerifier();
  let event: Stripe.Event;
  try {
    event = await webhooks.constructEventAsync(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, crypto);
  } catch (err) {
    const reason = err instanceof Error ? err.message.split("\n")[0] : String(err);
    throw new WebhookVerificationError(`Stripe webhook refused: ${reason}`, { cause: err });
  }
  if (signedInTheFuture(signature, Math.floor(Date.now() / 1000))) {
    throw new WebhookVerificationError(
      `Stripe webhook refused: its timestamp is more than ${WEBHOOK_TOLERANCE_SECONDS} s in the future`,
    );
  }
  return event;
}
